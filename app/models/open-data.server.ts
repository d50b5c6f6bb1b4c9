import { DataFactory, Writer, type Quad, type Quad_Object, type Quad_Predicate, type Quad_Subject } from "n3";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { answerStates, contributionAnswers, results } from "~/db/schema";
import type { ContributionType } from "~/domain/contributions";
import { MAP_CATEGORY_LABELS } from "~/domain/map-labels";
import { categoryLabels, type Category } from "~/domain/themes";
import type { MapCategory } from "~/domain/map";
import { translators } from "~/i18n/catalogues.server";
import { LOCALES } from "~/i18n/locales";
import { getSetting, putSetting } from "~/infra/settings.server";
import { BOM, csvRecord } from "~/infra/tabular.server";
import { DEFAULT_LICENCE, DEFAULT_PUBLISHER, OPEN_DATA_FILES, openDataSettingsSchema, type OpenDataSettings } from "~/lib/open-data";
import { localePaths } from "~/lib/routes";
import { columnOrNull, contributionKinds, hasPlace } from "~/models/contributions.server";

// The open data of the participation (issue 31, decision 074): every published contribution of
// every kind with the council's published answer, anonymised, as CSV and (the placed map comments)
// as GeoJSON; and the DCAT-AP catalogue that describes these files and the plan's results'
// (decision 069), in Turtle, for a regional portal to harvest.
// What the files hold is read here only, from the public columns: the published contributions (a
// pending or hidden one never), their text as published, and the answers' published_* columns (a
// draft, or an edit not yet published, never). No name, no e-mail, nobody who answered.

// ---- The settings: licence and publisher ---------------------------------------------------------

const SETTINGS_KEY = "open_data";

/** The licence and the publisher, read leniently: what is missing or odd takes its default. */
export async function readOpenDataSettings(db: Db): Promise<OpenDataSettings> {
  const stored = await getSetting<Record<string, unknown>>(db, SETTINGS_KEY);
  const parsed = openDataSettingsSchema.safeParse(stored ?? {});
  if (parsed.success) return parsed.data;
  return {
    licence: openDataSettingsSchema.shape.licence.safeParse(stored?.licence).data ?? DEFAULT_LICENCE,
    publisher: openDataSettingsSchema.shape.publisher.safeParse(stored?.publisher).data ?? DEFAULT_PUBLISHER,
  };
}

export const saveOpenDataSettings = (db: Db, value: OpenDataSettings) =>
  putSetting(db, SETTINGS_KEY, { licence: value.licence, publisher: value.publisher });

// ---- The contributions and their answers --------------------------------------------------------

/** One published contribution as the files give it: the CSV's columns, the GeoJSON's properties. */
export interface OpenContribution {
  id: string;
  tipus: ContributionType;
  tipus_nom: string;
  data: string;
  text: string;
  transcripcio: string | null;
  ambit: string | null;
  categoria: string | null;
  municipi: string | null;
  tram: string | null;
  lat: number | null;
  lng: number | null;
  estat_resposta: string | null;
  resposta: string | null;
  data_resposta: string | null;
}

/** The CSV's columns, in order (the GeoJSON's properties have the same names). */
export const CONTRIBUTION_CSV_COLUMNS = [
  "id",
  "tipus",
  "tipus_nom",
  "data",
  "text",
  "transcripcio",
  "ambit",
  "categoria",
  "municipi",
  "tram",
  "lat",
  "lng",
  "estat_resposta",
  "resposta",
  "data_resposta",
] as const satisfies readonly (keyof OpenContribution)[];

/** A moment as ISO 8601 in UTC, to the second, written by the database (the same on PGlite and PostgreSQL). */
const iso = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

type Row = {
  type: ContributionType;
  id: string;
  at: string;
  text: string;
  transcript: string | null;
  theme: Category | null;
  category: MapCategory | null;
  municipality: string | null;
  segment: string | null;
  lat: number | null;
  lng: number | null;
  state: string | null;
  answer: string | null;
  answered_at: string | null;
};

/** Every published contribution (oldest first: a new one is a new last line), with its published
 * answer; `placed`: only those with a point (the GeoJSON's), read from the kinds that have one, so
 * that the file is kept until one of those changes (the page cache's tags are the tables read). */
