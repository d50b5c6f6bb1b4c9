import { createHmac, timingSafeEqual } from "node:crypto";
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { and, eq, getTableColumns, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import {
  accessibilityRequests,
  adminUsers,
  answerNotifications,
  contributionAnswers,
  contributionReports,
  newsletterSubscriptions,
  rightsRequests,
  resultFollows,
  results,
} from "~/db/schema";
import { councilDay } from "~/domain/accessibility-requests";
import type { ContributionType } from "~/domain/contributions";
import { oneMonthAfter, rightsReferenceOf, type ErasureMode, type RightsRequestKind } from "~/domain/rights";
import type { AppContext } from "~/infra/app-context.server";
import { contentChanged } from "~/infra/content-changes.server";
import { errorFields, log } from "~/infra/log.server";
import type { Storage } from "~/infra/storage.server";
import { csvChunks, downloadResponse, type CellValue, type TableColumn } from "~/infra/tabular.server";
import { translator } from "~/i18n/catalogues.server";
import type { Locale } from "~/i18n/locales";
import { localePaths } from "~/lib/routes";
import { SITE_NAME } from "~/lib/seo";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { contributionKinds, type ContributionKind } from "~/models/contributions.server";
import { deleteContributions } from "~/models/moderation.server";

// People's rights over their data (issue 34, decision 072): everything tied to an e-mail address,
// found through the one description of the contribution kinds (CONTRIBUTION_KINDS), exported as a
// ZIP (JSON, CSV and the testimonials' audio) and erased; and the public requests, confirmed from
// the address's mailbox before staff see them.

type MailCtx = Pick<AppContext, "db" | "env" | "mailer" | "sessionSecret">;

// ---- The address ------------------------------------------------------------------------------

/** An address as it is compared: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** What the audit log and an erased request keep instead of the address: SHA-256 of the lower-cased
 * address, keyed (HMAC) with a pepper derived from the server's secret, so the log cannot be
 * reversed by hashing a list of known addresses. */
export function emailHash(secret: string, email: string): string {
  const pepper = createHmac("sha256", secret).update("rights-email-hash").digest();
  return createHmac("sha256", pepper).update(normaliseEmail(email)).digest("hex");
}

/** Matches a column against an address, in any case. */
const sameAddress = (column: PgColumn | SQL, email: string) => sql`lower(${column}) = ${normaliseEmail(email)}`;

/** The JS name of a table's column (the key its rows carry). */
const keyOf = (kind: ContributionKind, column: PgColumn | null) =>
  column ? Object.entries(getTableColumns(kind.table)).find(([, c]) => c === column)?.[0] : undefined;

/** The kinds a person's address is stored with (a testimonial carries none: it cannot be tied to one). */
const kindsWithEmail = () => contributionKinds.filter((k) => k.columns.email);

// ---- Finding ----------------------------------------------------------------------------------

export interface PersonalData {
  /** Every contribution the address sent, whole (each kind's own columns), by kind. */
  contributions: { type: ContributionType; rows: Record<string, unknown>[] }[];
  newsletter: Record<string, unknown>[];
  /** Visitors' reports of the person's contributions (without the reporter's key: another person's). */
  reports: Record<string, unknown>[];
  /** The council's answers to the person's contributions, and the e-mail that told them (answer-mail consent). */
  answers: Record<string, unknown>[];
  accessibilityRequests: Record<string, unknown>[];
  rightsRequests: Record<string, unknown>[];
  /** Follows of the plan's results (decision 069): the address's own, and the author's follows of
   * the results their contributions led to. */
  follows: Record<string, unknown>[];
  /** The audio files of the person's testimonials: key, and the name in the ZIP. */
  audio: { key: string; name: string }[];
}

/** How many items of each section were found (the screen's summary, the audit entry). */
export function countsOf(data: PersonalData): Record<string, number> {
  return {
    ...Object.fromEntries(data.contributions.map((c) => [c.type, c.rows.length])),
    newsletter: data.newsletter.length,
    reports: data.reports.length,
    answers: data.answers.length,
    accessibilityRequests: data.accessibilityRequests.length,
    rightsRequests: data.rightsRequests.length,
    follows: data.follows.length,
    audio: data.audio.length,
  };
}

export const totalOf = (data: PersonalData) =>
  data.contributions.reduce((n, c) => n + c.rows.length, 0) +
  data.newsletter.length +
  data.accessibilityRequests.length +
  data.rightsRequests.length +
  data.follows.length;

/** Everything tied to an address. */
export async function findPersonalData(db: Db, secret: string, email: string): Promise<PersonalData> {
  const contributions: PersonalData["contributions"] = [];
  const audio: PersonalData["audio"] = [];
  const owned: { type: ContributionType; ids: string[] }[] = [];
  for (const kind of kindsWithEmail()) {
    const rows = (await db.select().from(kind.table).where(sameAddress(kind.columns.email!, email)).orderBy(kind.columns.date)) as Record<
      string,
      unknown
    >[];
    contributions.push({ type: kind.type, rows });
    owned.push({ type: kind.type, ids: rows.map((r) => r.id as string) });
    const audioKey = keyOf(kind, kind.columns.audio);
    if (audioKey)
      for (const r of rows) {
        const key = r[audioKey];
        if (typeof key === "string") audio.push({ key, name: `audio/${kind.type}-${String(r.id)}${key.slice(key.lastIndexOf("."))}` });
      }
  }
  const ofOwned = (typeColumn: PgColumn, idColumn: PgColumn) =>
    or(...owned.filter((o) => o.ids.length).map((o) => and(eq(typeColumn, o.type), inArray(idColumn, o.ids)))) ?? sql`false`;
  const reports = await db
    .select({
      id: contributionReports.id,
      contributionType: contributionReports.contributionType,
      contributionId: contributionReports.contributionId,
      reason: contributionReports.reason,
      detail: contributionReports.detail,
      createdAt: contributionReports.createdAt,
    })
    .from(contributionReports)
    .where(ofOwned(contributionReports.contributionType, contributionReports.contributionId));
  const answers = await db
    .select({
      id: contributionAnswers.id,
      contributionType: contributionAnswers.contributionType,
      contributionId: contributionAnswers.contributionId,
      publishedText: contributionAnswers.publishedText,
      publishedAt: contributionAnswers.publishedAt,
      mailStatus: answerNotifications.status,
      mailSentAt: answerNotifications.sentAt,
    })
    .from(contributionAnswers)
    .leftJoin(answerNotifications, eq(answerNotifications.answerId, contributionAnswers.id))
    .where(ofOwned(contributionAnswers.contributionType, contributionAnswers.contributionId));
  const newsletter = await db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      status: newsletterSubscriptions.status,
      source: newsletterSubscriptions.source,
      privacyAccepted: newsletterSubscriptions.privacyAccepted,
      createdAt: newsletterSubscriptions.createdAt,
      confirmedAt: newsletterSubscriptions.confirmedAt,
      locale: newsletterSubscriptions.locale,
    })
    .from(newsletterSubscriptions)
    .where(sameAddress(newsletterSubscriptions.email, email));
  const a11y = await db
    .select({
      id: accessibilityRequests.id,
      kind: accessibilityRequests.kind,
      name: accessibilityRequests.name,
      email: accessibilityRequests.email,
      about: accessibilityRequests.about,
      message: accessibilityRequests.message,
      status: accessibilityRequests.status,
      dueOn: accessibilityRequests.dueOn,
      answeredAt: accessibilityRequests.answeredAt,
      locale: accessibilityRequests.locale,
      createdAt: accessibilityRequests.createdAt,
    })
    .from(accessibilityRequests)
    .where(sameAddress(accessibilityRequests.email, email));
  const rights = await db
    .select({
      id: rightsRequests.id,
      kind: rightsRequests.kind,
      email: rightsRequests.email,
      message: rightsRequests.message,
      status: rightsRequests.status,
      createdAt: rightsRequests.createdAt,
      confirmedAt: rightsRequests.confirmedAt,
      dueOn: rightsRequests.dueOn,
      doneAt: rightsRequests.doneAt,
      locale: rightsRequests.locale,
    })
    .from(rightsRequests)
    .where(or(sameAddress(rightsRequests.email, email), eq(rightsRequests.emailHash, emailHash(secret, email))));
  const follows = await db
    .select({
      id: resultFollows.id,
      email: resultFollows.email,
      result: results.title,
      municipality: resultFollows.municipality,
      contributionType: resultFollows.contributionType,
      contributionId: resultFollows.contributionId,
      status: resultFollows.status,
      locale: resultFollows.locale,
      createdAt: resultFollows.createdAt,
      confirmedAt: resultFollows.confirmedAt,
    })
    .from(resultFollows)
    .leftJoin(results, eq(results.id, resultFollows.resultId))
    .where(or(sameAddress(resultFollows.email, email), ofOwned(resultFollows.contributionType, resultFollows.contributionId)));
  return { contributions, newsletter, reports, answers, accessibilityRequests: a11y, rightsRequests: rights, follows, audio };
}

