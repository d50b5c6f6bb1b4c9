import { and, count, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { LOCALES } from "~/i18n/locales";
import type { Db } from "~/db/client.server";
import { newsletterDeliveries as deliveries, newsletterIssues as issues, newsletterSubscriptions as subs } from "~/db/schema";
import type { AppContext } from "~/infra/app-context.server";
import { errorFields, log } from "~/infra/log.server";
import { issueIn, newsletterMessage, renderBody, type NewsletterDraft } from "~/models/newsletter-mail.server";
import { unsubscribeUrl } from "~/models/newsletter.server";

// Sending a newsletter to every confirmed subscriber through a durable queue in the database
// (decision 030): one delivery row per subscriber, claimed with FOR UPDATE SKIP LOCKED (PGlite has
// a single writer, PostgreSQL many instances), marked 'sending' before the message leaves and 'sent'
// after the SMTP server accepted it. A message interrupted by a crash is sent again, with the same
// Message-ID (at-least-once, only for the messages in flight at the crash).

type SendCtx = Pick<AppContext, "db" | "env" | "mailer" | "sessionSecret">;

/** Attempts of one delivery before it is 'failed' with the last reason. */
export const MAX_ATTEMPTS = 5;
/** A claimed delivery belongs to its instance this long; past it, another instance takes it over. */
export const LEASE_MS = 2 * 60_000;
/** The first retry waits this long, each next one twice as long (30 s, 1, 2, 4 min), at most an hour. */
export const BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;

export interface QueueOptions {
  /** Messages per second at most (NEWSLETTER_RATE). */
  rate?: number;
  backoffMs?: number;
  /** Messages in flight at once: the SMTP pool's connections. */
  concurrency?: number;
}

// ---- The message -------------------------------------------------------------------------

/** One Message-ID per delivery, the same on every attempt. */
export const deliveryMessageId = (publicUrl: string, deliveryId: string) => `<newsletter.${deliveryId}@${new URL(publicUrl).hostname}>`;

/** A test of the draft, sent at once to the staff member (not queued, no subscriber involved): one
 * message per language it is written in (Catalan, and Spanish or English when both its subject and
 * text are). Its unsubscribe link is a real one, of a subscription that does not exist. Throws when refused. */
export async function sendTestNewsletter(ctx: SendCtx, to: string, draft: NewsletterDraft): Promise<void> {
  const unsubscribe = unsubscribeUrl(ctx, "00000000-0000-0000-0000-000000000000");
  const versions = LOCALES.map((l) => issueIn(draft, l)).filter((v, i, all) => all.findIndex((w) => w.lang === v.lang) === i);
  for (const version of versions) {
    const message = newsletterMessage(version, renderBody(ctx.env.PUBLIC_URL, version.body), unsubscribe, version.lang);
    await ctx.mailer.sendMail({ to, unsubscribeUrl: unsubscribe, ...message, subject: `[Prova] ${message.subject}` });
  }
}

// ---- Queueing ----------------------------------------------------------------------------

export type QueueResult = { ok: true; id: string; recipients: number } | { ok: false; reason: "busy" | "nobody" };

/** Who sends an issue (it is named on the issue, issue 29), and what to record in the same
 * transaction (the audit entry). */
export interface SentBy {
  sender: { id: string; email: string };
  record?: (tx: Db, issue: { id: string; recipients: number }) => Promise<void>;
}

/** Queues the draft for every confirmed subscriber, in one transaction: all of them or none.
 * Refused while another issue is still sending (a second click must not send twice). */
export async function queueNewsletter(db: Db, draft: NewsletterDraft, by?: SentBy): Promise<QueueResult> {
  return db.transaction(async (tx) => {
    // Serializes two sends started at once on PostgreSQL (PGlite has one writer anyway).
    await tx.execute(sql`select pg_advisory_xact_lock(7270736904)`);
    const [busy] = await tx.select({ id: issues.id }).from(issues).where(eq(issues.status, "sending")).limit(1);
    if (busy) return { ok: false, reason: "busy" } as const;
    const [confirmed] = await tx.select({ n: count() }).from(subs).where(eq(subs.status, "confirmed"));
    if (!confirmed?.n) return { ok: false, reason: "nobody" } as const;
    const now = new Date();
    const [issue] = await tx
      .insert(issues)
      .values({ ...draft, recipients: 0, createdAt: now, sentById: by?.sender.id ?? null, sentByEmail: by?.sender.email ?? null })
      .returning({ id: issues.id });
    const id = issue!.id;
    await tx.execute(
      sql`insert into newsletter_deliveries (issue_id, subscription_id, next_attempt_at)
          select ${id}, id, ${now.toISOString()} from newsletter_subscriptions where status = 'confirmed'`,
    );
    const [queued] = await tx.select({ n: count() }).from(deliveries).where(eq(deliveries.issueId, id));
    const recipients = queued?.n ?? 0;
    await tx.update(issues).set({ recipients }).where(eq(issues.id, id));
    await by?.record?.(tx as unknown as Db, { id, recipients });
    return { ok: true, id, recipients } as const;
  });
}

/** Failed deliveries of an issue queued again (after staff fixed the mail server, say). */
export async function retryFailed(db: Db, issueId: string, record?: (tx: Db, count: number) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    const again = await tx
      .update(deliveries)
      .set({ status: "queued", attempts: 0, nextAttemptAt: new Date(), lastError: null })
      .where(and(eq(deliveries.issueId, issueId), eq(deliveries.status, "failed")))
      .returning({ id: deliveries.id });
    if (again.length) {
      await tx.update(issues).set({ status: "sending", finishedAt: null }).where(eq(issues.id, issueId));
      await record?.(tx as unknown as Db, again.length);
    }
    return again.length;
  });
}

