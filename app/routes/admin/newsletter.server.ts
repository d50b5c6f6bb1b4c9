import { count } from "drizzle-orm";
import type { Route } from "./+types/newsletter";
import { newsletterSubscriptions } from "~/db/schema";
import { entityAction, type EntitySpec } from "~/models/admin-entity.server";
import { listPage, readListQuery } from "~/models/admin-list.server";
import { subscriberFields, subscriberList } from "~/models/admin-lists.server";
import { requireAdmin } from "~/infra/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readListQuery(new URL(request.url), subscriberList);
  const [byStatus, list] = await Promise.all([
    context.db
      .select({ status: newsletterSubscriptions.status, n: count() })
      .from(newsletterSubscriptions)
      .groupBy(newsletterSubscriptions.status),
    // The consent, as it can be proved: where and when it was given, and when the address confirmed it.
    listPage(context.db, subscriberList, query, subscriberFields),
  ]);
  const counts = { confirmed: 0, pending: 0 };
  for (const { status, n } of byStatus) counts[status] = n;
  return { list, counts };
}

// Removing a subscriber erases the row; its newsletter deliveries, queued or sent, go with it (the
// foreign key cascades), so the address is kept nowhere else.
const subscriber: EntitySpec = {
  name: "subscriber",
  table: newsletterSubscriptions,
  allow: ["delete"],
  texts: {
    deleted: "Subscriptor eliminat correctament",
    failed: {
      create: "Petició no vàlida.",
      update: "Petició no vàlida.",
      toggle: "Petició no vàlida.",
      delete: "No s'ha pogut eliminar el subscriptor",
    },
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, subscriber);
}