// ---- Exporting --------------------------------------------------------------------------------

/** The file of each section in the ZIP. */
const SECTION_FILES: Record<string, string> = {
  reflection: "reflexions",
  map_comment: "comentaris-mapa",
  testimonial: "testimonis",
  newsletter: "newsletter",
  reports: "denuncies",
  answers: "respostes",
  accessibilityRequests: "sollicituds-accessibilitat",
  rightsRequests: "sollicituds-drets",
  follows: "seguiments",
};

/** The sections as named tables: each contribution kind, then the rest. */
function sectionsOf(data: PersonalData): [string, Record<string, unknown>[]][] {
  return [
    ...data.contributions.map((c) => [SECTION_FILES[c.type] ?? c.type, c.rows] as [string, Record<string, unknown>[]]),
    [SECTION_FILES.newsletter!, data.newsletter],
    [SECTION_FILES.reports!, data.reports],
    [SECTION_FILES.answers!, data.answers],
    [SECTION_FILES.accessibilityRequests!, data.accessibilityRequests],
    [SECTION_FILES.rightsRequests!, data.rightsRequests],
    [SECTION_FILES.follows!, data.follows],
  ];
}

const cell = (v: unknown): CellValue =>
  v === null || v === undefined || typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v instanceof Date
    ? v
    : JSON.stringify(v);

