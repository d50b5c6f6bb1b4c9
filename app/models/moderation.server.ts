import { and, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contributionAnswers, contributionCodes, contributionReports, rejectedCodeSuggestions, testimonials } from "~/db/schema";
import { DEFAULT_CONSULTATION, PHASES, type Consultation } from "~/domain/campaign";
import {
  contributionTypes,
  moderationModes,
  moderationStatuses,
  type ContributionType,
  type ModerationStatus,
  type ReportReason,
} from "~/domain/contributions";
import type { Category } from "~/domain/themes";
import type { CommentPlace } from "~/domain/contributions";
import type { AppContext } from "~/infra/app-context.server";
import { contentChanged } from "~/infra/content-changes.server";
import { formatShortDate } from "~/lib/dates";
import {
  DEFAULT_MODERATION,
  DISMISSED_REPORTS_MAX,
  INTENT_RULES,
  QUEUE_PAGE_SIZE,
  REPORT_HOLDS_PER_HOUR,
  REPORTS_WEIGHED_PER_HOUR,
  type ModerationIntent,
  type ModerationSettings,
  type QueueFilters,
} from "~/lib/moderation";
import { commentPlaces } from "~/models/content.server";
import { containing, dayRange } from "~/models/admin-list.server";
import { CONTRIBUTION_KINDS, columnOrNull, contributionKinds, hasPlace, type ContributionTable } from "~/models/contributions.server";
import { putSetting, readSettings } from "~/infra/settings.server";
import { mediaUrl } from "~/infra/storage.server";
import { logRepeated } from "~/infra/log.server";

// Moderation (decision 028) and the consultation's calendar (decision 029), on the server: the two
// settings, the queue staff work through, their actions, and visitors' reports.

const KEYS = { moderation: "moderation", consultation: "consultation" } as const;

async function readBoth(db: Db) {
  const stored = await readSettings(db, Object.values(KEYS));
  const value = (key: string) => {
    const v = stored.get(key);
    return v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  };
  return { moderation: toModeration(value(KEYS.moderation)), consultation: toConsultation(value(KEYS.consultation)) };
}

/** A stored value read leniently: what is missing or odd takes its default. */
function toModeration(v: Record<string, unknown>): ModerationSettings {
  const d = DEFAULT_MODERATION;
  return {
    mode: (moderationModes as readonly unknown[]).includes(v.mode) ? (v.mode as ModerationSettings["mode"]) : d.mode,
    reportThreshold:
      Number.isInteger(v.reportThreshold) && (v.reportThreshold as number) >= 1 ? (v.reportThreshold as number) : d.reportThreshold,
    blockedTerms: Array.isArray(v.blockedTerms) ? v.blockedTerms.filter((t): t is string => typeof t === "string") : d.blockedTerms,
    holdLinks: typeof v.holdLinks === "boolean" ? v.holdLinks : d.holdLinks,
    requireTranscript: typeof v.requireTranscript === "boolean" ? v.requireTranscript : d.requireTranscript,
  };
}

const isDay = (v: unknown): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v);

function toConsultation(v: Record<string, unknown>): Consultation {
  const d = DEFAULT_CONSULTATION;
  return {
    closesOn: isDay(v.closesOn) ? v.closesOn : d.closesOn,
    extendedTo: isDay(v.extendedTo) ? v.extendedTo : d.extendedTo,
    phase: PHASES.some((p) => p.n === v.phase) ? (v.phase as Consultation["phase"]) : d.phase,
    open: typeof v.open === "boolean" ? v.open : d.open,
  };
}

export const readModerationSettings = async (db: Db) => (await readBoth(db)).moderation;
export const readConsultation = async (db: Db) => (await readBoth(db)).consultation;
/** Both at once (the public layout reads them on every page). */
export const readParticipationSettings = readBoth;
export type ParticipationSettings = Awaited<ReturnType<typeof readBoth>>;

export const saveModerationSettings = (db: Db, value: ModerationSettings) => putSetting(db, KEYS.moderation, value);
export const saveConsultation = (db: Db, value: Consultation) => putSetting(db, KEYS.consultation, value);

