import type { Route } from "./+types/moderation";
import type { ContributionType } from "~/domain/contributions";
import { done, failed, firstError, logActionError, readAdminForm, removeFile } from "~/models/admin.server";
import {
  DELETE_TEXTS,
  mayDelete,
  moderationActionSchema,
  QUEUE_SHAPE,
  queueFiltersOf,
  TRANSCRIPT_TEXTS,
  transcriptActionSchema,
  type ModerationIntent,
} from "~/lib/moderation";
import { readListQuery } from "~/models/admin-list.server";
import {
  DeleteRefused,
  moderate,
  moderationQueue,
  readModerationSettings,
  releaseHeld,
  reportHolds,
  saveTranscript,
  TranscriptRequired,
} from "~/models/moderation.server";
import { recordAudit } from "~/models/audit.server";
import { listAnswerStates, staffAnswers } from "~/models/answers.server";
import { mayPublishAnswers } from "~/lib/answers";
import { requireAdmin } from "~/infra/session.server";

// The moderation queue (decisions 028 and 051): every kind of contribution in one list, paged and
// filtered on the server; actions on one contribution or on a selection. The testimonials screen is
// this queue with its type fixed (testimonials.server.ts).

/** The queue's page; `only` fixes the type (a view of the queue for one kind). */
export async function queueLoader({ request, context }: Pick<Route.LoaderArgs, "request" | "context">, only?: ContributionType) {
  const { user } = await requireAdmin(request, context);
  // The one list dialect (decision 056); a view of one kind keeps its type in its path.
  const query = readListQuery(new URL(request.url), QUEUE_SHAPE);
  if (only) delete query.filters.tipus;
  const filters = { ...queueFiltersOf(query), ...(only ? { type: only } : {}) };
  const [first, holds, settings] = await Promise.all([
    moderationQueue(context.db, filters),
    reportHolds(context.db),
    readModerationSettings(context.db),
  ]);
  let queue = first;
  // A page past the end shows the last one, as every list does.
  if (filters.page > queue.pages) {
    filters.page = query.page = queue.pages;
    queue = await moderationQueue(context.db, filters);
  }
  // Each row's answer (issue 31): staff answer from the row.
  const [answers, states] = await Promise.all([staffAnswers(context.db, queue.items), listAnswerStates(context.db)]);
  return {
    query,
    filters,
    only: only ?? null,
    canDelete: mayDelete(user.role),
    ...queue,
    items: queue.items.map((i) => ({ ...i, answer: answers.get(i.key) ?? null })),
    holds,
    answerStates: states.map((s) => ({ id: s.id, label: s.label, colour: s.colour, isActive: s.isActive })),
    canPublishAnswers: mayPublishAnswers(user.role),
    /** Whether a testimonial needs its transcript to be published (issue 33): the row asks for one. */
    requireTranscript: settings.requireTranscript,
  };
}

export const loader = (args: Route.LoaderArgs) => queueLoader(args);

const DONE: Record<ModerationIntent, (n: number) => string> = {
  approve: (n) => (n === 1 ? "Aportació aprovada i publicada" : `${n} aportacions aprovades i publicades`),
  hide: (n) => (n === 1 ? "Aportació amagada" : `${n} aportacions amagades`),
  restore: (n) => (n === 1 ? "Aportació restaurada i publicada" : `${n} aportacions restaurades i publicades`),
  delete: (n) => (n === 1 ? "Aportació eliminada" : `${n} aportacions eliminades`),
};
/** One testimonial: the spec's words where they still apply ('Testimoni aprovat'). */
const ONE_TESTIMONIAL: Record<ModerationIntent, string> = {
  approve: "Testimoni aprovat",
  hide: "Testimoni amagat",
  restore: "Testimoni restaurat i publicat",
  delete: "Testimoni eliminat",
};

export async function action({ request, context }: Pick<Route.ActionArgs, "request" | "context">) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  if (fields.intent === "release_held") return releaseAll(request, context, user);
  if (fields.intent === "transcript") return transcribe(request, context, user, fields);
  const parsed = moderationActionSchema.safeParse(fields);
  if (!parsed.success) return failed(firstError(parsed.error), 400);
  const { intent, items, reason } = parsed.data;
  // Deleting is the administrators' (decision 051), whoever may use the queue.
  if (intent === "delete" && !mayDelete(user.role)) return failed(DELETE_TEXTS.adminsOnly, 403);
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
    const message = items.length === 1 && items[0]!.type === "testimonial" ? ONE_TESTIMONIAL[intent] : DONE[intent](changed);
    return done(skipped ? `${message} (${skipped} no han canviat)` : message);
  } catch (err) {
    if (err instanceof DeleteRefused) return failed(DELETE_TEXTS.notHidden, 409);
    if (err instanceof TranscriptRequired) return failed(TRANSCRIPT_TEXTS.required(err.missing), 409);
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

/** Staff's transcript of one testimonial (issue 33), written or corrected from its row; with
 * `approve`, it is published too (one audit entry for each). */
async function transcribe(
  request: Request,
  context: Route.ActionArgs["context"],
  user: Awaited<ReturnType<typeof requireAdmin>>["user"],
  fields: Record<string, string>,
) {
  const parsed = transcriptActionSchema.safeParse(fields);
  if (!parsed.success) return failed(firstError(parsed.error), 400);
  const { id, transcript, approve } = parsed.data;
  try {
    const saved = await saveTranscript(context.db, id, transcript, (tx, change) =>
      recordAudit(tx, { request, context }, user, {
        entity: "testimonial",
        entityId: id,
        action: "transcript",
        before: { transcript: change.before },
        after: { transcript: change.after },
      }),
    );
    if (!saved.ok) return failed(saved.reason === "gone" ? TRANSCRIPT_TEXTS.gone : TRANSCRIPT_TEXTS.clearPublished, 409);
    if (!approve) return done(transcript ? "Transcripció desada" : "Transcripció esborrada");
    const { changed } = await moderate(context.db, "approve", [{ type: "testimonial", id }], null, (tx, items) =>
      recordAudit(tx, { request, context }, user, { entity: "testimonial", entityId: items[0]!.id, action: "approve" }),
    );
    if (changed === 0) return failed("Transcripció desada, però el testimoni ja no estava pendent. Torna a carregar la llista.", 409);
    return done("Transcripció desada i testimoni aprovat");
  } catch (err) {
    if (err instanceof TranscriptRequired) return failed(TRANSCRIPT_TEXTS.required(1), 409);
    logActionError("moderation", err);
    return failed("No s'ha pogut desar la transcripció. Torna-ho a provar.", 500);
  }
}