async function csvOf(rows: Record<string, unknown>[]): Promise<string> {
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const columns: TableColumn<Record<string, unknown>>[] = headers.map((h) => ({ header: h, value: (r) => cell(r[h]) }));
  let out = "";
  for await (const chunk of csvChunks(columns, Readable.from(rows))) out += chunk;
  return out;
}

/** The person's data as a ZIP: dades.json (every section), one CSV per section, and the audio files. */
export function personalDataZip(storage: Storage, data: PersonalData, filename: string): Response {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const fill = async () => {
    const json = Object.fromEntries(sectionsOf(data));
    archive.append(JSON.stringify({ generatedAt: new Date().toISOString(), site: SITE_NAME, ...json }, null, 2), { name: "dades.json" });
    for (const [name, rows] of sectionsOf(data)) archive.append(await csvOf(rows), { name: `${name}.csv` });
    for (const file of data.audio) {
      const stored = await storage.get(file.key);
      if (!stored) {
        log("warn", "rights export: audio missing", { key: file.key });
        continue;
      }
      archive.append(stored.body, { name: file.name, store: true });
    }
    await archive.finalize();
  };
  fill().catch((err: unknown) => {
    if (!archive.destroyed) log("error", "rights export failed", errorFields(err));
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return downloadResponse(archive, filename, "zip");
}

// ---- Erasing ----------------------------------------------------------------------------------

/** What replaces the address wherever it is left in a kept text (a contribution, an answer, a log). */
export const ERASED = "[esborrat]";

export class StaffAddress extends Error {}

/** The address as a case-insensitive POSIX regular expression (every character that is not a
 * letter or a digit escaped). */
const addressPattern = (email: string) => normaliseEmail(email).replace(/[^a-z0-9@]/g, (c) => `\\${c}`);

/** Every text and JSON column of every table of the site's schema: where a copy of the address may
 * be left (a reflection whose text quotes it, an audit entry, an answer). */
async function textColumns(db: Db): Promise<{ table: string; column: string; json: boolean }[]> {
  const res = await db.execute(sql`select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')
    order by table_name, column_name`);
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as {
    table_name: string;
    column_name: string;
    data_type: string;
  }[];
  return rows.map((r) => ({ table: r.table_name, column: r.column_name, json: r.data_type.startsWith("json") }));
}

export interface ErasureResult {
  hash: string;
  mode: ErasureMode;
  counts: Record<string, number>;
  /** Rows where a copy of the address was replaced in a kept text. */
  scrubbed: number;
}

/** Erases everything tied to an address, in one transaction: the personal fields (or, in "whole"
 * mode, the contributions themselves with their reports, answers, codes and audio), the newsletter
 * subscription, the accessibility requests' address, the rights requests' address (their hash stays)
 * and any copy of the address left in a text or JSON column anywhere; then the audio files. The
 * audit entry keeps the address's hash only. A staff account's address is refused: accounts are
 * closed from "Comptes". */
export async function erasePersonalData(
  context: Pick<AppContext, "db" | "storage" | "sessionSecret" | "clientIp">,
  email: string,
  mode: ErasureMode,
  actor: AuditActor,
  request?: Request,
): Promise<ErasureResult> {
  const hash = emailHash(context.sessionSecret, email);
  const found = await findPersonalData(context.db, context.sessionSecret, email);
  const counts = countsOf(found);
  const removedKeys: string[] = [];
  let scrubbed = 0;
  await context.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [staff] = await tx.select({ id: adminUsers.id }).from(adminUsers).where(sameAddress(adminUsers.email, email));
    if (staff) throw new StaffAddress();
    for (const kind of kindsWithEmail()) {
      const ids = found.contributions.find((c) => c.type === kind.type)!.rows.map((r) => r.id as string);
      if (!ids.length) continue;
      // The answer's e-mail to an address that is going: not sent, and its record gone.
      const answers = await tx
        .select({ id: contributionAnswers.id })
        .from(contributionAnswers)
        .where(and(eq(contributionAnswers.contributionType, kind.type), inArray(contributionAnswers.contributionId, ids)));
      if (answers.length)
        await tx.delete(answerNotifications).where(
          inArray(
            answerNotifications.answerId,
            answers.map((a) => a.id),
          ),
        );
      if (mode === "whole") {
        for (const g of await deleteContributions(tx, kind.type, ids)) if (g.key) removedKeys.push(g.key);
        continue;
      }
      const columns = getTableColumns(kind.table) as Record<string, PgColumn>;
      const set: Record<string, unknown> = {};
      for (const column of [kind.columns.email, kind.columns.name]) {
        const key = keyOf(kind, column);
        if (key) set[key] = null;
      }
      // The consents that needed the address go with it.
      if ("answerConsent" in columns) set.answerConsent = false;
      if ("privacyAccepted" in columns) set.privacyAccepted = false;
      await tx
        .update(kind.table)
        .set(set as never)
        .where(inArray(kind.table.id, ids));
    }
    await tx.delete(newsletterSubscriptions).where(sameAddress(newsletterSubscriptions.email, email));
    // Follows of the plan's results, the address's and the author's (their queued news go with them).
    if (found.follows.length)
      await tx.delete(resultFollows).where(
        inArray(
          resultFollows.id,
          found.follows.map((f) => f.id as string),
        ),
      );
    if (mode === "whole") await tx.delete(accessibilityRequests).where(sameAddress(accessibilityRequests.email, email));
    else await tx.update(accessibilityRequests).set({ email: ERASED, name: null }).where(sameAddress(accessibilityRequests.email, email));
    // The person's requests: kept (with the hash) and answered by the erasure.
    const now = new Date();
    await tx
      .update(rightsRequests)
      .set({ email: null })
      .where(or(sameAddress(rightsRequests.email, email), eq(rightsRequests.emailHash, hash)));
    await tx
      .update(rightsRequests)
      .set({ status: "done", doneAt: now, doneByEmail: actor.email })
      .where(and(eq(rightsRequests.emailHash, hash), eq(rightsRequests.status, "pending")));
    await tx.delete(rightsRequests).where(and(eq(rightsRequests.emailHash, hash), eq(rightsRequests.status, "unconfirmed")));
    // Any copy left in a kept text, in every table: the address goes, the text stays.
    const pattern = addressPattern(email);
    for (const { table, column, json } of await textColumns(tx)) {
      const t = sql.identifier(table);
      const c = sql.identifier(column);
      const res = json
        ? await tx.execute(
            sql`update ${t} set ${c} = regexp_replace(${c}::text, ${pattern}, ${ERASED}, 'gi')::jsonb where ${c}::text ~* ${pattern}`,
          )
        : await tx.execute(sql`update ${t} set ${c} = regexp_replace(${c}, ${pattern}, ${ERASED}, 'gi') where ${c} ~* ${pattern}`);
      scrubbed += affectedRows(res);
    }
    await recordAudit(tx, { request, context }, actor, {
      entity: "personal_data",
      entityId: hash,
      action: "erase",
      after: { mode, ...Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, String(v)])), scrubbed: String(scrubbed) },
    });
  });
  for (const key of removedKeys)
    await context.storage.delete(key).catch((err: unknown) => log("error", "erasure: audio not removed", { key, ...errorFields(err) }));
  // The public lists show the authors' names; whole contributions take their answers with them.
  contentChanged(...kindsWithEmail().map((k) => k.table), ...(mode === "whole" ? [contributionAnswers] : []));
  return { hash, mode, counts, scrubbed };
}

