import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contributionAnswers, mapLayers, resultEntries, resultStates, results } from "~/db/schema";
import type { ContributionType } from "~/domain/contributions";
import type { MapSegment, PublicMapLayer } from "~/domain/map";
import type { ResultMeaning } from "~/domain/results";
import { isCategory, type Category } from "~/domain/themes";
import type { Locale } from "~/i18n/locales";
import { imageSrcSet, imageVariantUrl } from "~/lib/images";
import { CONTRIBUTION_REF, RESULT_TEXTS } from "~/lib/results";
import { localized, localizedOrNull, type Localized } from "~/lib/translations";
import { mediaUrl } from "~/infra/storage.server";
import { CONTRIBUTION_KINDS } from "~/models/contributions.server";

// The plan's results (issue 35, decision 067): the staff's states, the checks of a result's links,
// and the public reads of the tracker ("Seguiment del pla"). A public reader reads only results with
// `is_public`, their public contributions and the segments of visible layers: a hidden result, a
// hidden contribution or a hidden layer reaches no page and no `.data` response by construction.

/** Every state, in their order (retired ones too). */
export const listResultStates = (db: Db) =>
  db.select().from(resultStates).orderBy(asc(resultStates.position), asc(resultStates.createdAt), asc(resultStates.label));

/** Whether any result holds the state. */
export async function resultStateInUse(db: Db, id: string): Promise<boolean> {
  return (await db.$count(results, eq(results.stateId, id))) > 0;
}

/** Every segment of every layer (hidden ones too: staff may link a layer before it is shown). */
export async function allSegments(db: Db): Promise<{ layer: string; layerActive: boolean; segments: MapSegment[] }[]> {
  const rows = await db
    .select({ name: mapLayers.name, isActive: mapLayers.isActive, segments: mapLayers.segments })
    .from(mapLayers)
    .orderBy(asc(mapLayers.position), asc(mapLayers.createdAt));
  return rows.map((r) => ({ layer: r.name, layerActive: r.isActive, segments: r.segments as MapSegment[] }));
}

/** The refs among `refs` that name no segment of any layer. */
export async function unknownSegments(db: Db, refs: string[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const known = new Set((await allSegments(db)).flatMap((l) => l.segments.map((s) => s.ref)));
  return refs.filter((r) => !known.has(r));
}

const parseRef = (ref: string) => {
  const [type, id] = ref.split(":") as [ContributionType, string];
  return { type, id };
};

/** The contributions among `refs` ("type:id") that do not exist (any moderation status counts). */
export async function unknownContributions(db: Db, refs: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const [type, ids] of groupRefs(refs)) {
    const table = CONTRIBUTION_KINDS[type].table;
    for (const r of await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))) found.add(`${type}:${r.id}`);
  }
  return refs.filter((r) => !found.has(r));
}

function groupRefs(refs: string[]): Map<ContributionType, string[]> {
  const by = new Map<ContributionType, string[]>();
  for (const ref of refs) {
    if (!CONTRIBUTION_REF.test(ref)) continue;
    const { type, id } = parseRef(ref);
    by.set(type, [...(by.get(type) ?? []), id]);
  }
  return by;
}

/** The refusal of a result whose links name what does not exist, or null. */
export async function checkResultLinks(db: Db, segmentRefs: string[], contributionRefs: string[]) {
  if ((await unknownSegments(db, segmentRefs)).length > 0) return { field: "segmentRefs", error: RESULT_TEXTS.segmentUnknown };
  if ((await unknownContributions(db, contributionRefs)).length > 0)
    return { field: "contributionRefs", error: RESULT_TEXTS.contributionUnknown };
  return null;
}

/** Every result, by title, as the answer form offers them (decision 075): public or not (a draft
 * answer may point to a result not yet public; publishing it waits until the result is). */
export const listResultsForAnswers = (db: Db) =>
  db
    .select({ id: results.id, title: results.title, isPublic: results.isActive })
    .from(results)
    .orderBy(asc(results.title), asc(results.id));

