import { eq } from "drizzle-orm";
import type { Route } from "./+types/codebook";
import { codeGroups, codes } from "~/db/schema";
import { CODING_TEXTS, codebookIntents, codeGroupSchema, codeSchema, isUuid } from "~/lib/coding";
import { done, failed, firstError, logActionError, readAdminForm } from "~/models/admin.server";
import { isUniqueViolation } from "~/models/admin-entity.server";
import { recordAudit, type AuditChange } from "~/models/audit.server";
import { CodingRefused, deleteCode, listCodebook, mergeCodes, saveCode, setCodeActive } from "~/models/coding.server";
import { requireAdmin } from "~/infra/session.server";
import { formatNumber } from "~/i18n/locales";

// The codebook (issue 32, decision 065): groups and codes, kept by the moderators who code. A code
// is renamed by editing it, merged into another (its contributions move, once each), retired when
// in use (kept on what it coded, offered for no new coding), deleted only when unused. Each change
// and its audit entry are one transaction.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { groups: await listCodebook(context.db) };
}

/** What the log keeps of a code (no field named "code…": the log hides those). */
const logged = (c: {
  name: string;
  colour: string;
  description: string | null;
  position: number;
  keywords: string;
  isActive: boolean;
}) => ({
  name: c.name,
  colour: c.colour,
  description: c.description,
  position: String(c.position),
  keywords: c.keywords,
  isActive: c.isActive,
});

export async function action({ request, context }: Pick<Route.ActionArgs, "request" | "context">) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const intent = codebookIntents.find((i) => i === fields.intent);
  if (!intent) return failed("Acció desconeguda", 400);
  const id = fields.id ?? "";
  if (!["create", "create_group"].includes(intent) && !isUuid(id)) return failed(CODING_TEXTS.codeUnknown, 404);
  const audit = (tx: typeof context.db, change: AuditChange) => recordAudit(tx, { request, context }, user, change);
  try {
    if (intent === "create_group" || intent === "update_group") {
      const parsed = codeGroupSchema.safeParse(fields);
      if (!parsed.success) return failed(firstError(parsed.error), 400);
      const ok = await context.db.transaction(async (tx) => {
        if (intent === "create_group") {
          const [row] = await tx.insert(codeGroups).values(parsed.data).returning();
          await audit(tx, {
            entity: "code group",
            entityId: row!.id,
            action: "create",
            after: { name: row!.name, position: String(row!.position) },
          });
          return true;
        }
        const [before] = await tx.select().from(codeGroups).where(eq(codeGroups.id, id));
        if (!before) return false;
        await tx.update(codeGroups).set(parsed.data).where(eq(codeGroups.id, id));
        await audit(tx, {
          entity: "code group",
          entityId: id,
          action: "update",
          before: { name: before.name, position: String(before.position) },
          after: { name: parsed.data.name, position: String(parsed.data.position) },
        });
        return true;
      });
      if (!ok) return failed("Aquest grup ja no existeix. Torna a carregar la pàgina.", 404);
      return done(intent === "create_group" ? "Grup afegit" : "Grup desat");
    }
    if (intent === "delete_group") {
      const result = await context.db.transaction(async (tx) => {
        const [before] = await tx.select().from(codeGroups).where(eq(codeGroups.id, id));
        if (!before) return "gone";
        if ((await tx.$count(codes, eq(codes.groupId, id))) > 0) return "in_use";
        await tx.delete(codeGroups).where(eq(codeGroups.id, id));
        await audit(tx, { entity: "code group", entityId: id, action: "delete", before: { name: before.name } });
        return "ok";
      });
      if (result === "gone") return failed("Aquest grup ja no existeix. Torna a carregar la pàgina.", 404);
      if (result === "in_use") return failed(CODING_TEXTS.groupInUse, 409);
      return done("Grup eliminat");
    }
    if (intent === "create" || intent === "update") {
      const parsed = codeSchema.safeParse(fields);
      if (!parsed.success) return failed(firstError(parsed.error), 400);
      await context.db.transaction(async (tx) => {
        const { before, after } = await saveCode(tx, parsed.data, intent === "update" ? id : undefined);
        await audit(tx, {
          entity: "code",
          entityId: after.id,
          action: intent,
          before: before ? logged(before) : null,
          after: logged(after),
        });
      });
      return done(intent === "create" ? "Codi afegit" : "Codi desat");
    }
    if (intent === "retire" || intent === "reinstate") {
      await context.db.transaction(async (tx) => {
        const row = await setCodeActive(tx, id, intent === "reinstate");
        await audit(tx, { entity: "code", entityId: id, action: "toggle", after: { name: row.name, isActive: row.isActive } });
      });
      return done(intent === "retire" ? "Codi retirat: es manté on ja era, però no s'oferirà per codificar" : "Codi en ús de nou");
    }
    if (intent === "delete") {
      await context.db.transaction(async (tx) => {
        const before = await deleteCode(tx, id);
        await audit(tx, { entity: "code", entityId: id, action: "delete", before: logged(before) });
      });
      return done("Codi eliminat");
    }
    // merge
    const into = fields.into ?? "";
    if (!isUuid(into)) return failed(CODING_TEXTS.mergeSame, 400);
    const merged = await context.db.transaction(async (tx) => {
      const m = await mergeCodes(tx, id, into);
      await audit(tx, {
        entity: "code",
        entityId: into,
        action: "merge",
        before: { merged: m.from.name, mergedId: id },
        after: { name: m.into.name, count: String(m.total) },
      });
      return m;
    });
    return done(`«${merged.from.name}» fusionat amb «${merged.into.name}» (${formatNumber(merged.total)} aportacions)`);
  } catch (err) {
    if (err instanceof CodingRefused) return failed(err.message, err.status);
    if (isUniqueViolation(err))
      return failed(intent.endsWith("group") ? CODING_TEXTS.groupTaken : CODING_TEXTS.nameTaken, 409, {
        name: intent.endsWith("group") ? CODING_TEXTS.groupTaken : CODING_TEXTS.nameTaken,
      });
    logActionError("codebook", err);
    return failed("No s'ha pogut desar el canvi. Torna-ho a provar.", 500);
  }
}