function affectedRows(res: unknown): number {
  const r = res as { rowCount?: number | null; affectedRows?: number; count?: number };
  return r.affectedRows ?? r.rowCount ?? r.count ?? 0;
}

// ---- Public requests --------------------------------------------------------------------------

/** A confirmation link works this long; an unconfirmed request is erased after it. */
export const RIGHTS_CONFIRMATION_DAYS = 7;
const CONFIRMATION_MS = RIGHTS_CONFIRMATION_DAYS * 24 * 60 * 60 * 1000;
/** The same request asked for again sends the e-mail again at most this often. */
export const RIGHTS_RESEND_MS = 15 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A key of its own, derived from the session secret: a link can pass for no cookie and no newsletter link. */
const linkKey = (secret: string) => createHmac("sha256", secret).update("rights-links").digest();
const mac = (secret: string, text: string) => createHmac("sha256", linkKey(secret)).update(text).digest("base64url").slice(0, 22);
const sameMac = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function rightsConfirmToken(secret: string, id: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${id}.${exp}.${mac(secret, `confirm:${id}:${exp}`)}`;
}

function readToken(secret: string, token: string): { id: string; expiresAt: Date } | null {
  const [id = "", exp = "", sig = "", ...rest] = token.split(".");
  if (rest.length || !UUID.test(id) || !/^[0-9a-z]{1,10}$/.test(exp)) return null;
  if (!sameMac(sig, mac(secret, `confirm:${id}:${exp}`))) return null;
  return { id, expiresAt: new Date(parseInt(exp, 36) * 1000) };
}

export const rightsConfirmUrl = (ctx: Pick<AppContext, "env" | "sessionSecret">, id: string, expiresAt: Date, locale: Locale) =>
  `${ctx.env.PUBLIC_URL}${localePaths(locale).rightsConfirm(rightsConfirmToken(ctx.sessionSecret, id, expiresAt))}`;

/** Erases the requests nobody confirmed in time. */
export async function purgeUnconfirmedRequests(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(rightsRequests)
    .where(
      and(
        eq(rightsRequests.status, "unconfirmed"),
        lt(sql`coalesce(${rightsRequests.confirmationSentAt}, ${rightsRequests.createdAt})`, new Date(now.getTime() - CONFIRMATION_MS)),
      ),
    )
    .returning({ id: rightsRequests.id });
  return gone.length;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function rightsConfirmationMessage(input: { kind: RightsRequestKind; confirm: string; days: number; locale: Locale }) {
  const t = translator(input.locale);
  const lines = [
    t("emails.rightsRequest.hello"),
    t(input.kind === "erasure" ? "emails.rightsRequest.erasure" : "emails.rightsRequest.access", { site: SITE_NAME }),
    t("emails.rightsRequest.confirm", { days: input.days }),
  ];
  const after = t("emails.rightsRequest.ignore");
  return {
    subject: t("emails.rightsRequest.subject"),
    text: `${lines.join("\n\n")}\n\n${input.confirm}\n\n${after}\n`,
    html: [
      `<!doctype html><html lang="${input.locale}"><body style="font-family:sans-serif;line-height:1.5;max-width:40em">`,
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p><a href="${escapeHtml(input.confirm)}">${escapeHtml(t("emails.rightsRequest.button"))}</a></p>`,
      `<p>${escapeHtml(after)}</p>`,
      "</body></html>",
    ].join("\n"),
  };
}

