import type { Route } from "./+types/moderation";
import { done, failed, firstError, logActionError, readAdminForm, removeFile } from "~/models/admin.server";
import { moderationActionSchema, parseQueueFilters, type ModerationIntent } from "~/lib/moderation";
import { moderate, moderationQueue, releaseHeld, reportHolds } from "~/models/moderation.server";
import { recordAudit } from "~/models/audit.server";
import { requireAdmin } from "~/infra/session.server";

// The moderation queue (decision 028): every kind of contribution in one list, paged and filtered
// on the server; actions on one contribution or on a selection.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const filters = parseQueueFilters(new URL(request.url).searchParams);
  const [queue, holds] = await Promise.all([moderationQueue(context.db, filters), reportHolds(context.db)]);
  return { filters, ...queue, holds };
}

const DONE: Record<ModerationIntent, (n: number) => string> = {
  approve: (n) => (n === 1 ? "Aportació aprovada i publicada" : `${n} aportacions aprovades i publicades`),
  hide: (n) => (n === 1 ? "Aportació amagada" : `${n} aportacions amagades`),
  restore: (n) => (n === 1 ? "Aportació restaurada i publicada" : `${n} aportacions restaurades i publicades`),
  delete: (n) => (n === 1 ? "Aportació eliminada" : `${n} aportacions eliminades`),
};

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  if (fields.intent === "release_held") return releaseAll(request, context, user);
  const parsed = moderationActionSchema.safeParse(fields);
  if (!parsed.success) return failed(firstError(parsed.error), 400);
  const { intent, items, reason } = parsed.data;
  try {
    // Each decision leaves one audit entry, in the same transaction (decision 032).
    const { changed, removedKeys } = await moderate(context.db, intent, items, reason, async (tx, done) => {
      for (const item of done)
        await recordAudit(tx, { request, context }, user, {
          entity: item.type,
          entityId: item.id,
          action: intent,
          after: intent === "hide" && reason ? { hiddenReason: reason } : null,
        });
    });
    for (const key of removedKeys) await removeFile(context, key);
    // Nothing changed: another staff member got there first, or the action does not fit the status.
    if (changed === 0) return failed("Cap aportació seleccionada no admet aquesta acció. Torna a carregar la llista.", 409);
    const skipped = items.length - changed;
    return done(skipped ? `${DONE[intent](changed)} (${skipped} no han canviat)` : DONE[intent](changed));
  } catch (err) {
    logActionError("moderation", err);
    return failed("No s'ha pogut aplicar l'acció. Torna-ho a provar.", 500);
  }
}

/** Publishes again, in one action, everything visitors' reports took off the site and staff have
 * not decided on (issue 29): one audit entry per contribution. */
async function releaseAll(request: Request, context: Route.ActionArgs["context"], user: Awaited<ReturnType<typeof requireAdmin>>["user"]) {
  try {
    const changed = await releaseHeld(context.db, async (tx, done) => {
      for (const item of done)
        await recordAudit(tx, { request, context }, user, { entity: item.type, entityId: item.id, action: "release_held" });
    });
    if (changed === 0) return failed("No hi ha cap aportació retinguda per denúncies. Torna a carregar la llista.", 409);
    return done(
      changed === 1
        ? "Aportació retinguda per denúncies publicada de nou"
        : `${changed} aportacions retingudes per denúncies publicades de nou`,
    );
  } catch (err) {
    logActionError("moderation", err);
    return failed("No s'ha pogut aplicar l'acció. Torna-ho a provar.", 500);
  }
}
