import { count, desc, ilike } from "drizzle-orm";
import type { Route } from "./+types/newsletter";
import { newsletterSubscriptions } from "~/db/schema";
import { entityAction, type EntitySpec } from "~/lib/admin-entity.server";
import { requireAdmin } from "~/lib/session.server";

const PAGE_SIZE = 50;

/** The search as a LIKE pattern: the typed text anywhere in the address, its % and _ literal. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const where = q ? ilike(newsletterSubscriptions.email, containing(q)) : undefined;
  const [[all], [found]] = await Promise.all([
    context.db.select({ n: count() }).from(newsletterSubscriptions),
    context.db.select({ n: count() }).from(newsletterSubscriptions).where(where),
  ]);
  const matching = found?.n ?? 0;
  const pages = Math.max(1, Math.ceil(matching / PAGE_SIZE));
  const asked = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  const rows = await context.db
    .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .where(where)
    .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { total: all?.n ?? 0, matching, q, page, pages, pageSize: PAGE_SIZE, rows };
}

// Removing a subscriber erases the row (the address is not kept anywhere else).
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