export type RightsMail = "sent" | "recent" | "failed";

/** Stores an unconfirmed request (or finds the same one, unconfirmed, for the address) and sends
 * the confirmation e-mail, unless one went out less than RIGHTS_RESEND_MS ago. Nobody reaches the
 * staff queue without following the link sent to the address. */
export async function requestRights(
  ctx: MailCtx,
  input: { kind: RightsRequestKind; email: string; message: string | null },
  locale: Locale,
  now = new Date(),
): Promise<{ id: string; mail: RightsMail }> {
  await purgeUnconfirmedRequests(ctx.db, now);
  const hash = emailHash(ctx.sessionSecret, input.email);
  const [existing] = await ctx.db
    .select({ id: rightsRequests.id })
    .from(rightsRequests)
    .where(and(eq(rightsRequests.emailHash, hash), eq(rightsRequests.kind, input.kind), eq(rightsRequests.status, "unconfirmed")));
  let id: string;
  if (existing) {
    id = existing.id;
    await ctx.db.update(rightsRequests).set({ message: input.message, locale }).where(eq(rightsRequests.id, id));
  } else {
    const [row] = await ctx.db
      .insert(rightsRequests)
      .values({ kind: input.kind, email: normaliseEmail(input.email), emailHash: hash, message: input.message, locale, createdAt: now })
      .returning({ id: rightsRequests.id });
    id = row!.id;
  }
  const [claimed] = await ctx.db
    .update(rightsRequests)
    .set({ confirmationSentAt: now })
    .where(
      and(
        eq(rightsRequests.id, id),
        sql`(${rightsRequests.confirmationSentAt} is null or ${rightsRequests.confirmationSentAt} < ${new Date(now.getTime() - RIGHTS_RESEND_MS)})`,
      ),
    )
    .returning({ email: rightsRequests.email });
  if (!claimed?.email) return { id, mail: "recent" };
  try {
    const confirm = rightsConfirmUrl(ctx, id, new Date(now.getTime() + CONFIRMATION_MS), locale);
    await ctx.mailer.sendMail({
      to: claimed.email,
      ...rightsConfirmationMessage({ kind: input.kind, confirm, days: RIGHTS_CONFIRMATION_DAYS, locale }),
    });
    return { id, mail: "sent" };
  } catch (err) {
    log("error", "rights request confirmation failed", { request: id, ...errorFields(err) });
    await ctx.db.update(rightsRequests).set({ confirmationSentAt: null }).where(eq(rightsRequests.id, id));
    return { id, mail: "failed" };
  }
}

