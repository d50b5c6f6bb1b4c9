import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import type { AppContext } from "~/infra/app-context.server";
import { userAgentOf } from "~/infra/session.server";
import type { AuditAction } from "~/lib/audit-labels";
import { containing, dayRange } from "~/models/admin-list.server";

// The audit log (decision 032): one row per back-office write, inserted with the same database
// handle (the transaction) as the change, so both are kept or neither is. Nothing here updates or
// deletes a row, and no route does (audit.server.test.ts checks the sources).

export interface AuditActor {
  id: string | null;
  email: string | null;
}

export interface AuditChange {
  entity: string;
  entityId?: string | null;
  action: AuditAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Names of fields never copied into the log: credentials, and citizens' e-mail addresses (a
 * contribution deleted for privacy must not live on here). */
const HIDDEN = /password|secret|token|hash|code|email/i;

/** The text fields of a row or a form's values, as the log keeps them (booleans too: a switch's state). */
export function textFields(values: Record<string, unknown> | null | undefined): Record<string, string | boolean | null> | null {
  if (!values) return null;
  const out: Record<string, string | boolean | null> = {};
  for (const [k, v] of Object.entries(values)) {
    if (HIDDEN.test(k)) continue;
    if (typeof v === "string" || typeof v === "boolean" || v === null) out[k] = v;
    // Staff texts' translations (decision 062) are recorded as their form fields: title_es, title_en.
    else if (k === "translations" && typeof v === "object")
      for (const [locale, texts] of Object.entries(v as Record<string, Record<string, unknown>>))
        for (const [field, text] of Object.entries(texts ?? {})) if (typeof text === "string") out[`${field}_${locale}`] = text;
  }
  return out;
}

/** Only the fields that changed, on each side (all of them for a create or a delete). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const b = textFields(before);
  const a = textFields(after);
  if (!b || !a) return { before: b, after: a };
  // A translation added or removed is a change too (its key is on one side only).
  const translated = (k: string) => /_(es|en)$/.test(k);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b).filter(translated)])].filter(
    (k) => (k in b || translated(k)) && (b[k] ?? null) !== (a[k] ?? null),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, b[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, a[k] ?? null])),
  };
}

/** Writes one entry with `db` (pass the transaction of the change). */
export async function recordAudit(
  db: Db,
  client: { request?: Request; context: Pick<AppContext, "clientIp"> },
  actor: AuditActor,
  change: AuditChange,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    entity: change.entity,
    entityId: change.entityId ?? null,
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
    ip: client.context.clientIp ?? null,
    userAgent: userAgentOf(client.request),
  });
}

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  actor?: string;
  entity?: string;
  action?: string;
  /** yyyy-mm-dd, inclusive, days of the campaign's calendar (as every list's). */
  from?: string;
  to?: string;
}

function where(filter: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.actor) parts.push(ilike(auditLog.actorEmail, containing(filter.actor)));
  if (filter.entity) parts.push(eq(auditLog.entity, filter.entity));
  if (filter.action) parts.push(eq(auditLog.action, filter.action));
  parts.push(dayRange(auditLog.at, filter.from, filter.to));
  return parts.length ? and(...parts) : undefined;
}

/** One page of entries, newest first, and how many match. */
export async function listAudit(db: Db, filter: AuditFilter, page: number, pageSize = AUDIT_PAGE_SIZE) {
  const w = where(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(w)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).where(w),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every matching entry, newest first, a batch at a time (for the CSV export). */
export async function* allAudit(db: Db, filter: AuditFilter, batch = 1000) {
  for (let offset = 0; ; offset += batch) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(where(filter))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(batch)
      .offset(offset);
    yield* rows;
    if (rows.length < batch) return;
  }
}

/** The distinct entities and actions seen, for the screen's filters. */
export async function auditFacets(db: Db) {
  const [entities, actions] = await Promise.all([
    db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return { entities: entities.map((r) => r.v), actions: actions.map((r) => r.v) };
}
