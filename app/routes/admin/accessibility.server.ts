import type { Route } from "./+types/accessibility";
import { siteSettings } from "~/db/schema";
import { contentChanged } from "~/infra/content-changes.server";
import { requireAdmin } from "~/infra/session.server";
import { accessibilityStatementSchema } from "~/lib/admin-schemas";
import { readStatement, saveStatement } from "~/models/accessibility.server";
import { accessibilityRequestTodo } from "~/models/accessibility-requests.server";
import { done, failed, fieldErrors, logActionError, readAdminForm } from "~/models/admin.server";
import { recordAudit } from "~/models/audit.server";

// The accessibility statement's variable parts (issue 33): staff save them, the public page
// (/declaracio-accessibilitat) follows at once, and the review's date becomes the save's.

export const STATEMENT_SAVED = "Declaració d'accessibilitat desada correctament";
export const STATEMENT_INVALID = "No s'ha desat la declaració: revisa els camps marcats";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [statement, { pending }] = await Promise.all([readStatement(context.db), accessibilityRequestTodo(context.db)]);
  return { statement, pending };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  const parsed = accessibilityStatementSchema.safeParse(fields);
  if (!parsed.success) return failed(STATEMENT_INVALID, 400, fieldErrors(parsed.error));
  try {
    await context.db.transaction(async (tx) => {
      const before = await readStatement(tx);
      const after = await saveStatement(tx, parsed.data, before);
      await recordAudit(tx, { request, context }, user, {
        entity: "settings",
        entityId: "accessibility-statement",
        action: "update",
        before: { ...before },
        after: { ...after },
      });
    });
    contentChanged(siteSettings);
    return done(STATEMENT_SAVED);
  } catch (err) {
    logActionError("accessibility statement", err);
    return failed("No s'ha pogut desar la declaració", 500);
  }
}