/** At start, when no other instance runs: what a crashed instance had in flight goes back to the
 * queue at once (instead of waiting for its lease). */
export async function requeueInterrupted(db: Db): Promise<number> {
  const back = await db
    .update(deliveries)
    .set({ status: "queued", leaseUntil: null })
    .where(eq(deliveries.status, "sending"))
    .returning({ id: deliveries.id });
  if (back.length) log("warn", "newsletter deliveries interrupted by a stop, queued again", { count: back.length });
  return back.length;
}

// ---- Sending -----------------------------------------------------------------------------

interface Claimed {
  id: string;
  issueId: string;
  subscriptionId: string;
  attempts: number;
}

/** Claims up to `limit` due deliveries: queued and due, or 'sending' past their lease. */
async function claim(db: Db, limit: number): Promise<Claimed[]> {
  const now = new Date();
  const due = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      or(
        and(eq(deliveries.status, "queued"), lte(deliveries.nextAttemptAt, now)),
        and(eq(deliveries.status, "sending"), lt(deliveries.leaseUntil, now)),
      ),
    )
    .orderBy(deliveries.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(deliveries)
    .set({ status: "sending", attempts: sql`${deliveries.attempts} + 1`, leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(deliveries.id, due))
    .returning({
      id: deliveries.id,
      issueId: deliveries.issueId,
      subscriptionId: deliveries.subscriptionId,
      attempts: deliveries.attempts,
    });
}

/** What staff read of a refusal: the SMTP server's reply, or nodemailer's code and message. */
const reasonOf = (err: unknown) => {
  const e = err as { message?: string; response?: string; code?: string };
  const text = e.response ?? e.message ?? String(err);
  return (e.code && !e.response ? `${e.code}: ${text}` : text).slice(0, 500);
};

/** Spaces the messages out: each takes the next free slot of 1/rate seconds. */
function throttle(rate: number) {
  const interval = 1000 / rate;
  let next = 0;
  return async () => {
    const now = Date.now();
    const slot = Math.max(now, next);
    next = slot + interval;
    if (slot > now) await new Promise((r) => setTimeout(r, slot - now));
  };
}

export interface BatchOutcome {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** Claims one batch of due deliveries and sends them; then closes the issues it finished. */
export async function sendBatch(
  ctx: SendCtx,
  options: QueueOptions = {},
  wait = throttle(options.rate ?? 10),
  /** True once the server is stopping: the deliveries not yet begun go back to the queue. */
  stopping = () => false,
): Promise<BatchOutcome> {
  const rate = options.rate ?? 10;
  const backoff = options.backoffMs ?? BACKOFF_MS;
  // About ten seconds of sending per batch, well inside the lease.
  const batch = await claim(ctx.db, Math.max(1, Math.min(50, Math.floor(rate * 10))));
  const outcome: BatchOutcome = { claimed: batch.length, sent: 0, retrying: 0, failed: 0 };
  if (batch.length === 0) {
    await finishIssues(ctx.db);
    return outcome;
  }
  const people = new Map(
    (
      await ctx.db
        .select({ id: subs.id, email: subs.email, locale: subs.locale })
        .from(subs)
        .where(
          inArray(
            subs.id,
            batch.map((d) => d.subscriptionId),
          ),
        )
    ).map((s) => [s.id, s]),
  );
  const issueIds = [...new Set(batch.map((d) => d.issueId))];
  const stored = new Map(
    (
      await ctx.db
        .select({ id: issues.id, subject: issues.subject, body: issues.body, translations: issues.translations })
        .from(issues)
        .where(inArray(issues.id, issueIds))
    ).map((i) => [i.id, i]),
  );
  // Each issue in each language it is sent in, its body rendered once.
  const rendered = new Map<string, { draft: ReturnType<typeof issueIn>; html: string }>();
  const issueFor = (issueId: string, locale: unknown) => {
    const row = stored.get(issueId);
    if (!row) return undefined;
    const draft = issueIn(row, locale);
    const key = `${issueId}:${draft.lang}`;
    if (!rendered.has(key)) rendered.set(key, { draft, html: renderBody(ctx.env.PUBLIC_URL, draft.body) });
    return rendered.get(key)!;
  };

  const sendOne = async (d: Claimed) => {
    const person = people.get(d.subscriptionId);
    const issue = person && issueFor(d.issueId, person.locale);
    // Erased meanwhile: its delivery went with it (the foreign key cascades).
    if (!person || !issue) return;
    await wait();
    try {
      // The footer and its link in the language the person signed up in.
      const unsubscribe = unsubscribeUrl(ctx, d.subscriptionId, person.locale);
      await ctx.mailer.sendMail({
        to: person.email,
        unsubscribeUrl: unsubscribe,
        messageId: deliveryMessageId(ctx.env.PUBLIC_URL, d.id),
        ...newsletterMessage(issue.draft, issue.html, unsubscribe, person.locale),
        bulk: true,
      });
    } catch (err) {
      const reason = reasonOf(err);
      const final = d.attempts >= MAX_ATTEMPTS;
      await ctx.db
        .update(deliveries)
        .set(
          final
            ? { status: "failed", leaseUntil: null, lastError: reason }
            : {
                status: "queued",
                leaseUntil: null,
                lastError: reason,
                nextAttemptAt: new Date(Date.now() + Math.min(MAX_BACKOFF_MS, backoff * 2 ** (d.attempts - 1))),
              },
        )
        .where(and(eq(deliveries.id, d.id), eq(deliveries.status, "sending")));
      if (final) {
        outcome.failed++;
        log("error", "newsletter delivery failed", { delivery: d.id, attempts: d.attempts, reason });
      } else outcome.retrying++;
      return;
    }
    // Accepted by the SMTP server: recorded at once. A crash before this line sends the message
    // again after the restart, with the same Message-ID.
    await ctx.db
      .update(deliveries)
      .set({ status: "sent", sentAt: new Date(), leaseUntil: null, lastError: null })
      .where(eq(deliveries.id, d.id));
    outcome.sent++;
  };

  // `concurrency` lanes over the batch, each taking the next delivery.
  let next = 0;
  const lane = async () => {
    while (next < batch.length && !stopping()) await sendOne(batch[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 2, batch.length) }, lane));
  const unsent = batch.slice(next).map((d) => d.id);
  if (unsent.length) {
    await ctx.db
      .update(deliveries)
      .set({ status: "queued", leaseUntil: null, attempts: sql`${deliveries.attempts} - 1` })
      .where(and(inArray(deliveries.id, unsent), eq(deliveries.status, "sending")));
  }
  await finishIssues(ctx.db);
  return outcome;
}

/** An issue is sent once none of its deliveries is queued or in flight: its counts are kept. */
async function finishIssues(db: Db) {
  const counted = (status: "sent" | "failed") =>
    sql<number>`(select count(*) from ${deliveries} where ${deliveries.issueId} = ${issues.id} and ${deliveries.status} = ${status})::int`;
  await db
    .update(issues)
    .set({ status: "sent", finishedAt: new Date(), sentCount: counted("sent"), failedCount: counted("failed") })
    .where(
      and(
        eq(issues.status, "sending"),
        sql`not exists (select 1 from ${deliveries} where ${deliveries.issueId} = ${issues.id} and ${deliveries.status} in ('queued', 'sending'))`,
      ),
    );
}

export interface Worker {
  /** Looks at the queue now instead of at the next poll. */
  wake(): void;
  /** Finishes the batch in hand, then stops. */
  stop(): Promise<void>;
}

/** Sends the queue in the background, in this process, until stopped: a batch after another while
 * there is work, a look every `pollMs` otherwise. Every instance runs one; they share the queue. */
export function startNewsletterWorker(ctx: SendCtx, options: QueueOptions & { pollMs?: number } = {}): Worker {
  let stopped = false;
  let sleeping: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  const wake = () => {
    if (!sleeping) return;
    clearTimeout(sleeping.timer);
    sleeping.resolve();
    sleeping = null;
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      sleeping = { timer: setTimeout(() => ((sleeping = null), resolve()), ms), resolve };
    });
  const wait = throttle(options.rate ?? 10);
  const running = (async () => {
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = (await sendBatch(ctx, options, wait, () => stopped)).claimed;
      } catch (err) {
        log("error", "newsletter queue", errorFields(err));
      }
      if (!claimed && !stopped) await pause(options.pollMs ?? 2000);
    }
  })();
  return {
    wake,
    async stop() {
      stopped = true;
      wake();
      await running;
    },
  };
}

