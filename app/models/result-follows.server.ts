import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { resultEntries, resultFollows as follows, resultNotifications as mails, resultStates, results } from "~/db/schema";
import { MUNICIPALITY_NAMES } from "~/domain/map";
import type { AppContext } from "~/infra/app-context.server";
import { errorFields, log } from "~/infra/log.server";
import { translator } from "~/i18n/catalogues.server";
import { LOCALES, type Locale } from "~/i18n/locales";
import { formatLongDate } from "~/lib/dates";
import { localePaths } from "~/lib/routes";
import { OF_SITE_NAME, SITE_NAME } from "~/lib/seo";
import { localized } from "~/lib/translations";
import { CONTRIBUTION_KINDS } from "~/models/contributions.server";
import { linkedContributionRefs } from "~/models/results.server";
import { pollQueue } from "~/models/answer-mail.server";
import { BACKOFF_MS, LEASE_MS, MAX_ATTEMPTS } from "~/models/newsletter-send.server";
import { CONFIRMATION_DAYS, RESEND_INTERVAL_MS, signedLinks } from "~/models/newsletter.server";
import { data } from "react-router";
import { z } from "zod";
import { FormError, readForm } from "~/infra/forms.server";
import { allowWrite } from "~/infra/rate-limit.server";
import { LIMITS } from "~/lib/participation-texts";
import { localeOf } from "~/i18n/locales";
import type { FollowAnswer } from "~/domain/results";

// Following the plan's results by e-mail (issue 35, decision 069). A visitor follows one result or
// every result of one municipality with only an address, by double opt-in as the newsletter
// (decision 023: a signed link confirms, another erases; 'pending' rows go after CONFIRMATION_DAYS).
// Each new timeline entry, and each change of a result's state, queues one e-mail per confirmed
// follower (an address following the result and its municipality gets one), and one per author of
// a linked, published contribution who asked to hear back (answer_consent, decision 068), in the
// staff's transaction; a worker sends the queue as the answers' is sent. Nothing is queued or sent
// for a result that is not public.

type MailCtx = Pick<AppContext, "db" | "env" | "mailer" | "sessionSecret">;
type LinkCtx = Pick<AppContext, "env" | "sessionSecret">;

const CONFIRMATION_MS = CONFIRMATION_DAYS * 24 * 60 * 60 * 1000;
const links = signedLinks("result-follow-links");

export const followConfirmUrl = (ctx: LinkCtx, id: string, expiresAt: Date, locale: Locale) =>
  `${ctx.env.PUBLIC_URL}${localePaths(locale).trackerConfirm(links.confirmToken(ctx.sessionSecret, id, expiresAt))}`;
export const followUnsubscribeUrl = (ctx: LinkCtx, id: string, locale: Locale) =>
  `${ctx.env.PUBLIC_URL}${localePaths(locale).trackerUnsubscribe(links.unsubscribeToken(ctx.sessionSecret, id))}`;
export const { confirmToken: followConfirmToken, unsubscribeToken: followUnsubscribeToken } = links;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const OF_SITE: Record<Locale, string> = { ca: OF_SITE_NAME, es: `de ${SITE_NAME}`, en: SITE_NAME };
const asLocale = (l: string): Locale => ((LOCALES as readonly string[]).includes(l) ? (l as Locale) : "ca");

/** What is followed: one result, or every result of a municipality. */
export type FollowTarget = { resultId: string } | { municipality: string };

/** A short HTML and text e-mail from paragraphs; `link` is the button's. */
function message(locale: Locale, subject: string, paragraphs: string[], link: { href: string; label: string }, footer: string[]) {
  const text = [...paragraphs, `${link.label}: ${link.href}`, `-- \n${footer.join("\n")}`].join("\n\n");
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;max-width:40em">',
    ...paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    `<hr>${footer.map((f) => `<p style="font-size:small">${escapeHtml(f)}</p>`).join("")}`,
    "</body></html>",
  ].join("\n");
  return { subject, text: `${text}\n`, html };
}

// ---- Following -------------------------------------------------------------------------------

