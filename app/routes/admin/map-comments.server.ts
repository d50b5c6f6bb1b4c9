import { desc } from "drizzle-orm";
import type { Route } from "./+types/map-comments";
import { mapComments } from "~/db/schema";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(mapComments).orderBy(desc(mapComments.createdAt));
  return { comments: rows };
}
