import { and, count, eq, inArray } from "drizzle-orm";
import type { Route } from "./+types/testimonials";
import { testimonials, type Testimonial } from "~/db/schema";
import { done, failed, logActionError, readAdminForm } from "~/models/admin.server";
import { idSchema } from "~/lib/admin-schemas";
import { contentChanged } from "~/infra/content-changes.server";
import { recordAudit } from "~/models/audit.server";
import { listPage, readListQuery } from "~/models/admin-list.server";
import { testimonialList, testimonialScreenFields } from "~/models/admin-lists.server";
import { requireAdmin } from "~/infra/session.server";
import { mediaUrl } from "~/infra/storage.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readListQuery(new URL(request.url), testimonialList);
  const [list, byStatus] = await Promise.all([
    listPage(context.db, testimonialList, query, testimonialScreenFields),
    context.db.select({ status: testimonials.status, n: count() }).from(testimonials).groupBy(testimonials.status),
  ]);
  const counts = Object.fromEntries(byStatus.map((r) => [r.status, r.n])) as Partial<Record<string, number>>;
  return {
    list: { ...list, rows: list.rows.map(({ audioKey, ...t }) => ({ ...t, audioUrl: mediaUrl(audioKey) })) },
    counts: { pending: counts.pending ?? 0, approved: counts.approved ?? 0, rejected: counts.rejected ?? 0 },
  };
}

/** The spec's status machine: a pending one may be approved or rejected; approved and
 * rejected may swap. Every change stamps reviewed_at. */
export const TRANSITIONS = {
  approved: ["pending", "rejected"],
  rejected: ["pending", "approved"],
} as const;

/** Where the toast's 'Desfés' posts (this screen's action). */
const SCREEN = "/admin/testimonials";
const UNDONE = "S'ha desfet el rebuig";
const TO = ["approved", "rejected"] as const;
const UNDO_TO = ["pending", "approved"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const id = idSchema.safeParse(fields.id);
  // 'Desfés' in a rejection's toast: a rejected testimonial goes back to where it was, pending
  // (never reviewed: no stamp) or approved. Only an undo may make one pending again.
  const undo = fields.undo === "1";
  const to = (undo ? UNDO_TO : TO).find((s) => s === fields.status);
  if (!to || !id.success) return failed("No s'ha pogut actualitzar l'estat del testimoni.");
  const from: Testimonial["status"][] = undo ? ["rejected"] : [...TRANSITIONS[to as keyof typeof TRANSITIONS]];
  try {
    // The decision and its audit entry are one transaction.
    const row = await context.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ status: testimonials.status })
        .from(testimonials)
        .where(and(eq(testimonials.id, id.data), inArray(testimonials.status, from)))
        .for("update");
      if (!before) return undefined;
      const [updated] = await tx
        .update(testimonials)
        .set({ status: to, reviewedAt: to === "pending" ? null : new Date() })
        .where(eq(testimonials.id, id.data))
        .returning();
      await recordAudit(tx, { request, context }, user, {
        entity: "testimonial",
        entityId: id.data,
        action: undo ? "undo-reject" : to === "approved" ? "approve" : "reject",
        before: { status: before.status },
        after: { status: to },
      });
      return updated && { ...updated, before: before.status };
    });
    if (!row) return failed("No s'ha pogut actualitzar l'estat del testimoni.", 409);
    // Approved testimonials are public; a rejection may take one down.
    contentChanged(testimonials);
    if (undo) return done(UNDONE);
    if (to === "approved") return done("Testimoni aprovat");
    return done("Testimoni rebutjat", { action: SCREEN, fields: { id: id.data, status: row.before, undo: "1" } });
  } catch (err) {
    logActionError("testimonial status", err);
    return failed("No s'ha pogut actualitzar l'estat del testimoni.", 500);
  }
}