// ---------------------------------------------------------------------------------------
// The queue: the three kinds of contribution in one list, by the same three statuses.

export interface QueueItem {
  key: string;
  type: ContributionType;
  id: string;
  text: string;
  name: string | null;
  email: string | null;
  theme: Category | null;
  status: ModerationStatus;
  hiddenReason: string | null;
  createdAt: string;
  dateLabel: string;
  audioUrl: string | null;
  /** A testimonial's transcript (issue 33); null when it has none, or for the other kinds. */
  transcript: string | null;
  /** Where it is about (issue 32): the visitor's choice, a pin's nearest municipality, or staff's. */
  municipality: string | null;
  /** When visitors' reports took it off the site (null: they did not, or staff have decided since). */
  heldByReportsAt: string | null;
  reports: { reason: ReportReason; detail: string | null; createdAt: string; counted: boolean }[];
  /** A map comment's place, when it has one (a small map shows it). */
  place?: CommentPlace;
}

/** One select over the kinds' tables (contributions.server.ts), with the same columns. */
function unionQuery() {
  const selects = contributionKinds.map(
    (k) => sql`select ${sql.raw(`'${k.type}'`)}::text as type, id, ${k.columns.text} as text, ${columnOrNull(k.columns.name)} as name,
      ${columnOrNull(k.columns.email)} as email, ${columnOrNull(k.columns.theme)}::text as theme, status::text as status, hidden_reason,
      created_at, ${columnOrNull(k.columns.audio)} as audio_key, ${columnOrNull(k.columns.transcript)} as transcript,
      held_by_reports_at, reviewed_at, municipality from ${k.table}`,
  );
  return sql`(${sql.join(selects, sql` union all `)}) as c`;
}

function whereOf(f: Omit<QueueFilters, "status" | "page">): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.type) parts.push(sql`c.type = ${f.type}`);
  if (f.theme) parts.push(sql`c.theme = ${f.theme}`);
  if (f.municipality) parts.push(sql`c.municipality = ${f.municipality}`);
  if (f.q) {
    const like = containing(f.q);
    parts.push(sql`(c.text ilike ${like} or c.name ilike ${like} or c.email ilike ${like} or c.transcript ilike ${like})`);
  }
  const days = dayRange(sql`c.created_at`, f.from, f.to);
  if (days) parts.push(days);
  if (f.reported)
    parts.push(sql`exists (select 1 from contribution_reports r where r.contribution_type::text = c.type and r.contribution_id = c.id)`);
  if (f.held) parts.push(sql`c.held_by_reports_at is not null`);
  return sql.join(parts, sql` and `);
}

type Rows<T> = { rows: T[] };

/** A page of the queue (newest first), the counts of each status under the same filters, and the
 * reports of the page's items. */
