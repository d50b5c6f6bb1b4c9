import type { Route } from "./+types/legal-notice";
import { siteSettings } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { contentChanged } from "~/infra/content-changes.server";
import { requireAdmin } from "~/infra/session.server";
import { LEGAL_PARTS } from "~/lib/legal";
import { legalNoticeSchema } from "~/lib/legal";
import { currentLegalTexts, defaultLegalTexts, readLegalNotice, saveLegalNotice } from "~/models/legal.server";
import { readRetentionSettings } from "~/models/settings.server";
import { done, failed, fieldErrors, logActionError, readAdminForm } from "~/models/admin.server";
import { recordAudit } from "~/models/audit.server";

// The legal notice's data-protection parts (issue 34, decision 071): staff save them, the public
// page (/avis-legal-i-privacitat) follows at once. A part left empty goes back to its default.

export const LEGAL_SAVED = "Avís legal desat correctament";
export const LEGAL_INVALID = "No s'ha desat l'avís legal: revisa els camps marcats";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [texts, notice, retention] = await Promise.all([
    currentLegalTexts(context.db),
    readLegalNotice(context.db),
    readRetentionSettings(context.db),
  ]);
  const custom = Object.fromEntries(LEGAL_PARTS.map((p) => [p, notice[p] !== null]));
  return { texts, custom, defaults: defaultLegalTexts(), retentionMonths: retention.months };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  // The screen always sends every part: a form without them is no save from this screen.
  if (!LEGAL_PARTS.every((p) => p in fields)) return failed("Petició no vàlida.", 400);
  const parsed = legalNoticeSchema.safeParse(fields);
  if (!parsed.success) return failed(LEGAL_INVALID, 400, fieldErrors(parsed.error));
  try {
    await context.db.transaction(async (tx) => {
      const before = await readLegalNotice(tx as unknown as Db);
      const after = await saveLegalNotice(tx as unknown as Db, parsed.data);
      await recordAudit(tx as unknown as Db, { request, context }, user, {
        entity: "settings",
        entityId: "legal-notice",
        action: "update",
        before: { ...before },
        after: { ...after },
      });
    });
    contentChanged(siteSettings);
    return done(LEGAL_SAVED);
  } catch (err) {
    logActionError("legal notice", err);
    return failed("No s'ha pogut desar l'avís legal", 500);
  }
}