/** Erases the follows nobody confirmed in time. */
export async function purgeExpiredFollows(db: Db): Promise<number> {
  const cutoff = new Date(Date.now() - CONFIRMATION_MS);
  const purged = await db
    .delete(follows)
    .where(and(eq(follows.status, "pending"), lt(sql`coalesce(${follows.confirmationSentAt}, ${follows.createdAt})`, cutoff)))
    .returning({ id: follows.id });
  return purged.length;
}

/** The title of a public result in a language, or null (not there, or not public). */
async function publicTitle(db: Db, resultId: string, locale: Locale): Promise<string | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(resultId)) return null;
  const [r] = await db
    .select({ title: results.title, translations: results.translations })
    .from(results)
    .where(and(eq(results.id, resultId), eq(results.isActive, true)));
  return r ? localized(r.title, r.translations, "title", locale).text : null;
}

export type FollowOutcome = "sent" | "recent" | "already" | "failed" | "unknown";

/** Stores a pending follow (or finds the address's) and sends its confirmation when due. "unknown":
 * the result is not public, or the municipality is not one of the county's: nothing is stored. */
export async function follow(ctx: MailCtx, email: string, target: FollowTarget, locale: Locale = "ca"): Promise<FollowOutcome> {
  const what =
    "resultId" in target
      ? await publicTitle(ctx.db, target.resultId, locale)
      : MUNICIPALITY_NAMES.includes(target.municipality)
        ? target.municipality
        : null;
  if (what === null) return "unknown";
  await purgeExpiredFollows(ctx.db);
  const byTarget = "resultId" in target ? eq(follows.resultId, target.resultId) : eq(follows.municipality, target.municipality);
  const [inserted] = await ctx.db
    .insert(follows)
    .values({ email, ...target, status: "pending", locale, createdAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: follows.id });
  let id = inserted?.id;
  if (!id) {
    const [existing] = await ctx.db
      .select({ id: follows.id, status: follows.status })
      .from(follows)
      .where(and(sql`lower(${follows.email}) = lower(${email})`, byTarget));
    if (!existing) throw new Error("result follow vanished while being stored");
    if (existing.status === "confirmed") return "already";
    id = existing.id;
    await ctx.db.update(follows).set({ locale }).where(eq(follows.id, id));
  }
  return sendFollowConfirmation(ctx, id, what);
}

/** The confirmation e-mail, at most once per RESEND_INTERVAL_MS (claimed in one statement). */
async function sendFollowConfirmation(ctx: MailCtx, id: string, what: string): Promise<FollowOutcome> {
  const now = new Date();
  const [claimed] = await ctx.db
    .update(follows)
    .set({ confirmationSentAt: now })
    .where(
      and(
        eq(follows.id, id),
        eq(follows.status, "pending"),
        or(isNull(follows.confirmationSentAt), lt(follows.confirmationSentAt, new Date(now.getTime() - RESEND_INTERVAL_MS))),
      ),
    )
    .returning({ email: follows.email, locale: follows.locale, resultId: follows.resultId });
  if (!claimed?.email) return "recent";
  const locale = asLocale(claimed.locale);
  const t = translator(locale);
  const unsubscribe = followUnsubscribeUrl(ctx, id, locale);
  const confirm = followConfirmUrl(ctx, id, new Date(now.getTime() + CONFIRMATION_MS), locale);
  const target = claimed.resultId
    ? t("emails.follow.theResult", { title: what })
    : t("emails.follow.theMunicipality", { municipality: what });
  try {
    await ctx.mailer.sendMail({
      to: claimed.email,
      unsubscribeUrl: unsubscribe,
      ...message(
        locale,
        t("emails.follow.confirmSubject"),
        [
          t("emails.follow.hello"),
          t("emails.follow.confirmWhy", { target, ofSite: OF_SITE[locale] }),
          t("emails.follow.confirmOpen", { days: CONFIRMATION_DAYS }),
          t("emails.follow.confirmIgnore", { days: CONFIRMATION_DAYS }),
        ],
        { href: confirm, label: t("emails.follow.confirmButton") },
        [`${t("emails.follow.unsubscribe")} ${unsubscribe}`],
      ),
    });
    return "sent";
  } catch (err) {
    log("error", "result follow confirmation e-mail failed", { follow: id, ...errorFields(err) });
    await ctx.db
      .update(follows)
      .set({ confirmationSentAt: null })
      .where(and(eq(follows.id, id), eq(follows.confirmationSentAt, now)))
      .catch(() => {});
    return "failed";
  }
}

