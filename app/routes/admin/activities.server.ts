import { asc } from "drizzle-orm";
import type { Route } from "./+types/activities";
import { activities } from "~/db/schema";
import { entityAction, invalid, type EntitySpec } from "~/models/admin-entity.server";
import { activitySchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/infra/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { activities: await context.db.select().from(activities).orderBy(asc(activities.date), asc(activities.createdAt)) };
}

const SAVE_FAILED = "Error guardant l'activitat";

const activity: EntitySpec = {
  name: "activity",
  table: activities,
  touch: true,
  texts: {
    created: "Activitat creada correctament",
    updated: "Activitat actualitzada correctament",
    deleted: "Activitat eliminada correctament",
    failed: { create: SAVE_FAILED, update: SAVE_FAILED, toggle: SAVE_FAILED, delete: "Error eliminant l'activitat" },
  },
  values({ fields }) {
    const parsed = activitySchema.safeParse(fields);
    return parsed.success ? parsed.data : invalid(parsed.error, SAVE_FAILED);
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, activity);
}
