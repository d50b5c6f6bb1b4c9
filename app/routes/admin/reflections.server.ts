import { desc } from "drizzle-orm";
import type { Route } from "./+types/reflections";
import { reflections } from "~/db/schema";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(reflections).orderBy(desc(reflections.createdAt));
  return { reflections: rows };
}