export type FollowConfirmState = "pending" | "already" | "expired" | "gone" | "invalid";

/** What a confirmation link's page shows before its button (opening it confirms nothing). */
export async function followConfirmState(ctx: Pick<AppContext, "db" | "sessionSecret">, token: string): Promise<FollowConfirmState> {
  const link = links.readConfirmToken(ctx.sessionSecret, token);
  if (!link) return "invalid";
  const [row] = await ctx.db.select({ status: follows.status }).from(follows).where(eq(follows.id, link.id));
  if (row?.status === "confirmed") return "already";
  if (link.expiresAt.getTime() < Date.now()) return "expired";
  return row ? "pending" : "gone";
}

/** Confirms the follow a link names. */
export async function confirmFollow(
  ctx: Pick<AppContext, "db" | "sessionSecret">,
  token: string,
): Promise<Exclude<FollowConfirmState, "pending"> | "confirmed"> {
  const state = await followConfirmState(ctx, token);
  if (state !== "pending") return state;
  const id = links.readConfirmToken(ctx.sessionSecret, token)!.id;
  const [updated] = await ctx.db
    .update(follows)
    .set({ status: "confirmed", confirmedAt: new Date() })
    .where(and(eq(follows.id, id), eq(follows.status, "pending")))
    .returning({ id: follows.id });
  return updated ? "confirmed" : "already";
}

/** What an unsubscribe link's page shows before its button. */
export async function followUnsubscribeState(
  ctx: Pick<AppContext, "db" | "sessionSecret">,
  token: string,
): Promise<"following" | "gone" | "invalid"> {
  const id = links.readUnsubscribeToken(ctx.sessionSecret, token);
  if (!id) return "invalid";
  const [row] = await ctx.db.select({ status: follows.status }).from(follows).where(eq(follows.id, id));
  return row && row.status !== "left" ? "following" : "gone";
}

/** Stops a follow: a visitor's is erased with its address; an author's is kept as 'left' (no
 * address is in it), so the next news does not follow them again. Idempotent. */
export async function unfollow(ctx: Pick<AppContext, "db" | "sessionSecret">, token: string): Promise<"gone" | "invalid"> {
  const id = links.readUnsubscribeToken(ctx.sessionSecret, token);
  if (!id) return "invalid";
  await ctx.db.transaction(async (tx) => {
    await tx.delete(follows).where(and(eq(follows.id, id), sql`${follows.email} is not null`));
    await tx
      .update(follows)
      .set({ status: "left" })
      .where(and(eq(follows.id, id), isNull(follows.email)));
    await tx.delete(mails).where(and(eq(mails.followId, id), eq(mails.status, "queued")));
  });
  return "gone";
}

// ---- The news --------------------------------------------------------------------------------

/** The consenting authors' contributions among a result's refs: published, with an address and
 * the answers' consent (decision 068). */
async function consentingAuthors(db: Db, refs: string[]) {
  const out: { type: "reflection" | "map_comment"; id: string; email: string }[] = [];
  for (const type of ["reflection", "map_comment"] as const) {
    const ids = refs.filter((r) => r.startsWith(`${type}:`)).map((r) => r.slice(type.length + 1));
    if (ids.length === 0) continue;
    const table = CONTRIBUTION_KINDS[type].table as typeof CONTRIBUTION_KINDS.reflection.table;
    const rows = await db
      .select({ id: table.id, email: table.email })
      .from(table)
      .where(and(inArray(table.id, ids), eq(table.status, "published"), eq(table.answerConsent, true)));
    for (const r of rows) if (r.email) out.push({ type, id: r.id, email: r.email });
  }
  return out;
}

/** Queues one e-mail per follower of a public result about its news: a new timeline entry, or the
 * state it went to. Runs in the staff's transaction. Answers how many. */
