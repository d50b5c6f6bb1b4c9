import { createHash } from "node:crypto";
import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { answerNotifications as mails, answerStates, contributionAnswers, results } from "~/db/schema";
import type { ContributionType } from "~/domain/contributions";
import type { AppContext } from "~/infra/app-context.server";
import { errorFields, log } from "~/infra/log.server";
import { translator } from "~/i18n/catalogues.server";
import { LOCALES, type Locale } from "~/i18n/locales";
import { OF_SITE_NAME, SITE_NAME } from "~/lib/seo";
import { BACKOFF_MS, LEASE_MS, MAX_ATTEMPTS } from "~/models/newsletter-send.server";
import { renderBody } from "~/models/newsletter-mail.server";
import { contributionHref, localePaths } from "~/lib/routes";
import { localized, type Localized } from "~/lib/translations";
import { signedLinks } from "~/models/newsletter.server";
import { CONTRIBUTION_KINDS } from "~/models/contributions.server";

// The author hears back (issue 31, decision 068). When an answer is published, its author gets one
// e-mail if they left an address and ticked "Vull rebre la resposta de l'Ajuntament per correu"
// (answer_consent: never the newsletter's consent). The publication writes a row in the answers'
// mail queue in its own transaction (queueAnswerMails); the row is unique per answer, so publishing
// again, editing the answer or publishing all after a restart never writes a second one. A worker
// sends the queue as the newsletter's is sent (claimed, leased, retried with backoff, 'failed' with
// the server's reason, which staff read on the answering screen).

type SendCtx = Pick<AppContext, "db" | "env" | "mailer" | "sessionSecret">;

// The way out (issue 31, decision 078): every answer e-mail carries a signed link (and the
// List-Unsubscribe headers) that withdraws the author's consent to hear back, for every contribution
// sent from the same address; what is still queued for them is then dropped by the sender.
const links = signedLinks("answer-mail-links");
export const answerMailStopUrl = (ctx: Pick<AppContext, "env" | "sessionSecret">, answerId: string, locale: Locale) =>
  `${ctx.env.PUBLIC_URL}${localePaths(locale).answerMailStop(links.unsubscribeToken(ctx.sessionSecret, answerId))}`;
export const answerMailStopToken = links.unsubscribeToken;

/** The digest of an answer's text as an e-mail carried it (what "the text changed" compares). */
export const answerTextDigest = (text: string) => createHash("sha256").update(text.trim()).digest("hex");

/** The kinds whose authors may ask for the answer: those with an e-mail and the consent. */
const KINDS_WITH_CONSENT = (["reflection", "map_comment"] as const).map((type) => ({
  type,
  table: CONTRIBUTION_KINDS[type].table as typeof CONTRIBUTION_KINDS.reflection.table | typeof CONTRIBUTION_KINDS.map_comment.table,
}));

/** Queues the e-mail of every published answer whose public contribution's author asked for it and
 * has none queued or sent yet. Runs inside the publication's transaction. Answers how many. */
