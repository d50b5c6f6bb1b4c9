import { desc } from "drizzle-orm";
import type { Route } from "./+types/landings";
import { landings } from "~/db/schema";
import { entityAction, invalid, type EntitySpec } from "~/models/admin-entity.server";
import { landingSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/infra/session.server";

export const DUPLICATE_SLUG = "Ja existeix una landing page amb aquest slug. Tria'n un altre.";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { landings: await context.db.select().from(landings).orderBy(desc(landings.createdAt)) };
}

const SAVE_FAILED = "No s'ha pogut guardar la landing page";

const landing: EntitySpec = {
  name: "landing",
  table: landings,
  touch: true,
  conflict: { error: DUPLICATE_SLUG, field: "slug" },
  texts: {
    created: "Landing page creada correctament",
    updated: "Landing page actualitzada correctament",
    deleted: "Landing page eliminada correctament",
    failed: { create: SAVE_FAILED, update: SAVE_FAILED, toggle: SAVE_FAILED, delete: "No s'ha pogut eliminar la landing page" },
  },
  // The slug is locked once created: whatever the form sends, the current one is kept.
  values({ fields, current }) {
    const parsed = landingSchema.safeParse(current ? { ...fields, slug: current.slug } : fields);
    if (!parsed.success) return invalid(parsed.error);
    const { slug, ...values } = parsed.data;
    return current ? values : { ...values, slug };
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, landing);
}