export async function queueResultNews(tx: Db, resultId: string, news: { entryId: string } | { stateId: string }): Promise<number> {
  const [result] = await tx
    .select({ isActive: results.isActive, municipalities: results.municipalities, refs: results.contributionRefs })
    .from(results)
    .where(eq(results.id, resultId));
  if (!result?.isActive) return 0;
  // The authors who asked to hear back follow the result (once: one who left stays out): those of
  // the contributions linked from the result or from a published answer (decision 075).
  const authors = await consentingAuthors(tx, await linkedContributionRefs(tx, resultId, result.refs));
  if (authors.length)
    await tx
      .insert(follows)
      .values(authors.map((a) => ({ resultId, contributionType: a.type, contributionId: a.id, status: "confirmed" as const })))
      .onConflictDoNothing();
  const candidates = await tx
    .select({ id: follows.id, email: follows.email, contributionId: follows.contributionId })
    .from(follows)
    .where(
      and(
        eq(follows.status, "confirmed"),
        result.municipalities.length
          ? or(eq(follows.resultId, resultId), inArray(follows.municipality, result.municipalities))
          : eq(follows.resultId, resultId),
      ),
    )
    .orderBy(sql`${follows.resultId} is null`, follows.createdAt);
  // One e-mail per address: the result's own follow first, then a municipality's.
  const authorEmail = new Map(authors.map((a) => [a.id, a.email.toLowerCase()]));
  const seen = new Set<string>();
  const chosen: string[] = [];
  for (const c of candidates) {
    const address = c.email?.toLowerCase() ?? (c.contributionId ? authorEmail.get(c.contributionId) : undefined);
    if (!address || seen.has(address)) continue;
    seen.add(address);
    chosen.push(c.id);
  }
  if (chosen.length === 0) return 0;
  const now = new Date();
  const rows = await tx
    .insert(mails)
    .values(chosen.map((followId) => ({ followId, resultId, ...news, nextAttemptAt: now })))
    .onConflictDoNothing()
    .returning({ id: mails.id });
  return rows.length;
}

/** What one queued e-mail needs, read when it is sent; null: nothing to send any more. */
async function readNews(db: Db, m: { followId: string; resultId: string; entryId: string | null; stateId: string | null }) {
  const [f] = await db.select().from(follows).where(eq(follows.id, m.followId));
  if (!f || f.status !== "confirmed") return null;
  let to = f.email;
  let locale = asLocale(f.locale);
  if (!to && f.contributionType && f.contributionId) {
    const kind = f.contributionType === "map_comment" ? "map_comment" : f.contributionType === "reflection" ? "reflection" : null;
    if (!kind) return null;
    const table = CONTRIBUTION_KINDS[kind].table as typeof CONTRIBUTION_KINDS.reflection.table;
    const [c] = await db
      .select({ email: table.email, consent: table.answerConsent, status: table.status, locale: table.locale })
      .from(table)
      .where(eq(table.id, f.contributionId));
    if (!c?.email || !c.consent || c.status !== "published") return null;
    to = c.email;
    locale = asLocale(c.locale);
  }
  if (!to) return null;
  const [r] = await db.select().from(results).where(eq(results.id, m.resultId));
  if (!r?.isActive) return null;
  const t = translator(locale);
  let news: string;
  if (m.entryId) {
    const [e] = await db.select().from(resultEntries).where(eq(resultEntries.id, m.entryId));
    if (!e) return null;
    news = `${formatLongDate(e.date, locale)}: ${localized(e.text, e.translations, "text", locale).text}`;
  } else {
    const [s] = await db.select().from(resultStates).where(eq(resultStates.id, m.stateId!));
    if (!s || r.stateId !== s.id) return null;
    news = t("emails.follow.newState", { state: localized(s.label, s.translations, "label", locale).text });
  }
  const why = f.contributionId
    ? t("emails.follow.whyAuthor")
    : f.municipality
      ? t("emails.follow.whyMunicipality", { municipality: f.municipality })
      : t("emails.follow.whyResult");
  return { to, locale, title: localized(r.title, r.translations, "title", locale).text, news, why, followId: f.id };
}