export async function queueAnswerMails(tx: Db, only?: string, now = new Date()): Promise<number> {
  const consenting = sql.join(
    KINDS_WITH_CONSENT.map(
      (k) => sql`(a.contribution_type = ${k.type} and exists (select 1 from ${k.table} c where c.id = a.contribution_id
        and c.status = 'published' and c.answer_consent and c.email is not null))`,
    ),
    sql` or `,
  );
  const result = (await tx.execute(sql`insert into ${mails} (answer_id, next_attempt_at)
      select a.id, ${now.toISOString()} from ${contributionAnswers} a
      where a.published_at is not null and (${consenting}) ${only ? sql`and a.id = ${only}` : sql``}
        and not exists (select 1 from ${mails} m where m.answer_id = a.id)
      on conflict (answer_id) do nothing
      returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** What the author has had of an answer by e-mail: nothing (no row: no consent, or not yet
 * published), queued, sent (with the digest of the text it carried) or failed. */
export async function answerMailOf(db: Db, answerId: string) {
  const [row] = await db
    .select({ status: mails.status, sentTextHash: mails.sentTextHash, round: mails.round })
    .from(mails)
    .where(eq(mails.answerId, answerId));
  return row ?? null;
}

/** Queues a sent answer's e-mail again (staff chose to tell the author that its text changed):
 * only a 'sent' row whose digest differs from `digest`, so a double click queues it once. */
export async function requeueAnswerMail(tx: Db, answerId: string, digest: string, now = new Date()): Promise<boolean> {
  const rows = await tx
    .update(mails)
    .set({ status: "queued", attempts: 0, nextAttemptAt: now, leaseUntil: null, lastError: null, round: sql`${mails.round} + 1` })
    .where(and(eq(mails.answerId, answerId), eq(mails.status, "sent"), sql`${mails.sentTextHash} is distinct from ${digest}`))
    .returning({ id: mails.id });
  return rows.length > 0;
}

/** What the way-out link's page shows before its button: the author still receives answers, or
 * no longer does, or the link is not one of ours. */
export async function answerMailStopState(ctx: Pick<AppContext, "db" | "sessionSecret">, token: string) {
  const author = await authorOf(ctx, token);
  if (author === "invalid") return "invalid" as const;
  return author && (await consentingRefs(ctx.db, author)).length ? ("receiving" as const) : ("gone" as const);
}

/** Withdraws the consent to hear back from every contribution of the author's address (reflections
 * and map comments), and drops what is queued for them. Idempotent. */
export async function stopAnswerMails(ctx: Pick<AppContext, "db" | "sessionSecret">, token: string): Promise<"gone" | "invalid"> {
  const author = await authorOf(ctx, token);
  if (author === "invalid") return "invalid";
  if (!author) return "gone";
  await ctx.db.transaction(async (tx) => {
    for (const k of KINDS_WITH_CONSENT) {
      const stopped = await tx
        .update(k.table)
        .set({ answerConsent: false })
        .where(and(sql`lower(${k.table.email}) = ${author}`, eq(k.table.answerConsent, true)))
        .returning({ id: k.table.id });
      if (!stopped.length) continue;
      const answers = tx
        .select({ id: contributionAnswers.id })
        .from(contributionAnswers)
        .where(
          and(
            eq(contributionAnswers.contributionType, k.type),
            inArray(
              contributionAnswers.contributionId,
              stopped.map((r) => r.id),
            ),
          ),
        );
      await tx.delete(mails).where(and(inArray(mails.answerId, answers), eq(mails.status, "queued")));
    }
  });
  return "gone";
}

/** The lower-cased address behind a way-out link (null: the answer or its address is gone). */
async function authorOf(ctx: Pick<AppContext, "db" | "sessionSecret">, token: string): Promise<string | null | "invalid"> {
  const answerId = links.readUnsubscribeToken(ctx.sessionSecret, token);
  if (!answerId) return "invalid";
  const [answer] = await ctx.db
    .select({ type: contributionAnswers.contributionType, id: contributionAnswers.contributionId })
    .from(contributionAnswers)
    .where(eq(contributionAnswers.id, answerId));
  const kind = KINDS_WITH_CONSENT.find((k) => k.type === answer?.type);
  if (!answer || !kind) return null;
  const [c] = await ctx.db.select({ email: kind.table.email }).from(kind.table).where(eq(kind.table.id, answer.id));
  return c?.email ? c.email.toLowerCase() : null;
}

async function consentingRefs(db: Db, email: string) {
  const refs: string[] = [];
  for (const k of KINDS_WITH_CONSENT) {
    const rows = await db
      .select({ id: k.table.id })
      .from(k.table)
      .where(and(sql`lower(${k.table.email}) = ${email}`, eq(k.table.answerConsent, true)));
    refs.push(...rows.map((r) => `${k.type}:${r.id}`));
  }
  return refs;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const OF_SITE: Record<Locale, string> = { ca: OF_SITE_NAME, es: `de ${SITE_NAME}`, en: SITE_NAME };

/** The e-mail: in the language the contribution was written in; the contribution, the answer's
 * state and text (Markdown rendered as the site renders it), and the link to it on the site. Staff
 * write the answer in Catalan, and the state's label in three languages (decision 062): a Catalan
 * text inside another language is marked so (WCAG 3.1.2). */
export function answerMailMessage(input: {
  publicUrl: string;
  locale: Locale;
  type: ContributionType;
  id: string;
  contribution: string;
  /** The state's label in the mail's language, or the Catalan one marked `lang: "ca"`. */
  state: Localized;
  answer: string;
  /** The signed way out of these e-mails. */
  stopUrl: string;
  /** A second (or later) e-mail: the answer's text has changed since the last one. */
  updated?: boolean;
  /** The public result of the plan the answer points to (decision 075), its title in the mail's language. */
  result?: { id: string; title: Localized } | null;
}) {
  const { locale } = input;
  const t = translator(locale);
  const link = `${input.publicUrl}${contributionHref(locale, input.type as "reflection", input.id)}`;
  const intro = input.updated
    ? t("emails.answer.updatedIntro", { ofSite: OF_SITE[locale] })
    : t("emails.answer.intro", { ofSite: OF_SITE[locale] });
  const subject = t(input.updated ? "emails.answer.updatedSubject" : "emails.answer.subject");
  const state = t("emails.answer.state", { state: input.state.text });
  const ca = locale === "ca" ? "" : ' lang="ca"';
  const result = input.result
    ? { ...input.result.title, url: `${input.publicUrl}${localePaths(locale).trackerResult(input.result.id)}` }
    : null;
  const text = [
    t("emails.answer.hello"),
    intro,
    `${t("emails.answer.yours")}\n${input.contribution.trim()}`,
    state,
    `${t("emails.answer.answer")}\n${input.answer.trim()}`,
    ...(result ? [`${t("emails.answer.result")}\n${result.text}\n${result.url}`] : []),
    `${t("emails.answer.link")} ${link}`,
    `-- \n${t("emails.answer.why")}\n${t("emails.answer.stop")} ${input.stopUrl}`,
  ].join("\n\n");
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;max-width:40em">',
    `<p>${escapeHtml(t("emails.answer.hello"))}</p><p>${escapeHtml(intro)}</p>`,
    `<p><strong>${escapeHtml(t("emails.answer.yours"))}</strong></p>`,
    `<blockquote style="white-space:pre-line;border-left:4px solid #ccc;margin:0;padding-left:1em">${escapeHtml(input.contribution.trim())}</blockquote>`,
    `<p><strong>${escapeHtml(t("emails.answer.state", { state: "" }))}</strong><span${input.state.lang && input.state.lang !== locale ? ` lang="${input.state.lang}"` : ""}>${escapeHtml(input.state.text)}</span></p>`,
    `<p><strong>${escapeHtml(t("emails.answer.answer"))}</strong></p>`,
    `<div${ca}>${renderBody(input.publicUrl, input.answer)}</div>`,
    ...(result
      ? [
          `<p><strong>${escapeHtml(t("emails.answer.result"))}</strong> <a href="${escapeHtml(result.url)}"${result.lang && result.lang !== locale ? ` lang="${result.lang}"` : ""}>${escapeHtml(result.text)}</a></p>`,
        ]
      : []),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t("emails.answer.button"))}</a></p>`,
    `<hr><p style="font-size:small">${escapeHtml(t("emails.answer.why"))}<br>`,
    `<a href="${escapeHtml(input.stopUrl)}">${escapeHtml(t("emails.answer.stop"))}</a></p>`,
    "</body></html>",
  ].join("\n");
  return { subject, text: `${text}\n`, html, unsubscribeUrl: input.stopUrl };
}

/** At start, when no other instance runs: what a crashed instance had in flight goes back to the queue. */
export async function requeueInterruptedAnswerMails(db: Db): Promise<number> {
  const back = await db
    .update(mails)
    .set({ status: "queued", leaseUntil: null })
    .where(eq(mails.status, "sending"))
    .returning({ id: mails.id });
  if (back.length) log("warn", "answer e-mails interrupted by a stop, queued again", { count: back.length });
  return back.length;
}

/** What one queued e-mail needs, read when it is sent (never copied into the queue). */
async function readMail(db: Db, answerId: string) {
  const [answer] = await db
    .select({
      type: contributionAnswers.contributionType,
      id: contributionAnswers.contributionId,
      text: contributionAnswers.publishedText,
      state: answerStates.label,
      stateTranslations: answerStates.translations,
      resultId: results.id,
      resultTitle: results.title,
      resultTranslations: results.translations,
    })
    .from(contributionAnswers)
    .innerJoin(answerStates, eq(answerStates.id, contributionAnswers.publishedStateId))
    // Only a public result, as on the site (publishedAnswers): one hidden later is not mentioned.
    .leftJoin(results, and(eq(results.id, contributionAnswers.publishedResultId), eq(results.isActive, true)))
    .where(eq(contributionAnswers.id, answerId));
  if (!answer || answer.text === null) return null;
  const kind = KINDS_WITH_CONSENT.find((k) => k.type === answer.type);
  if (!kind) return null;
  const textColumn = CONTRIBUTION_KINDS[kind.type].columns.text;
  const [c] = (await db
    .select({
      email: kind.table.email,
      consent: kind.table.answerConsent,
      status: kind.table.status,
      locale: kind.table.locale,
      text: textColumn,
    })
    .from(kind.table)
    .where(eq(kind.table.id, answer.id))) as { email: string | null; consent: boolean; status: string; locale: string; text: string }[];
  if (!c || !c.email || !c.consent || c.status !== "published") return null;
  const locale = (LOCALES as readonly string[]).includes(c.locale) ? (c.locale as Locale) : "ca";
  const result =
    answer.resultId && answer.resultTitle !== null
      ? { id: answer.resultId, title: localized(answer.resultTitle, answer.resultTranslations, "title", locale) }
      : null;
  return {
    to: c.email,
    locale,
    type: answer.type,
    id: answer.id,
    contribution: c.text,
    state: localized(answer.state, answer.stateTranslations, "label", locale),
    answer: answer.text,
    result,
  };
}

const reasonOf = (err: unknown) => {
  const e = err as { message?: string; response?: string; code?: string };
  const text = e.response ?? e.message ?? String(err);
  return (e.code && !e.response ? `${e.code}: ${text}` : text).slice(0, 500);
};

/** Claims and sends one batch of due answer e-mails. An answer withdrawn (or a contribution hidden)
 * before its e-mail left takes the e-mail out of the queue: a later publication queues it again. */
export async function sendAnswerMails(ctx: SendCtx, options: { backoffMs?: number; limit?: number } = {}) {
  const now = new Date();
  const due = ctx.db
    .select({ id: mails.id })
    .from(mails)
    .where(or(and(eq(mails.status, "queued"), lte(mails.nextAttemptAt, now)), and(eq(mails.status, "sending"), lt(mails.leaseUntil, now))))
    .orderBy(mails.nextAttemptAt)
    .limit(options.limit ?? 20)
    .for("update", { skipLocked: true });
  const batch = await ctx.db
    .update(mails)
    .set({ status: "sending", attempts: sql`${mails.attempts} + 1`, leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(mails.id, due))
    .returning({ id: mails.id, answerId: mails.answerId, attempts: mails.attempts, round: mails.round });
  const outcome = { claimed: batch.length, sent: 0, retrying: 0, failed: 0, dropped: 0 };
  for (const m of batch) {
    const mail = await readMail(ctx.db, m.answerId);
    if (!mail) {
      await ctx.db.delete(mails).where(eq(mails.id, m.id));
      outcome.dropped++;
      continue;
    }
    try {
      await ctx.mailer.sendMail({
        to: mail.to,
        messageId: `<answer.${m.id}.${m.round}@${new URL(ctx.env.PUBLIC_URL).hostname}>`,
        ...answerMailMessage({
          publicUrl: ctx.env.PUBLIC_URL,
          stopUrl: answerMailStopUrl(ctx, m.answerId, mail.locale),
          updated: m.round > 1,
          ...mail,
        }),
      });
    } catch (err) {
      const reason = reasonOf(err);
      const final = m.attempts >= MAX_ATTEMPTS;
      const backoff = options.backoffMs ?? BACKOFF_MS;
      await ctx.db
        .update(mails)
        .set(
          final
            ? { status: "failed", leaseUntil: null, lastError: reason }
            : {
                status: "queued",
                leaseUntil: null,
                lastError: reason,
                nextAttemptAt: new Date(Date.now() + backoff * 2 ** (m.attempts - 1)),
              },
        )
        .where(eq(mails.id, m.id));
      if (final) {
        outcome.failed++;
        log("error", "answer e-mail failed", { mail: m.id, attempts: m.attempts, reason });
      } else outcome.retrying++;
      continue;
    }
    await ctx.db
      .update(mails)
      .set({ status: "sent", sentAt: new Date(), leaseUntil: null, lastError: null, sentTextHash: answerTextDigest(mail.answer) })
      .where(eq(mails.id, m.id));
    outcome.sent++;
  }
  return outcome;
}

/** Runs one queue's sender in the background until stopped: a batch at a time, and a pause of
 * `pollMs` when a batch claimed nothing. The answers' and the results' news (decision 069) use it. */
export function pollQueue(label: string, step: () => Promise<{ claimed: number }>, options: { pollMs?: number } = {}) {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wakeUp: (() => void) | null = null;
  const running = (async () => {
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = (await step()).claimed;
      } catch (err) {
        log("error", label, errorFields(err));
      }
      if (!claimed && !stopped)
        await new Promise<void>((resolve) => {
          wakeUp = resolve;
          timer = setTimeout(resolve, options.pollMs ?? 3000);
        });
    }
  })();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wakeUp?.();
      await running;
    },
  };
}

/** Sends the answers' queue in the background until stopped (every instance runs one). */
export const startAnswerMailWorker = (ctx: SendCtx, options: { pollMs?: number } = {}) =>
  pollQueue("answer e-mail queue", () => sendAnswerMails(ctx), options);

/** The e-mails staff should know about: failed ones (with the reason) and those waiting to retry. */
export async function answerMailProblems(db: Db) {
  const rows = await db
    .select({
      status: mails.status,
      lastError: mails.lastError,
      attempts: mails.attempts,
      type: contributionAnswers.contributionType,
      id: contributionAnswers.contributionId,
    })
    .from(mails)
    .innerJoin(contributionAnswers, eq(contributionAnswers.id, mails.answerId))
    .where(or(eq(mails.status, "failed"), and(eq(mails.status, "queued"), sql`${mails.lastError} is not null`)))
    .limit(50);
  return rows.map((r) => ({ key: `${r.type}:${r.id}`, failed: r.status === "failed", reason: r.lastError ?? "", attempts: r.attempts }));
}