export type RightsConfirmOutcome = "confirmed" | "already" | "expired" | "gone" | "invalid";

/** What a confirmation link's page shows before its button is pressed (opening confirms nothing:
 * mail gateways open every link). */
export async function rightsConfirmationState(
  ctx: Pick<AppContext, "db" | "sessionSecret">,
  token: string,
): Promise<Exclude<RightsConfirmOutcome, "confirmed"> | "pending"> {
  const link = readToken(ctx.sessionSecret, token);
  if (!link) return "invalid";
  const [row] = await ctx.db.select({ status: rightsRequests.status }).from(rightsRequests).where(eq(rightsRequests.id, link.id));
  if (row && row.status !== "unconfirmed") return "already";
  if (link.expiresAt.getTime() < Date.now()) return "expired";
  return row ? "pending" : "gone";
}

/** Confirms the request a link names: it enters the staff queue, due a month after today. */
export async function confirmRightsRequest(
  ctx: Pick<AppContext, "db" | "sessionSecret">,
  token: string,
  now = new Date(),
): Promise<{ outcome: RightsConfirmOutcome; reference?: string; dueOn?: string }> {
  const state = await rightsConfirmationState(ctx, token);
  if (state !== "pending") return { outcome: state };
  const { id } = readToken(ctx.sessionSecret, token)!;
  const dueOn = oneMonthAfter(councilDay(now));
  const [row] = await ctx.db
    .update(rightsRequests)
    .set({ status: "pending", confirmedAt: now, dueOn })
    .where(and(eq(rightsRequests.id, id), eq(rightsRequests.status, "unconfirmed")))
    .returning({ id: rightsRequests.id });
  if (!row) return { outcome: "already" };
  return { outcome: "confirmed", reference: rightsReferenceOf(id), dueOn };
}

