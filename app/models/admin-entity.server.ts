import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { AppContext } from "~/infra/app-context.server";
import { done, failed, logActionError, readAdminForm, removeFile } from "~/models/admin.server";
import { idSchema } from "~/lib/admin-schemas";
import { fieldErrors, firstError, type FieldErrors } from "~/lib/forms";
import { changedFields, recordAudit, textFields, type AuditChange } from "~/models/audit.server";
import { requireAdmin } from "~/infra/session.server";
import type { PutOptions, StoredFile } from "~/infra/storage.server";
import { FormError } from "~/infra/forms.server";
import { contentChanged } from "~/infra/content-changes.server";
import type { AuditAction } from "~/lib/audit-labels";

// The one way an admin screen writes a row (decision 017): create | update | toggle | delete,
// each with its files. An uploaded file is removed when the write fails or the row does not keep
// it; the row's old file is removed when it is replaced or the row is deleted. A bad id is a 400,
// a missing row a 404, a database failure a logged 500; every message is the entity's own. Each
// successful write names the entity's table to the page cache (contentChanged); a screen's own
// intents name what they write themselves.
// Each write and its audit entry (decision 032) are one transaction: both are kept or neither is.

export type Intent = "create" | "update" | "toggle" | "delete";
export type Why = "bad_id" | "not_found" | "error";

export interface EntityTexts {
  /** Needed when the screen creates and updates. */
  created?: string;
  updated?: string;
  deleted: string;
  /** The toast after the active switch: one text, or one for each way. */
  toggled?: string | ((active: boolean) => string);
  /** The error of a failed write; a function when the screen words each reason. */
  failed: Record<Intent, string> | ((intent: Intent, why: Why, err?: unknown) => string);
}

/** A refusal from a screen's own rule: nothing is written and the files are discarded. */
export interface Refusal {
  refused: { error: string; status: number; fieldErrors?: FieldErrors };
}
export const refuse = (error: string, fieldErrors?: FieldErrors, status = 400): Refusal => ({ refused: { error, status, fieldErrors } });
/** A schema's refusal: the first message (or the screen's own) and the message of each field. */
export const invalid = (error: z.ZodError, message = firstError(error)): Refusal => refuse(message, fieldErrors(error));

type Values = Record<string, unknown>;
type Row = Record<string, unknown>;

export interface EntitySpec<F extends string = never> {
  /** Names the entity in the log. */
  name: string;
  table: PgTable & { id: PgColumn };
  /** The property (in the row and in the values) holding the row's stored file, or each of them
   * when a row holds more than one (a video and its captions). */
  fileKey?: string | readonly string[];
  /** The files the form may upload, streamed into storage while the request is read. */
  files?: Record<F, PutOptions>;
  /** The upload's errors in the screen's words; `fields` words them for one file of several. */
  uploadTexts?: {
    too_large: string;
    bad_type: string;
    other: string;
    fields?: Partial<Record<F, { too_large: string; bad_type: string }>>;
  };
  texts: EntityTexts;
  /** The intents the screen offers (all four unless said); any other is refused with a 400. */
  allow?: readonly Intent[];
  /** The row's values for a create or an update (current is the row being updated), or a refusal. */
  values?(input: {
    intent: "create" | "update";
    fields: Record<string, string>;
    files: Partial<Record<F, StoredFile>>;
    current?: Row;
  }): Values | Refusal | Promise<Values | Refusal>;
  /** Set on every update and toggle, for tables that keep the time of the last change. */
  touch?: boolean;
  /** Runs after a create or an update, inside its transaction (what must be written with it: the
   * results' news e-mails, decision 069). `current` is the row before an update. */
  afterWrite?(tx: AppContext["db"], change: { intent: "create" | "update"; id: string; current?: Row; values: Values }): Promise<void>;
  /** A toggle of its own (for example "only one active"): false when the row is missing. */
  toggle?(context: AppContext, id: string, active: boolean): Promise<boolean>;
  /** Why the row may not be deleted (it is in use), or null: a refusal is a 409 and deletes nothing. */
  refuseDelete?(db: AppContext["db"], id: string): Promise<string | null>;
  /** The answer to a unique violation (PostgreSQL 23505): a 409 on the field it names. */
  conflict?: { error: string; field: string };
  /** The screen's other intents (the footer's texts), answered with the form's fields. */
  intents?: Partial<Record<AuditAction, (fields: Record<string, string>, context: AppContext) => Promise<AdminAnswer>>>;
}

export type AdminAnswer = ReturnType<typeof done>;

export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return e?.code === "23505" || (e?.cause !== undefined && isUniqueViolation(e.cause));
};

const isRefusal = (v: unknown): v is Refusal => typeof v === "object" && v !== null && "refused" in v;

/** Thrown inside a transaction to undo it and answer with `answer` (an intent that did not succeed). */
class Rollback {
  constructor(readonly answer: AdminAnswer) {}
}

