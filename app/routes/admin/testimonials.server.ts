import { and, desc, eq, inArray } from "drizzle-orm";
import type { Route } from "./+types/testimonials";
import { testimonials } from "~/db/schema";
import { done, failed, logActionError, readAdminForm } from "~/lib/admin.server";
import { idSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/lib/session.server";
import { mediaUrl } from "~/lib/storage.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(testimonials).orderBy(desc(testimonials.submittedAt));
  return { testimonials: rows.map((t) => ({ ...t, audioUrl: mediaUrl(t.audioKey) })) };
}

/** The spec's status machine: a pending one may be approved or rejected; approved and
 * rejected may swap. Every change stamps reviewed_at. */
export const TRANSITIONS = {
  approved: ["pending", "rejected"],
  rejected: ["pending", "approved"],
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const to = fields.status;
  const id = idSchema.safeParse(fields.id);
  if ((to !== "approved" && to !== "rejected") || !id.success) return failed("No s'ha pogut actualitzar l'estat del testimoni.");
  try {
    const [row] = await context.db
      .update(testimonials)
      .set({ status: to, reviewedAt: new Date() })
      .where(and(eq(testimonials.id, id.data), inArray(testimonials.status, [...TRANSITIONS[to]])))
      .returning();
    if (!row) return failed("No s'ha pogut actualitzar l'estat del testimoni.", 409);
    return done(to === "approved" ? "Testimoni aprovat" : "Testimoni rebutjat");
  } catch (err) {
    logActionError("testimonial status", err);
    return failed("No s'ha pogut actualitzar l'estat del testimoni.", 500);
  }
}