/** Contributions staff may link, newest first: any status (a hidden one is linked but never shown). */
export async function linkableContributions(db: Db, limit = 300) {
  const rows = await Promise.all(
    Object.values(CONTRIBUTION_KINDS).map((k) =>
      db
        .select({
          id: k.table.id,
          text: sql<string>`left(${k.columns.text}, 140)`,
          date: sql<Date>`${k.columns.date}`.mapWith(k.columns.date),
          status: sql<string>`${k.table.status}::text`,
        })
        .from(k.table)
        .orderBy(desc(k.columns.date))
        .limit(limit)
        .then((rs) => rs.map((r) => ({ ref: `${k.type}:${r.id}`, type: k.type, ...r }))),
    ),
  );
  return rows
    .flat()
    .sort((a, b) => +new Date(b.date) - +new Date(a.date))
    .slice(0, limit);
}

// ---------------------------------------------------------------------------------------
// The public tracker.

export interface PublicResultState {
  id: string;
  label: Localized;
  colour: string;
  meaning: ResultMeaning;
}

export interface PublicResult {
  id: string;
  title: Localized;
  description: Localized | null;
  state: PublicResultState;
  progress: number;
  municipalities: string[];
  category: Category | null;
  budget: number | null;
  plannedDate: string | null;
  realDate: string | null;
  segmentRefs: string[];
  /** The length of its segments on visible layers, in km (each segment once). */
  km: number;
}

export interface TrackerFilters {
  municipality: string | null;
  category: Category | null;
  state: string | null;
}

export interface KmByState {
  state: PublicResultState;
  km: number;
  results: number;
}

export interface TrackerFigures {
  byState: KmByState[];
  /** Km of the plan: every state but the dropped ones. */
  totalKm: number;
  doneKm: number;
  /** doneKm / totalKm, 0 when there are none. */
  doneShare: number;
}

/** Whether any result is public (the header's link to the tracker). */
export async function hasPublicResults(db: Db): Promise<boolean> {
  // A plain select (not $count): the page cache notes the tables a render's statements name.
  return (await db.select({ id: results.id }).from(results).where(eq(results.isActive, true)).limit(1)).length > 0;
}

/** The public results' ids and last changes, for the sitemap (decision 069). */
export const publicResultDates = (db: Db) =>
  db
    .select({ id: results.id, updatedAt: results.updatedAt })
    .from(results)
    .where(eq(results.isActive, true))
    .orderBy(asc(results.createdAt), asc(results.id));

/** The segments of visible layers by ref, and those layers as the map draws them (from their file). */
async function visibleSegments(db: Db): Promise<{ byRef: Map<string, MapSegment>; layers: PublicMapLayer[] }> {
  const rows = await db
    .select()
    .from(mapLayers)
    .where(eq(mapLayers.isActive, true))
    .orderBy(asc(mapLayers.position), asc(mapLayers.createdAt));
  const byRef = new Map<string, MapSegment>();
  for (const r of rows) for (const s of r.segments as MapSegment[]) byRef.set(s.ref, s);
  return {
    byRef,
    layers: rows.map((l) => ({
      id: l.id,
      name: l.name,
      colour: l.colour,
      lineStyle: l.lineStyle,
      url: mediaUrl(l.fileKey),
      segments: l.segments as MapSegment[],
    })),
  };
}

const stateOf = (s: typeof resultStates.$inferSelect, locale: Locale): PublicResultState => ({
  id: s.id,
  label: localized(s.label, s.translations, "label", locale),
  colour: s.colour,
  meaning: s.meaning,
});

/** Km of a set of segment refs, each counted once (segments of hidden or gone layers count none). */
export function kmOf(refs: Iterable<string>, byRef: Map<string, MapSegment>): number {
  let km = 0;
  for (const ref of new Set(refs)) km += byRef.get(ref)?.lengthKm ?? 0;
  return km;
}