export async function moderationQueue(db: Db, f: QueueFilters) {
  const where = whereOf(f);
  const offset = (f.page - 1) * QUEUE_PAGE_SIZE;
  const [page, counts] = await Promise.all([
    db.execute(sql`select c.type, c.id, c.text, c.name, c.email, c.theme, c.status, c.hidden_reason,
        c.created_at::text as created_at, c.audio_key, c.transcript, c.held_by_reports_at::text as held_by_reports_at,
        c.municipality
      from ${unionQuery()} where ${where} and c.status = ${f.status}
      order by c.created_at desc, c.id desc limit ${QUEUE_PAGE_SIZE} offset ${offset}`) as unknown as Promise<
      Rows<{
        type: ContributionType;
        id: string;
        text: string;
        name: string | null;
        email: string | null;
        theme: Category | null;
        status: ModerationStatus;
        hidden_reason: string | null;
        created_at: string;
        audio_key: string | null;
        transcript: string | null;
        held_by_reports_at: string | null;
        municipality: string | null;
      }>
    >,
    db.execute(sql`select c.status, count(*)::int as n from ${unionQuery()} where ${where} group by c.status`) as unknown as Promise<
      Rows<{ status: ModerationStatus; n: number }>
    >,
  ]);
  const reports = page.rows.length
    ? await db
        .select()
        .from(contributionReports)
        .where(
          inArray(
            contributionReports.contributionId,
            page.rows.map((r) => r.id),
          ),
        )
        .orderBy(contributionReports.createdAt)
    : [];
  const places = await commentPlaces(
    db,
    page.rows.filter((r) => hasPlace(r.type)).map((r) => r.id),
  );
  const dateOf = (text: string) => new Date(text.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00"));
  const items: QueueItem[] = page.rows.map((r) => {
    const at = dateOf(r.created_at);
    return {
      key: `${r.type}:${r.id}`,
      type: r.type,
      id: r.id,
      text: r.text,
      name: r.name,
      email: r.email,
      theme: r.theme,
      status: r.status,
      hiddenReason: r.hidden_reason,
      createdAt: at.toISOString(),
      dateLabel: formatShortDate(at),
      audioUrl: r.audio_key ? mediaUrl(r.audio_key) : null,
      transcript: r.transcript,
      municipality: r.municipality,
      heldByReportsAt: r.held_by_reports_at ? dateOf(r.held_by_reports_at).toISOString() : null,
      reports: reports
        .filter((p) => p.contributionId === r.id && p.contributionType === r.type)
        .map((p) => ({ reason: p.reason, detail: p.detail, createdAt: p.createdAt.toISOString(), counted: p.counted })),
      ...(places.has(r.id) ? { place: places.get(r.id)! } : {}),
    };
  });
  const count = Object.fromEntries(moderationStatuses.map((s) => [s, counts.rows.find((c) => c.status === s)?.n ?? 0])) as Record<
    ModerationStatus,
    number
  >;
  return { items, counts: count, total: count[f.status], pages: Math.max(1, Math.ceil(count[f.status] / QUEUE_PAGE_SIZE)) };
}

/** What waits for staff, of every kind (the nav's badge and the dashboard's card). */
export async function waitingCount(db: Db): Promise<number> {
  const counts = await Promise.all(contributionKinds.map((k) => db.$count(k.table, eq(k.table.status, "pending"))));
  return counts.reduce((a, b) => a + b, 0);
}

/** Published contributions that visitors reported and staff have not hidden (the dashboard's
 * "what needs doing"; those the reports sent back to pending are counted as waiting). */
export async function reportedPublishedCount(db: Db): Promise<number> {
  const where = whereOf({ type: null, theme: null, q: "", reported: true, held: false });
  const result = (await db.execute(
    sql`select count(*)::int as n from ${unionQuery()} where ${where} and c.status = 'published'`,
  )) as unknown as Rows<{ n: number }>;
  return Number(result.rows[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------
// Staff actions

type Item = { type: ContributionType; id: string };

const TABLES = Object.fromEntries(contributionKinds.map((k) => [k.type, k.table])) as Record<ContributionType, ContributionTable>;

/** Deleting was asked for an item that is not hidden: nothing was deleted (decision 051). */
export class DeleteRefused extends Error {}

/** Publishing was asked for testimonials without a transcript while the setting requires one
 * (issue 33): nothing was published. */
export class TranscriptRequired extends Error {
  constructor(readonly missing: number) {
    super(`${missing} testimonial(s) without a transcript`);
  }
}

/** Of these testimonials, the ids of those that would go public without a transcript while the
 * setting requires one (locked until the transaction ends, so none loses its transcript meanwhile). */
async function untranscribed(db: Db, ids: string[], from: ModerationStatus[]): Promise<string[]> {
  if (!ids.length || !(await readBoth(db)).moderation.requireTranscript) return [];
  const rows = await db
    .select({ id: testimonials.id })
    .from(testimonials)
    .where(and(inArray(testimonials.id, ids), inArray(testimonials.status, from), isNull(testimonials.transcript)))
    .for("update");
  return rows.map((r) => r.id);
}

/** Deletes contributions of one kind with everything that hangs on them: their reports, the
 * council's answer (and its mail), their codes. Returns the ids gone and the audio keys to remove
 * from storage once the transaction is kept (moderation's delete, and the erasure of a person's
 * data, decision 072). Run it inside a transaction. */
export async function deleteContributions(tx: Db, type: ContributionType, ids: string[]): Promise<{ id: string; key?: string | null }[]> {
  if (!ids.length) return [];
  const table = TABLES[type];
  const audio = CONTRIBUTION_KINDS[type].columns.audio;
  const gone: { id: string; key?: string | null }[] = await tx
    .delete(table)
    .where(inArray(table.id, ids))
    .returning({ id: table.id, ...(audio ? { key: sql<string>`${audio}` } : {}) });
  await tx
    .delete(contributionReports)
    .where(and(eq(contributionReports.contributionType, type), inArray(contributionReports.contributionId, ids)));
  // The council's answer goes with it (issue 31).
  await tx
    .delete(contributionAnswers)
    .where(and(eq(contributionAnswers.contributionType, type), inArray(contributionAnswers.contributionId, ids)));
  // And its codes (issue 32).
  await tx
    .delete(contributionCodes)
    .where(and(eq(contributionCodes.contributionType, type), inArray(contributionCodes.contributionId, ids)));
  await tx
    .delete(rejectedCodeSuggestions)
    .where(and(eq(rejectedCodeSuggestions.contributionType, type), inArray(rejectedCodeSuggestions.contributionId, ids)));
  return gone;
}

/** Applies an action to the items it fits (the others are left alone) and answers how many it
 * changed. Deleting is all or nothing: only hidden items may go (an item still public, or still
 * waiting, refuses the whole selection with DeleteRefused); it removes the reports too, and returns
 * the testimonials' audio keys to remove. Whether the person may delete is the caller's check. */
export async function moderate(
  db: Db,
  intent: ModerationIntent,
  items: Item[],
  reason: string | null,
  /** Called in the same transaction with what changed: the audit entries (decision 032). */
  record?: (tx: Db, changed: Item[]) => Promise<void>,
): Promise<{ changed: number; removedKeys: string[] }> {
  const byType = (type: ContributionType) => items.filter((i) => i.type === type).map((i) => i.id);
  const rule = INTENT_RULES[intent];
  const outcome = await db.transaction(async (tx) => {
    const removedKeys: string[] = [];
    const done: Item[] = [];
    for (const type of contributionTypes) {
      const ids = byType(type);
      if (!ids.length) continue;
      const table = TABLES[type];
      if (intent === "delete") {
        // Locked, so that nobody restores one between the check and the delete.
        const current = await tx.select({ status: table.status }).from(table).where(inArray(table.id, ids)).for("update");
        if (current.some((r) => !rule.from.includes(r.status))) throw new DeleteRefused();
        const gone = await deleteContributions(tx as unknown as Db, type, ids);
        for (const g of gone) if (g.key) removedKeys.push(g.key);
        done.push(...gone.map((g) => ({ type, id: g.id })));
        continue;
      }
      // A testimonial goes public only with its transcript, when the setting says so (issue 33).
      if (type === "testimonial" && rule.to === "published") {
        const missing = await untranscribed(tx as unknown as Db, ids, rule.from);
        if (missing.length) throw new TranscriptRequired(missing.length);
      }
      const rows = await tx
        .update(table)
        .set({ status: rule.to!, hiddenReason: intent === "hide" ? reason : null, reviewedAt: new Date(), heldByReportsAt: null })
        .where(and(inArray(table.id, ids), inArray(table.status, rule.from)))
        .returning({ id: table.id });
      done.push(...rows.map((r) => ({ type, id: r.id })));
    }
    if (done.length) await record?.(tx as unknown as Db, done);
    return { changed: done.length, removedKeys, done };
  });
  // The pages that show these kinds of contribution (decision 026).
  if (outcome.changed > 0) contentChanged(...[...new Set(outcome.done.map((i) => TABLES[i.type]))]);
  return { changed: outcome.changed, removedKeys: outcome.removedKeys };
}

// ---------------------------------------------------------------------------------------
// Visitors' reports

export type ReportOutcome = "reported" | "duplicate" | "gone";

/** One lock for the hourly cap on what reports hide (PostgreSQL; PGlite has one writer anyway). */
const REPORT_HOLDS_LOCK_ID = 7270736905;

const HOUR_MS = 60 * 60 * 1000;

/** How many contributions visitors' reports took off the site since `since` and staff have not
 * decided on yet. */
async function heldSince(db: Db, since: Date | null): Promise<number> {
  const counts = await Promise.all(
    Object.values(TABLES).map((table) => db.$count(table, since ? gt(table.heldByReportsAt, since) : isNotNull(table.heldByReportsAt))),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** Whether a visitor's new report weighs (issue 29): not when they sent more than
 * REPORTS_WEIGHED_PER_HOUR in the last hour, nor when staff kept published, after review, at least
 * DISMISSED_REPORTS_MAX of what they reported in the last 30 days. */
async function reportWeighs(db: Db, reporterKey: string, now: Date): Promise<boolean> {
  const recent = await db.$count(
    contributionReports,
    and(eq(contributionReports.reporterKey, reporterKey), gt(contributionReports.createdAt, new Date(now.getTime() - HOUR_MS))),
  );
  if (recent >= REPORTS_WEIGHED_PER_HOUR) return false;
  const month = new Date(now.getTime() - 30 * 24 * HOUR_MS);
  const dismissed = (await db.execute(sql`select count(*)::int as n from contribution_reports r
      join ${unionQuery()} on c.type = r.contribution_type::text and c.id = r.contribution_id
      where r.reporter_key = ${reporterKey} and r.created_at > ${month} and c.reviewed_at > r.created_at
        and c.status = 'published'`)) as unknown as { rows: { n: number }[] };
  return (dismissed.rows[0]?.n ?? 0) < DISMISSED_REPORTS_MAX;
}

/** Stores a visitor's report of a published contribution, once per visitor (clientKey, which
 * groups an IPv6 network by its /64). When the reports that weigh (reportWeighs) since staff last
 * reviewed it reach the threshold, the contribution waits for staff, unless reports have already
 * taken REPORT_HOLDS_PER_HOUR contributions off the site in the last hour: then it stays published
 * and waits in the queue's "with reports" filter. */
export async function reportContribution(
  context: Pick<AppContext, "db" | "clientKey">,
  report: { type: ContributionType; id: string; reason: ReportReason; detail: string | null },
): Promise<ReportOutcome> {
  const { db } = context;
  let heldBack = false;
  const outcome = await db.transaction(async (tx): Promise<ReportOutcome> => {
    const txDb = tx as unknown as Db;
    const current = await publishedRow(txDb, report.type, report.id);
    if (!current) return "gone";
    const now = new Date();
    const counted = await reportWeighs(txDb, context.clientKey, now);
    const [stored] = await tx
      .insert(contributionReports)
      .values({
        contributionType: report.type,
        contributionId: report.id,
        reason: report.reason,
        detail: report.detail,
        reporterKey: context.clientKey,
        counted,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: contributionReports.id });
    if (!stored) return "duplicate";
    if (!counted) {
      logRepeated("report-unweighed", "warn", "reports from one visitor no longer count: staff review them in the queue");
      return "reported";
    }
    const { reportThreshold } = (await readBoth(txDb)).moderation;
    const since = current.reviewedAt;
    const n = await tx.$count(
      contributionReports,
      and(
        eq(contributionReports.contributionType, report.type),
        eq(contributionReports.contributionId, report.id),
        eq(contributionReports.counted, true),
        since ? gt(contributionReports.createdAt, since) : undefined,
      ),
    );
    if (n < reportThreshold) return "reported";
    // The hourly cap, counted under one lock so that two reports at once cannot both pass it.
    await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_HOLDS_LOCK_ID})`);
    if ((await heldSince(txDb, new Date(now.getTime() - HOUR_MS))) >= REPORT_HOLDS_PER_HOUR) {
      logRepeated("report-holds-cap", "warn", "reports reached the hourly cap: reported contributions stay published until staff look");
      return "reported";
    }
    const table = TABLES[report.type];
    await tx
      .update(table)
      .set({ status: "pending", heldByReportsAt: now })
      .where(and(eq(table.id, report.id), eq(table.status, "published")));
    heldBack = true;
    return "reported";
  });
  // Held back for staff: it leaves the public pages (decision 026).
  if (heldBack) contentChanged(TABLES[report.type]);
  return outcome;
}

/** What reports hold now: how many contributions wait for staff because of reports, how many of
 * them in the last hour, and the cap. */
export async function reportHolds(db: Db) {
  const [now, lastHour] = await Promise.all([heldSince(db, null), heldSince(db, new Date(Date.now() - HOUR_MS))]);
  return { now, lastHour, cap: REPORT_HOLDS_PER_HOUR };
}

/** Every contribution that reports took off the site and staff have not decided on, published
 * again in one action (the reports that held it no longer count). */
export async function releaseHeld(db: Db, record?: (tx: Db, changed: Item[]) => Promise<void>): Promise<number> {
  const keys = await db.transaction(async (tx) => {
    const done: Item[] = [];
    // What reports took off the site goes back as it was (a testimonial published before the
    // transcript setting, without one, too: the dashboard counts those, issue 33).
    for (const { type, table } of contributionKinds) {
      const rows = await tx
        .update(table)
        .set({ status: "published", reviewedAt: new Date(), heldByReportsAt: null })
        .where(and(isNotNull(table.heldByReportsAt), eq(table.status, "pending")))
        .returning({ id: table.id });
      done.push(...rows.map((r) => ({ type, id: r.id })));
    }
    if (done.length) await record?.(tx as unknown as Db, done);
    return done;
  });
  if (keys.length) contentChanged(...[...new Set(keys.map((i) => TABLES[i.type]))]);
  return keys.length;
}

/** The contribution when it is public, with when staff last reviewed it. */
async function publishedRow(db: Db, type: ContributionType, id: string) {
  const table = TABLES[type];
  const [row] = await db
    .select({ reviewedAt: table.reviewedAt })
    .from(table)
    .where(and(eq(table.id, id), eq(table.status, "published")));
  return row;
}

/** A published contribution's public text, for the report page (undefined when not public). */
export async function publicContributionText(db: Db, type: ContributionType, id: string): Promise<string | undefined> {
  const { table, columns } = CONTRIBUTION_KINDS[type];
  const [row] = await db
    .select({ text: sql<string>`${columns.text}` })
    .from(table)
    .where(and(eq(table.id, id), eq(table.status, "published")));
  return row?.text;
}

// ---------------------------------------------------------------------------------------
// Testimonials' transcripts (issue 33)

export type TranscriptOutcome =
  { ok: true; before: string | null; after: string | null } | { ok: false; reason: "gone" | "clear_published" };

/** Staff's transcript of a testimonial, written or corrected from the queue: null clears it, which
 * a published testimonial may not do while the setting requires one. `record` is called in the same
 * transaction (the audit entry). */
export async function saveTranscript(
  db: Db,
  id: string,
  transcript: string | null,
  record?: (tx: Db, change: { before: string | null; after: string | null }) => Promise<void>,
): Promise<TranscriptOutcome> {
  const outcome = await db.transaction(async (tx): Promise<TranscriptOutcome> => {
    const txDb = tx as unknown as Db;
    const [row] = await tx
      .select({ status: testimonials.status, transcript: testimonials.transcript })
      .from(testimonials)
      .where(eq(testimonials.id, id))
      .for("update");
    if (!row) return { ok: false, reason: "gone" };
    if (transcript === null && row.status === "published" && (await readBoth(txDb)).moderation.requireTranscript)
      return { ok: false, reason: "clear_published" };
    await tx.update(testimonials).set({ transcript }).where(eq(testimonials.id, id));
    if (row.transcript !== transcript) await record?.(txDb, { before: row.transcript, after: transcript });
    return { ok: true, before: row.transcript, after: transcript };
  });
  // A published one's transcript is on the public pages (decision 026).
  if (outcome.ok && outcome.before !== outcome.after) contentChanged(testimonials);
  return outcome;
}

/** Published testimonials without a transcript: the dashboard's count (those published before the
 * setting, or while it was off). */
export const untranscribedPublishedCount = (db: Db): Promise<number> =>
  db.$count(testimonials, and(eq(testimonials.status, "published"), isNull(testimonials.transcript)));