/** The staff queue: the confirmed requests, the oldest due first, then the ones done (latest first). */
export async function rightsQueue(db: Db) {
  return db
    .select({
      id: rightsRequests.id,
      kind: rightsRequests.kind,
      email: rightsRequests.email,
      message: rightsRequests.message,
      status: rightsRequests.status,
      locale: rightsRequests.locale,
      confirmedAt: rightsRequests.confirmedAt,
      dueOn: rightsRequests.dueOn,
      doneAt: rightsRequests.doneAt,
      doneByEmail: rightsRequests.doneByEmail,
    })
    .from(rightsRequests)
    .where(inArray(rightsRequests.status, ["pending", "done"]))
    .orderBy(sql`${rightsRequests.status} = 'done'`, rightsRequests.dueOn, sql`${rightsRequests.doneAt} desc`)
    .limit(200);
}

/** Marks a confirmed request done (or back to pending); null when it does not exist or is already so. */
export async function setRightsRequestStatus(db: Pick<Db, "update">, id: string, status: "pending" | "done", by: string | null) {
  const [row] = await db
    .update(rightsRequests)
    .set(status === "done" ? { status, doneAt: new Date(), doneByEmail: by } : { status, doneAt: null, doneByEmail: null })
    .where(and(eq(rightsRequests.id, id), eq(rightsRequests.status, status === "done" ? "pending" : "done")))
    .returning({ id: rightsRequests.id });
  return row ?? null;
}