/** The plan's figures from its public results: km in each state (a segment once per state), the
 * plan's km (the segments of every result not dropped, each once) and the share done. */
export function trackerFigures(list: PublicResult[], states: PublicResultState[], byRef: Map<string, MapSegment>): TrackerFigures {
  const byState = states.map((state) => {
    const mine = list.filter((r) => r.state.id === state.id);
    return {
      state,
      km: round2(
        kmOf(
          mine.flatMap((r) => r.segmentRefs),
          byRef,
        ),
      ),
      results: mine.length,
    };
  });
  const planRefs = list.filter((r) => r.state.meaning !== "dropped").flatMap((r) => r.segmentRefs);
  const doneRefs = list.filter((r) => r.state.meaning === "done").flatMap((r) => r.segmentRefs);
  const totalKm = round2(kmOf(planRefs, byRef));
  const doneKm = round2(kmOf(doneRefs, byRef));
  return { byState, totalKm, doneKm, doneShare: totalKm > 0 ? doneKm / totalKm : 0 };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function toPublic(
  r: typeof results.$inferSelect,
  state: typeof resultStates.$inferSelect,
  locale: Locale,
  byRef: Map<string, MapSegment>,
): PublicResult {
  const segmentRefs = r.segmentRefs.filter((ref) => byRef.has(ref));
  return {
    id: r.id,
    title: localized(r.title, r.translations, "title", locale),
    description: localizedOrNull(r.description, r.translations, "description", locale),
    state: stateOf(state, locale),
    progress: r.progress,
    municipalities: r.municipalities,
    category: r.category,
    budget: r.budget,
    plannedDate: r.plannedDate,
    realDate: r.realDate,
    segmentRefs,
    km: round2(kmOf(segmentRefs, byRef)),
  };
}

/** The tracker's filters from its address (the page's and its map data's, TRACKER_MAP_DATA). */
export function trackerFiltersOf(url: URL): TrackerFilters {
  const theme = url.searchParams.get("ambit");
  return {
    municipality: url.searchParams.get("municipi")?.slice(0, 100) || null,
    category: isCategory(theme) ? theme : null,
    state: url.searchParams.get("estat")?.slice(0, 36) || null,
  };
}

/** The tracker: the public results that pass the filters, the figures of ALL public results, the
 * states and municipalities to filter by (those public results have), and what the map draws. */
export async function tracker(db: Db, locale: Locale, filters: TrackerFilters) {
  const [rows, stateRows, visible] = await Promise.all([
    db
      .select({ result: results, state: resultStates })
      .from(results)
      .innerJoin(resultStates, eq(resultStates.id, results.stateId))
      .where(eq(results.isActive, true))
      .orderBy(asc(resultStates.position), asc(results.title)),
    listResultStates(db),
    visibleSegments(db),
  ]);
  const all = rows.map((r) => toPublic(r.result, r.state, locale, visible.byRef));
  const usedStates = new Set(all.map((r) => r.state.id));
  const states = stateRows.filter((s) => usedStates.has(s.id)).map((s) => stateOf(s, locale));
  const shown = all.filter(
    (r) =>
      (!filters.municipality || r.municipalities.includes(filters.municipality)) &&
      (!filters.category || r.category === filters.category) &&
      (!filters.state || r.state.id === filters.state),
  );
  const segments = new Map<string, string>();
  for (const r of shown) for (const ref of r.segmentRefs) if (!segments.has(ref)) segments.set(ref, r.state.colour);
  const layerIds = new Set([...segments.keys()].map((ref) => ref.split(":")[0]));
  return {
    results: shown,
    figures: trackerFigures(all, states, visible.byRef),
    states,
    municipalities: [...new Set(all.flatMap((r) => r.municipalities))].sort((a, b) => a.localeCompare(b, "ca")),
    categories: [...new Set(all.flatMap((r) => (r.category ? [r.category] : [])))],
    // The layers the map draws, each with the segments it draws only (the map finds them by ref):
    // a network of thousands of segments is not sent for the few the results cover.
    map: {
      layers: visible.layers
        .filter((l) => layerIds.has(l.id))
        .map((l) => ({ ...l, segments: l.segments.filter((s) => segments.has(s.ref)) })),
      colours: Object.fromEntries(segments),
    },
  };
}
export type Tracker = Awaited<ReturnType<typeof tracker>>;

export interface PublicEntry {
  id: string;
  date: string;
  text: Localized;
  image: { src: string; srcSet: string; width: number | null; height: number | null } | null;
}

export interface PublicLinkedContribution {
  type: ContributionType;
  id: string;
  text: string;
  createdAt: string;
}

/** One public result with its timeline (newest first), its public contributions and its map, or null. */
export async function publicResult(db: Db, id: string, locale: Locale) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db
    .select({ result: results, state: resultStates })
    .from(results)
    .innerJoin(resultStates, eq(resultStates.id, results.stateId))
    .where(and(eq(results.id, id), eq(results.isActive, true)));
  if (!row) return null;
  const [visible, entries, contributions] = await Promise.all([
    visibleSegments(db),
    db.select().from(resultEntries).where(eq(resultEntries.resultId, id)).orderBy(desc(resultEntries.date), desc(resultEntries.createdAt)),
    linkedContributionRefs(db, id, row.result.contributionRefs).then((refs) => publicContributionsOf(db, refs)),
  ]);
  const result = toPublic(row.result, row.state, locale, visible.byRef);
  const layerIds = new Set(result.segmentRefs.map((ref) => ref.split(":")[0]));
  return {
    result,
    segments: result.segmentRefs.map((ref) => visible.byRef.get(ref)!),
    entries: entries.map((e): PublicEntry => ({
      id: e.id,
      date: e.date,
      text: localized(e.text, e.translations, "text", locale),
      image: e.imageKey
        ? { src: imageVariantUrl(e.imageKey, 800), srcSet: imageSrcSet(e.imageKey, 800), width: e.width, height: e.height }
        : null,
    })),
    contributions,
    map: {
      layers: visible.layers.filter((l) => layerIds.has(l.id)),
      colours: Object.fromEntries(result.segmentRefs.map((ref) => [ref, result.state.colour])),
    },
  };
}

