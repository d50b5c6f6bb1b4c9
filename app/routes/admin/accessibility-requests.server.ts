import type { Route } from "./+types/accessibility-requests";
import { count } from "drizzle-orm";
import { accessibilityRequests } from "~/db/schema";
import { requireAdmin } from "~/infra/session.server";
import { done, failed, logActionError, readAdminForm } from "~/models/admin.server";
import { listPage, readListQuery } from "~/models/admin-list.server";
import {
  accessibilityRequestFields,
  accessibilityRequestList,
  referenceOf,
  setAccessibilityRequestStatus,
} from "~/models/accessibility-requests.server";
import { recordAudit } from "~/models/audit.server";
import { councilDay } from "~/domain/accessibility-requests";

// The queue of communications and requests for accessible information (issue 33, decision 064):
// administrators and moderators read them, answer each by e-mail (outside the site) within its due
// date, and mark it answered here (or back to pending). Every change is in the audit log.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readListQuery(new URL(request.url), accessibilityRequestList);
  const [byStatus, list] = await Promise.all([
    context.db
      .select({ status: accessibilityRequests.status, n: count() })
      .from(accessibilityRequests)
      .groupBy(accessibilityRequests.status),
    listPage(context.db, accessibilityRequestList, query, accessibilityRequestFields),
  ]);
  const counts = { pending: 0, answered: 0 };
  for (const { status, n } of byStatus) counts[status] = n;
  return { list, counts, today: councilDay(new Date()) };
}

export const MARKED_ANSWERED = "Sol·licitud marcada com a resposta";
export const MARKED_PENDING = "Sol·licitud tornada a pendent";
export const REQUEST_GONE = "Aquesta sol·licitud ja no existeix o ja tenia aquest estat. Torna a carregar la pàgina.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const id = fields.id ?? "";
  const intent = fields.intent;
  if (!UUID.test(id) || (intent !== "answer" && intent !== "reopen")) return failed("Petició no vàlida.", 400);
  const status = intent === "answer" ? "answered" : "pending";
  try {
    const changed = await context.db.transaction(async (tx) => {
      const row = await setAccessibilityRequestStatus(tx, id, status, user.email);
      if (!row) return false;
      await recordAudit(tx, { request, context }, user, {
        entity: "accessibility_request",
        entityId: id,
        action: intent,
        before: { status: status === "answered" ? "pending" : "answered", reference: referenceOf(id) },
        after: { status, reference: referenceOf(id) },
      });
      return true;
    });
    if (!changed) return failed(REQUEST_GONE, 409);
    return done(status === "answered" ? MARKED_ANSWERED : MARKED_PENDING);
  } catch (err) {
    logActionError("accessibility request", err);
    return failed("No s'ha pogut canviar l'estat de la sol·licitud", 500);
  }
}