// ---- What the admin shows ----------------------------------------------------------------

export interface IssueSummary {
  id: string;
  subject: string;
  status: "sending" | "sent";
  recipients: number;
  sent: number;
  failed: number;
  /** Queued or in flight. */
  left: number;
  /** Of the left, those waiting to be tried again after a refusal. */
  retrying: number;
  createdAt: Date;
  finishedAt: Date | null;
  /** Who sent it (null for issues from before it was recorded). */
  sentByEmail: string | null;
}

/** The last issues, newest first, with their counts (counted live while sending). */
export async function newsletterHistory(db: Db, limit = 20): Promise<IssueSummary[]> {
  const rows = await db.select().from(issues).orderBy(desc(issues.createdAt)).limit(limit);
  const sending = rows.filter((r) => r.status === "sending").map((r) => r.id);
  const live = sending.length
    ? await db
        .select({
          issueId: deliveries.issueId,
          status: deliveries.status,
          retrying: sql<number>`count(*) filter (where ${deliveries.attempts} > 0)::int`,
          n: count(),
        })
        .from(deliveries)
        .where(inArray(deliveries.issueId, sending))
        .groupBy(deliveries.issueId, deliveries.status)
    : [];
  return rows.map((r) => {
    const mine = live.filter((l) => l.issueId === r.id);
    const of = (...statuses: string[]) => mine.filter((l) => statuses.includes(l.status)).reduce((a, l) => a + l.n, 0);
    const base = {
      id: r.id,
      subject: r.subject,
      status: r.status,
      recipients: r.recipients,
      createdAt: r.createdAt,
      finishedAt: r.finishedAt,
      sentByEmail: r.sentByEmail,
    };
    if (r.status === "sent") return { ...base, sent: r.sentCount, failed: r.failedCount, left: 0, retrying: 0 };
    const queued = mine.find((l) => l.status === "queued");
    return { ...base, sent: of("sent"), failed: of("failed"), left: of("queued", "sending"), retrying: queued?.retrying ?? 0 };
  });
}

/** The failed deliveries of an issue, with their reasons (the address, for staff only). */
export async function failedDeliveries(db: Db, issueId: string, limit = 50) {
  return db
    .select({ email: subs.email, attempts: deliveries.attempts, reason: deliveries.lastError })
    .from(deliveries)
    .innerJoin(subs, eq(subs.id, deliveries.subscriptionId))
    .where(and(eq(deliveries.issueId, issueId), eq(deliveries.status, "failed")))
    .orderBy(subs.email)
    .limit(limit);
}