/** The contributions linked to a result (decision 075, one rule for its page and its news): those
 * staff linked from the result (`contribution_refs`) and those whose PUBLISHED answer points to it.
 * A draft's link counts for nothing until it is published. Whether each is public is the reader's
 * to check. */
export async function linkedContributionRefs(db: Db, resultId: string, refs: readonly string[]): Promise<string[]> {
  const fromAnswers = await db
    .select({ type: contributionAnswers.contributionType, id: contributionAnswers.contributionId })
    .from(contributionAnswers)
    .where(and(eq(contributionAnswers.publishedResultId, resultId), sql`${contributionAnswers.publishedAt} is not null`));
  return [...new Set([...refs, ...fromAnswers.map((a) => `${a.type}:${a.id}`)])];
}

/** The published contributions among `refs`, newest first: never an e-mail or a name. */
async function publicContributionsOf(db: Db, refs: string[]): Promise<PublicLinkedContribution[]> {
  const out: PublicLinkedContribution[] = [];
  for (const [type, ids] of groupRefs(refs)) {
    const k = CONTRIBUTION_KINDS[type];
    const rows = await db
      .select({ id: k.table.id, text: sql<string>`${k.columns.text}`, createdAt: sql<Date>`${k.columns.date}`.mapWith(k.columns.date) })
      .from(k.table)
      .where(and(inArray(k.table.id, ids), eq(k.table.status, "published")));
    for (const r of rows) out.push({ type, id: r.id, text: r.text, createdAt: new Date(r.createdAt).toISOString() });
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
