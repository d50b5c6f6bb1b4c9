import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { answerNotifications as mails, answerStates, contributionAnswers } from "~/db/schema";
import type { ContributionType } from "~/domain/contributions";
import type { AppContext } from "~/infra/app-context.server";
import { errorFields, log } from "~/infra/log.server";
import { translator } from "~/i18n/catalogues.server";
import { LOCALES, type Locale } from "~/i18n/locales";
import { OF_SITE_NAME, SITE_NAME } from "~/lib/seo";
import { BACKOFF_MS, LEASE_MS, MAX_ATTEMPTS } from "~/models/newsletter-send.server";
import { renderBody } from "~/models/newsletter-mail.server";
import { contributionHref } from "~/lib/routes";
import { CONTRIBUTION_KINDS } from "~/models/contributions.server";

// The author hears back (issue 31, decision 068). When an answer is published, its author gets one
// e-mail if they left an address and ticked "Vull rebre la resposta de l'Ajuntament per correu"
// (answer_consent: never the newsletter's consent). The publication writes a row in the answers'
// mail queue in its own transaction (queueAnswerMails); the row is unique per answer, so publishing
// again, editing the answer or publishing all after a restart never writes a second one. A worker
// sends the queue as the newsletter's is sent (claimed, leased, retried with backoff, 'failed' with
// the server's reason, which staff read on the answering screen).

type SendCtx = Pick<AppContext, "db" | "env" | "mailer">;

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

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const OF_SITE: Record<Locale, string> = { ca: OF_SITE_NAME, es: `de ${SITE_NAME}`, en: SITE_NAME };

/** The e-mail: in the language the contribution was written in; the contribution, the answer's
 * state and text (Markdown rendered as the site renders it), and the link to it on the site. Staff
 * write the answer and its state in Catalan: marked so inside another language (WCAG 3.1.2). */
export function answerMailMessage(input: {
  publicUrl: string;
  locale: Locale;
  type: ContributionType;
  id: string;
  contribution: string;
  state: string;
  answer: string;
}) {
  const { locale } = input;
  const t = translator(locale);
  const link = `${input.publicUrl}${contributionHref(locale, input.type as "reflection", input.id)}`;
  const intro = t("emails.answer.intro", { ofSite: OF_SITE[locale] });
  const state = t("emails.answer.state", { state: input.state });
  const ca = locale === "ca" ? "" : ' lang="ca"';
  const text = [
    t("emails.answer.hello"),
    intro,
    `${t("emails.answer.yours")}\n${input.contribution.trim()}`,
    state,
    `${t("emails.answer.answer")}\n${input.answer.trim()}`,
    `${t("emails.answer.link")} ${link}`,
    `-- \n${t("emails.answer.why")}`,
  ].join("\n\n");
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(t("emails.answer.subject"))}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;max-width:40em">',
    `<p>${escapeHtml(t("emails.answer.hello"))}</p><p>${escapeHtml(intro)}</p>`,
    `<p><strong>${escapeHtml(t("emails.answer.yours"))}</strong></p>`,
    `<blockquote style="white-space:pre-line;border-left:4px solid #ccc;margin:0;padding-left:1em">${escapeHtml(input.contribution.trim())}</blockquote>`,
    `<p><strong>${escapeHtml(t("emails.answer.state", { state: "" }))}</strong><span${ca}>${escapeHtml(input.state)}</span></p>`,
    `<p><strong>${escapeHtml(t("emails.answer.answer"))}</strong></p>`,
    `<div${ca}>${renderBody(input.publicUrl, input.answer)}</div>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t("emails.answer.button"))}</a></p>`,
    `<hr><p style="font-size:small">${escapeHtml(t("emails.answer.why"))}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject: t("emails.answer.subject"), text: `${text}\n`, html };
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
    })
    .from(contributionAnswers)
    .innerJoin(answerStates, eq(answerStates.id, contributionAnswers.publishedStateId))
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
  return { to: c.email, locale, type: answer.type, id: answer.id, contribution: c.text, state: answer.state, answer: answer.text };
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
    .returning({ id: mails.id, answerId: mails.answerId, attempts: mails.attempts });
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
        messageId: `<answer.${m.id}@${new URL(ctx.env.PUBLIC_URL).hostname}>`,
        ...answerMailMessage({ publicUrl: ctx.env.PUBLIC_URL, ...mail }),
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
    await ctx.db.update(mails).set({ status: "sent", sentAt: new Date(), leaseUntil: null, lastError: null }).where(eq(mails.id, m.id));
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
