import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { Route } from "./+types/results";
import { resultEntries, resultStates, results } from "~/db/schema";
import { MUNICIPALITY_NAMES } from "~/domain/map";
import { formatNumber } from "~/i18n/locales";
import { RESULT_TEXTS, resultSchema } from "~/lib/results";
import { entityAction, invalid, refuse, type EntitySpec } from "~/models/admin-entity.server";
import { allSegments, checkResultLinks, linkableContributions, listResultStates } from "~/models/results.server";
import { requireAdmin } from "~/infra/session.server";
import { queueResultNews } from "~/models/result-follows.server";

// The plan's results (issue 35, decision 067): editors and administrators write them; a result is
// public only once "Publicat" is on. Its segments and contributions are checked to exist.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context;
  const [rows, states, layers, contributions] = await Promise.all([
    db
      .select({
        result: results,
        state: { label: resultStates.label, colour: resultStates.colour },
        entries: sql<number>`(select count(*) from ${resultEntries} where ${resultEntries.resultId} = ${results.id})`.mapWith(Number),
      })
      .from(results)
      .innerJoin(resultStates, eq(resultStates.id, results.stateId))
      .orderBy(asc(resultStates.position), asc(results.title)),
    listResultStates(db),
    allSegments(db),
    linkableContributions(db),
  ]);
  return {
    results: rows.map((r) => ({ ...r.result, state: r.state, entries: r.entries })),
    states: states.map((s) => ({ id: s.id, label: s.label, colour: s.colour, isActive: s.isActive })),
    segments: layers.flatMap((l) =>
      l.segments.map((s) => ({
        value: s.ref,
        label: `${s.name} (${s.municipality}${s.lengthKm !== null ? `, ${formatNumber(s.lengthKm)} km` : ""})`,
        group: l.layerActive ? l.layer : `${l.layer} (capa amagada)`,
      })),
    ),
    municipalities: MUNICIPALITY_NAMES,
    contributions: contributions.map((c) => ({
      value: c.ref,
      label: `${c.text}${c.status === "published" ? "" : c.status === "hidden" ? " (amagada)" : " (pendent)"}`,
      group: { reflection: "Reflexions", map_comment: "Comentaris al mapa", testimonial: "Testimonis" }[c.type],
    })),
  };
}

const SAVE_FAILED = "No s'ha pogut desar l'actuació";

/** A result's writes: the schema, then its state (a retired one only if the result has it already)
 * and its links (every segment on a layer, every contribution still there). */
const result = (db: Db): EntitySpec => ({
  name: "result",
  table: results,
  touch: true,
  // A new state is news for the result's followers (decision 069), queued with the change.
  async afterWrite(tx, { intent, id, current, values }) {
    if (intent === "update" && current?.stateId !== values.stateId) await queueResultNews(tx, id, { stateId: values.stateId as string });
  },
  texts: {
    created: "Actuació creada correctament",
    updated: "Actuació actualitzada correctament",
    deleted: "Actuació eliminada correctament",
    toggled: (active) => (active ? "Actuació publicada al seguiment del pla" : "Actuació amagada: ja no es veu a la web"),
    failed: { create: SAVE_FAILED, update: SAVE_FAILED, toggle: SAVE_FAILED, delete: "No s'ha pogut eliminar l'actuació" },
  },
  async values({ fields, current }) {
    const parsed = resultSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    const values = parsed.data;
    const [state] = await db.select({ isActive: resultStates.isActive }).from(resultStates).where(eq(resultStates.id, values.stateId));
    if (!state) return refuse(RESULT_TEXTS.stateUnknown, { stateId: RESULT_TEXTS.stateUnknown });
    if (!state.isActive && current?.stateId !== values.stateId)
      return refuse(RESULT_TEXTS.stateRetired, { stateId: RESULT_TEXTS.stateRetired });
    const links = await checkResultLinks(db, values.segmentRefs, values.contributionRefs);
    if (links) return refuse(links.error, { [links.field]: links.error });
    return values;
  },
});

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, result(context.db));
}