/** The news e-mail. */
export function newsMessage(ctx: LinkCtx, n: NonNullable<Awaited<ReturnType<typeof readNews>>>, resultId: string) {
  const t = translator(n.locale);
  const unsubscribe = followUnsubscribeUrl(ctx, n.followId, n.locale);
  const link = `${ctx.env.PUBLIC_URL}${localePaths(n.locale).trackerResult(resultId)}`;
  return {
    unsubscribeUrl: unsubscribe,
    ...message(
      n.locale,
      t("emails.follow.newsSubject", { title: n.title }),
      [t("emails.follow.hello"), t("emails.follow.newsIntro", { title: n.title, ofSite: OF_SITE[n.locale] }), n.news],
      { href: link, label: t("emails.follow.newsButton") },
      [n.why, `${t("emails.follow.unsubscribe")} ${unsubscribe}`],
    ),
  };
}

const reasonOf = (err: unknown) => {
  const e = err as { message?: string; response?: string; code?: string };
  const text = e.response ?? e.message ?? String(err);
  return (e.code && !e.response ? `${e.code}: ${text}` : text).slice(0, 500);
};

/** At start: what a crashed instance had in flight goes back to the queue. */
export async function requeueInterruptedResultMails(db: Db): Promise<number> {
  const back = await db
    .update(mails)
    .set({ status: "queued", leaseUntil: null })
    .where(eq(mails.status, "sending"))
    .returning({ id: mails.id });
  return back.length;
}

/** Claims and sends one batch of due news e-mails (as the answers' are sent). */
export async function sendResultMails(ctx: MailCtx, options: { backoffMs?: number; limit?: number } = {}) {
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
    .returning();
  const outcome = { claimed: batch.length, sent: 0, retrying: 0, failed: 0, dropped: 0 };
  for (const m of batch) {
    const news = await readNews(ctx.db, m);
    if (!news) {
      await ctx.db.delete(mails).where(eq(mails.id, m.id));
      outcome.dropped++;
      continue;
    }
    try {
      await ctx.mailer.sendMail({
        to: news.to,
        messageId: `<result.${m.id}@${new URL(ctx.env.PUBLIC_URL).hostname}>`,
        ...newsMessage(ctx, news, m.resultId),
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
        log("error", "result news e-mail failed", { mail: m.id, attempts: m.attempts, reason });
      } else outcome.retrying++;
      continue;
    }
    await ctx.db.update(mails).set({ status: "sent", sentAt: new Date(), leaseUntil: null, lastError: null }).where(eq(mails.id, m.id));
    outcome.sent++;
  }
  return outcome;
}

/** Sends the results' news in the background until stopped (every instance runs one). */
export const startResultMailWorker = (ctx: MailCtx, options: { pollMs?: number } = {}) =>
  pollQueue("result news e-mail queue", () => sendResultMails(ctx), options);

// ---- The form ---------------------------------------------------------------------------------

/** The follow form's post (a result's page, or the tracker filtered by a municipality): the rate
 * limit of the newsletter's form, a bounded read, the address, then `follow`. Never echoes the
 * address. */
export async function followFromForm(
  request: Request,
  context: MailCtx & Pick<AppContext, "clientKey" | "storage">,
  target: FollowTarget | ((fields: Record<string, string>) => FollowTarget),
) {
  const answer = (status: number, follow: FollowAnswer) => data({ follow }, { status });
  if (!(await allowWrite(context, "newsletter"))) return answer(429, { ok: false, message: "tooMany" });
  let fields: Record<string, string>;
  try {
    ({ fields } = await readForm(request, context.storage, { maxBytes: 2 * LIMITS.email + 200 }));
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    return answer(err.status, { ok: false, message: "invalid" });
  }
  const email = (fields.email ?? "").trim();
  if (!email || email.length > LIMITS.email || !z.email().safeParse(email).success) return answer(400, { ok: false, message: "invalid" });
  const what = typeof target === "function" ? target(fields) : target;
  const outcome = await follow(context, email, what, localeOf(new URL(request.url).pathname));
  if (outcome === "unknown") return answer(404, { ok: false, message: "unknown" });
  if (outcome === "failed") return answer(502, { ok: false, message: "failed" });
  return answer(200, { ok: true, message: outcome, days: CONFIRMATION_DAYS });
}