export async function openContributions(db: Db, { placed = false }: { placed?: boolean } = {}): Promise<OpenContribution[]> {
  const kinds = placed ? contributionKinds.filter((k) => hasPlace(k.type)) : contributionKinds;
  const selects = kinds.map((k) => {
    const table = k.table as unknown as Record<string, unknown>;
    /** The kind's own column (a map comment's place, a municipality), or a typed null. */
    const own = (column: string, type: string) => (column in table ? sql`${table[column]}` : sql.raw(`null::${type}`));
    return sql`select ${sql.raw(`'${k.type}'`)}::text as type, ${k.table.id} as id, ${iso(k.columns.date)} as at, ${k.columns.text} as text,
        ${columnOrNull(k.columns.transcript)} as transcript, ${columnOrNull(k.columns.theme)}::text as theme,
        ${k.type === "map_comment" ? sql`${own("category", "text")}::text` : sql.raw("null::text")} as category,
        ${own("municipality", "text")} as municipality, ${own("segmentName", "text")} as segment,
        ${own("lat", "float8")} as lat, ${own("lng", "float8")} as lng,
        s.label as state, a.published_text as answer, ${iso(sql`a.published_at`)} as answered_at, ${k.columns.date} as sort_at
      from ${k.table}
        left join ${contributionAnswers} a on a.contribution_type = ${k.type} and a.contribution_id = ${k.table.id} and a.published_at is not null
        left join ${answerStates} s on s.id = a.published_state_id
      where ${k.table.status} = 'published'${placed ? sql` and ${k.columns.place} is not null` : sql``}`;
  });
  const rows = (
    (await db.execute(sql`select * from (${sql.join(selects, sql` union all `)}) o order by sort_at, id`)) as unknown as {
      rows: Row[];
    }
  ).rows;
  const t = translators.ca;
  return rows.map((r) => ({
    id: r.id,
    tipus: r.type,
    tipus_nom: t(`public.contributions.kind.${r.type}`),
    data: r.at,
    text: r.text,
    transcripcio: r.transcript,
    ambit: r.theme ? categoryLabels[r.theme] : null,
    categoria: r.category ? MAP_CATEGORY_LABELS[r.category] : null,
    municipi: r.municipality,
    tram: r.segment,
    lat: r.lat === null ? null : Number(r.lat),
    lng: r.lng === null ? null : Number(r.lng),
    // An answer whose state is gone cannot be (the foreign key restricts); both or neither.
    estat_resposta: r.answer !== null ? r.state : null,
    resposta: r.answer,
    data_resposta: r.answer !== null ? r.answered_at : null,
  }));
}

/** The CSV (RFC 4180, UTF-8 with its BOM, one contribution a line, cells neutralised). */
export function contributionsCsv(list: OpenContribution[]): string {
  return BOM + csvRecord(CONTRIBUTION_CSV_COLUMNS) + list.map((c) => csvRecord(CONTRIBUTION_CSV_COLUMNS.map((k) => c[k]))).join("");
}

/** The GeoJSON FeatureCollection (RFC 7946): one Point per placed contribution (the map comments with a pin). */
export function contributionsGeoJson(list: OpenContribution[]) {
  return {
    type: "FeatureCollection" as const,
    features: list
      .filter((c) => c.lat !== null && c.lng !== null)
      .map((c) => ({
        type: "Feature" as const,
        id: c.id,
        geometry: { type: "Point" as const, coordinates: [c.lng!, c.lat!] },
        properties: c,
      })),
  };
}

// ---- The DCAT-AP catalogue ----------------------------------------------------------------------

const NS = {
  dcat: "http://www.w3.org/ns/dcat#",
  dct: "http://purl.org/dc/terms/",
  foaf: "http://xmlns.com/foaf/0.1/",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  xsd: "http://www.w3.org/2001/XMLSchema#",
  vcard: "http://www.w3.org/2006/vcard/ns#",
} as const;
const EU = "http://publications.europa.eu/resource/authority/";
const LANGUAGES = { ca: `${EU}language/CAT`, es: `${EU}language/SPA`, en: `${EU}language/ENG` } as const;

/** When a dataset's data first appeared (its day) and last changed (the moment), null when it holds none. */
interface Span {
  issued: string | null;
  modified: string | null;
}