/** The action of an entity's screen: the signed-in admin's create, update, toggle or delete. */
export async function entityAction<F extends string = never>(
  request: Request,
  context: AppContext,
  spec: EntitySpec<F>,
): Promise<AdminAnswer> {
  const { user } = await requireAdmin(request, context);
  const audit = (db: AppContext["db"], change: Omit<AuditChange, "entity">) =>
    recordAudit(db, { request, context }, { id: user.id, email: user.email }, { entity: spec.name, ...change });
  const { texts, table } = spec;
  const fileKeys: readonly string[] = spec.fileKey === undefined ? [] : typeof spec.fileKey === "string" ? [spec.fileKey] : spec.fileKey;
  const message = (intent: Intent, why: Why, err?: unknown) =>
    typeof texts.failed === "function" ? texts.failed(intent, why, err) : texts.failed[intent];
  const status = { bad_id: 400, not_found: 404, error: 500 } as const;
  const fail = (intent: Intent, why: Why, err?: unknown) => {
    if (why === "error") logActionError(`${spec.name} ${intent}`, err);
    return failed(message(intent, why, err), status[why]);
  };

  let form;
  try {
    form = await readAdminForm(request, context, spec.files ?? ({} as Record<F, PutOptions>));
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    const general = spec.uploadTexts ?? { too_large: err.message, bad_type: err.message, other: err.message };
    const own = err.field ? spec.uploadTexts?.fields?.[err.field as F] : undefined;
    const t = own ? { ...general, ...own } : general;
    const tooLarge = err.code === "too_large" && err.field !== null;
    const error = tooLarge ? t.too_large : err.code === "bad_type" ? t.bad_type : err.field ? err.message : t.other;
    return failed(error, tooLarge ? 413 : 400, err.field ? { [err.field]: error } : undefined);
  }
  const { fields, files, discard } = form;
  const other = spec.intents && Object.hasOwn(spec.intents, fields.intent ?? "") ? spec.intents[fields.intent as AuditAction] : undefined;
  if (other) {
    await discard();
    const name = fields.intent as AuditAction;
    try {
      return await context.db.transaction(async (tx) => {
        const answer = await other(fields, { ...context, db: tx });
        if (!answer.data.ok) throw new Rollback(answer);
        const { intent: _, ...values } = fields;
        await audit(tx, { action: name, after: textFields(values) });
        return answer;
      });
    } catch (err) {
      if (err instanceof Rollback) return err.answer;
      throw err;
    }
  }
  const intent: Intent = (["update", "toggle", "delete"] as const).find((i) => i === fields.intent) ?? "create";
  if (
    !(spec.allow ?? ["create", "update", "toggle", "delete"]).includes(intent) ||
    (!spec.values && (intent === "create" || intent === "update"))
  ) {
    await discard();
    return failed("Petició no vàlida.");
  }
  const parsedId = idSchema.safeParse(fields.id);
  if (intent !== "create" && !parsedId.success) {
    await discard();
    return fail(intent, "bad_id");
  }
  const id = parsedId.data!;
  const byId = eq(table.id, id);
  const db = context.db;
  const touched = spec.touch ? { updatedAt: new Date() } : {};

  if (intent === "toggle") {
    await discard();
    const active = fields.isActive === "true";
    try {
      const found = await db.transaction(async (tx) => {
        const [before] = (await tx.select().from(table).where(byId)) as Row[];
        if (!before) return false;
        const ok = spec.toggle
          ? await spec.toggle({ ...context, db: tx }, id, active)
          : (
              await tx
                .update(table)
                .set({ isActive: active, ...touched })
                .where(byId)
                .returning({ id: table.id })
            ).length > 0;
        if (ok) await audit(tx, { entityId: id, action: "toggle", before: { isActive: before.isActive }, after: { isActive: active } });
        return ok;
      });
      if (!found) return fail(intent, "not_found");
    } catch (err) {
      return fail(intent, "error", err);
    }
    contentChanged(table);
    return done(typeof texts.toggled === "function" ? texts.toggled(active) : (texts.toggled ?? texts.updated ?? ""));
  }

  if (intent === "delete") {
    await discard();
    try {
      const refusal = spec.refuseDelete ? await spec.refuseDelete(db, id) : null;
      if (refusal) return failed(refusal, 409);
      const row = await db.transaction(async (tx) => {
        const [deleted] = (await tx.delete(table).where(byId).returning()) as Row[];
        if (deleted) await audit(tx, { entityId: id, action: "delete", before: textFields(deleted) });
        return deleted;
      });
      if (!row) return fail(intent, "not_found");
      contentChanged(table);
      for (const key of fileKeys) await removeFile(context, row[key] as string | null);
    } catch (err) {
      return fail(intent, "error", err);
    }
    return done(texts.deleted);
  }

  let current: Row | undefined;
  let values: Values | Refusal;
  try {
    if (intent === "update") {
      [current] = (await db.select().from(table).where(byId)) as Row[];
      if (!current) {
        await discard();
        return fail(intent, "not_found");
      }
    }
    values = await spec.values!({ intent, fields, files, current });
    if (isRefusal(values)) {
      await discard();
      const { error, status, fieldErrors } = values.refused;
      return failed(error, status, fieldErrors);
    }
    const written = values;
    await db.transaction(async (tx) => {
      if (intent === "update") {
        await tx
          .update(table)
          .set({ ...written, ...touched })
          .where(byId);
        await audit(tx, { entityId: id, action: "update", ...changedFields(current!, written) });
        await spec.afterWrite?.(tx, { intent, id, current, values: written });
      } else {
        const [row] = (await tx.insert(table).values(written).returning({ id: table.id })) as { id: string }[];
        await audit(tx, { entityId: row?.id ?? null, action: "create", after: textFields(written) });
        if (row) await spec.afterWrite?.(tx, { intent, id: row.id, values: written });
      }
    });
  } catch (err) {
    await discard();
    if (spec.conflict && isUniqueViolation(err)) return failed(spec.conflict.error, 409, { [spec.conflict.field]: spec.conflict.error });
    return fail(intent, "error", err);
  }
  contentChanged(table);
  // The row is written: an upload it does not keep, and the file it no longer holds, go.
  const kept = new Set(Object.values(values));
  for (const file of Object.values<StoredFile | undefined>(files)) if (file && !kept.has(file.key)) await removeFile(context, file.key);
  for (const key of fileKeys) {
    if (current && key in values && values[key] !== current[key]) await removeFile(context, current[key] as string | null);
  }
  return done((intent === "update" ? texts.updated : texts.created) ?? "");
}
