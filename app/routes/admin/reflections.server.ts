import { count } from "drizzle-orm";
import type { Route } from "./+types/reflections";
import { reflections } from "~/db/schema";
import { listPage, readListQuery } from "~/models/admin-list.server";
import { reflectionFields, reflectionList } from "~/models/admin-lists.server";
import { requireAdmin } from "~/infra/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readListQuery(new URL(request.url), reflectionList);
  // The screen's figures and the list's total in one scan.
  const [counts] = await context.db
    .select({ total: count(), withName: count(reflections.name), withEmail: count(reflections.email) })
    .from(reflections);
  const list = await listPage(context.db, reflectionList, query, reflectionFields, { total: counts?.total ?? 0 });
  return { list, withName: counts?.withName ?? 0, withEmail: counts?.withEmail ?? 0 };
}