const day = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
/** The last change to the millisecond: a change on the same day is a new catalogue too. */
const moment = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The contributions' span: the first published one; the last one published, reviewed (hidden
 * too: it left the file) or answered (an answer published or withdrawn). */
async function contributionsSpan(db: Db): Promise<Span> {
  const parts = contributionKinds.map(
    (k) => sql`select min(${k.columns.date}) filter (where ${k.table.status} = 'published') as first,
      greatest(max(${k.columns.date}) filter (where ${k.table.status} = 'published'), max(${k.table.reviewedAt}), max(${k.table.heldByReportsAt})) as last from ${k.table}`,
  );
  const answers = sql`select null::timestamptz as first, greatest(max(${contributionAnswers.publishedAt}), max(${contributionAnswers.withdrawnAt})) as last from ${contributionAnswers}`;
  const [row] = (
    (await db.execute(
      sql`select ${day(sql`min(first)`)} as issued, ${moment(sql`max(last)`)} as modified from (${sql.join([...parts, answers], sql` union all `)}) s`,
    )) as unknown as { rows: Span[] }
  ).rows;
  return { issued: row?.issued ?? null, modified: row?.modified ?? null };
}

/** The results' span: the first public result made, the last one changed. */
async function resultsSpan(db: Db): Promise<Span> {
  const [row] = (
    (await db.execute(
      sql`select ${day(sql`min(${results.createdAt})`)} as issued, ${moment(sql`max(${results.updatedAt})`)} as modified from ${results} where ${results.isActive}`,
    )) as unknown as { rows: Span[] }
  ).rows;
  return { issued: row?.issued ?? null, modified: row?.modified ?? null };
}

/** The catalogue (DCAT-AP 2, in Turtle): the catalogue, its publisher, and one dataset for the
 * contributions and their answers and one for the plan's results, each with a distribution per
 * format. Every address is absolute, on the site's public address. `today` dates a catalogue
 * whose datasets hold nothing yet. */
export async function catalogueTurtle(db: Db, publicUrl: string, today = new Date()): Promise<string> {
  const [settings, contributions, resultDates] = await Promise.all([readOpenDataSettings(db), contributionsSpan(db), resultsSpan(db)]);
  const { namedNode, literal, quad, blankNode } = DataFactory;
  const iri = (ns: keyof typeof NS, local: string) => namedNode(`${NS[ns]}${local}`);
  const a = iri("rdf", "type");
  const date = (d: string) => literal(d, iri("xsd", "date"));
  /** A day, or a moment (the last change), each with its type. */
  const when = (d: string) => (d.length > 10 ? literal(d, iri("xsd", "dateTime")) : date(d));
  const fallback = today.toISOString().slice(0, 10);
  const page = `${publicUrl}${localePaths("ca").openData}`;
  const catalogue = namedNode(page);
  const publisher = namedNode(`${page}#publicador`);
  const licence = namedNode(settings.licence);
  const quads: Quad[] = [];
  const add = (s: Quad_Subject, p: Quad_Predicate, o: Quad_Object) => quads.push(quad(s, p, o));
  /** A text of the catalogue in each language, from the catalogues (public.openData.dcat.*). */
  const texts = (s: Quad_Subject, p: Quad_Predicate, key: string) => {
    for (const l of LOCALES) add(s, p, literal(translators[l](`public.openData.dcat.${key}` as never), l));
  };

  add(catalogue, a, iri("dcat", "Catalog"));
  texts(catalogue, iri("dct", "title"), "catalogue.title");
  texts(catalogue, iri("dct", "description"), "catalogue.description");
  add(catalogue, iri("dct", "publisher"), publisher);
  add(catalogue, iri("dct", "license"), licence);
  add(catalogue, iri("foaf", "homepage"), namedNode(`${publicUrl}/`));
  for (const l of LOCALES) add(catalogue, iri("dct", "language"), namedNode(LANGUAGES[l]));
  const spans = [contributions, resultDates];
  const firsts = spans.map((s) => s.issued).filter((d): d is string => d !== null);
  const lasts = spans.map((s) => s.modified).filter((d): d is string => d !== null);
  add(catalogue, iri("dct", "issued"), date(firsts.sort()[0] ?? fallback));
  add(catalogue, iri("dct", "modified"), when(lasts.sort().at(-1) ?? fallback));

  add(publisher, a, iri("foaf", "Agent"));
  add(publisher, iri("foaf", "name"), literal(settings.publisher, "ca"));
  add(publisher, iri("dct", "type"), namedNode("http://purl.org/adms/publishertype/LocalAuthority"));

  const datasets = [
    {
      key: "contributions",
      fragment: "aportacions",
      span: contributions,
      theme: "GOVE",
      landing: page,
      files: [
        { key: "csv", url: OPEN_DATA_FILES.contributionsCsv, media: "text/csv", format: "CSV", label: "CSV" },
        { key: "geojson", url: OPEN_DATA_FILES.contributionsGeoJson, media: "application/geo+json", format: "GEOJSON", label: "GeoJSON" },
      ],
    },
    {
      key: "results",
      fragment: "seguiment-del-pla",
      span: resultDates,
      theme: "TRAN",
      landing: `${publicUrl}${localePaths("ca").tracker}`,
      files: [
        { key: "csv", url: OPEN_DATA_FILES.resultsCsv, media: "text/csv", format: "CSV", label: "CSV" },
        { key: "geojson", url: OPEN_DATA_FILES.resultsGeoJson, media: "application/geo+json", format: "GEOJSON", label: "GeoJSON" },
      ],
    },
  ];
  for (const d of datasets) {
    const dataset = namedNode(`${page}#${d.fragment}`);
    add(catalogue, iri("dcat", "dataset"), dataset);
    add(dataset, a, iri("dcat", "Dataset"));
    texts(dataset, iri("dct", "title"), `${d.key}.title`);
    texts(dataset, iri("dct", "description"), `${d.key}.description`);
    for (const l of LOCALES)
      for (const word of translators[l](`public.openData.dcat.${d.key}.keywords` as never).split(","))
        add(dataset, iri("dcat", "keyword"), literal(word.trim(), l));
    add(dataset, iri("dct", "publisher"), publisher);
    add(dataset, iri("dct", "license"), licence);
    add(dataset, iri("dcat", "theme"), namedNode(`${EU}data-theme/${d.theme}`));
    add(dataset, iri("dcat", "landingPage"), namedNode(d.landing));
    add(dataset, iri("dct", "spatial"), literal("Penedès", "ca"));
    add(dataset, iri("dct", "accrualPeriodicity"), namedNode(`${EU}frequency/CONT`));
    add(dataset, iri("dct", "issued"), date(d.span.issued ?? fallback));
    add(dataset, iri("dct", "modified"), when(d.span.modified ?? d.span.issued ?? fallback));
    // A named blank node: the same text on every render (n3's own labels count up across calls).
    const contact = blankNode(`contacte-${d.fragment}`);
    add(dataset, iri("dcat", "contactPoint"), contact);
    add(contact, a, iri("vcard", "Organization"));
    add(contact, iri("vcard", "fn"), literal(settings.publisher, "ca"));
    add(contact, iri("vcard", "hasURL"), namedNode(page));
    for (const f of d.files) {
      const distribution = namedNode(`${page}#${d.fragment}-${f.key}`);
      const url = namedNode(`${publicUrl}${f.url}`);
      add(dataset, iri("dcat", "distribution"), distribution);
      add(distribution, a, iri("dcat", "Distribution"));
      add(
        distribution,
        iri("dct", "title"),
        literal(`${translators.ca(`public.openData.dcat.${d.key}.title` as never)} (${f.label})`, "ca"),
      );
      add(distribution, iri("dcat", "accessURL"), url);
      add(distribution, iri("dcat", "downloadURL"), url);
      add(distribution, iri("dcat", "mediaType"), namedNode(`http://www.iana.org/assignments/media-types/${f.media}`));
      add(distribution, iri("dct", "format"), namedNode(`${EU}file-type/${f.format}`));
      add(distribution, iri("dct", "license"), licence);
      add(distribution, iri("dct", "modified"), when(d.span.modified ?? d.span.issued ?? fallback));
    }
  }

  const writer = new Writer({ prefixes: NS });
  writer.addQuads(quads);
  return new Promise((resolve, reject) => writer.end((error, result: string) => (error ? reject(error) : resolve(result))));
}
