import { once } from "node:events";
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import type { Route } from "./+types/export";
import type { Db } from "~/db/client.server";
import type { PgTable, SelectedFields } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import {
  answerStates,
  codeGroups,
  codes,
  contributionAnswers,
  contributionCodes,
  mapComments,
  questionnaireResponses,
  reflections,
  testimonials,
} from "~/db/schema";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { codedTypes, moderationStatuses, type CodedType, type ContributionType, type ModerationStatus } from "~/domain/contributions";
import type { Category } from "~/domain/themes";
import { categoryLabels } from "~/domain/themes";
import { listRows, readListQuery, redirectOldSpelling, type ListSpec } from "~/models/admin-list.server";
import { parseListQuery, type ListShape } from "~/lib/admin-list";
import { QUEUE_SHAPE } from "~/lib/moderation";
import {
  mapCommentFields,
  mapCommentList,
  questionnaireList,
  reflectionFields,
  reflectionList,
  subscriberFields,
  subscriberList,
  testimonialFields,
  testimonialList,
  type MapCommentRow,
  type ReflectionRow,
  type SubscriberRow,
  type TestimonialRow,
} from "~/models/admin-lists.server";
import { contributionLabels } from "~/lib/contributions";
import {
  columnOrNull,
  CONTRIBUTION_KINDS,
  contributionFields,
  municipalityOf,
  type ContributionKind,
  type ContributionRow,
} from "~/models/contributions.server";
import { errorFields, log } from "~/infra/log.server";
import { requireAdmin } from "~/infra/session.server";
import { guardedExport } from "~/models/export-gate.server";
import { processingActivities, type ProcessingActivity } from "~/models/legal.server";
import type { Storage } from "~/infra/storage.server";
import { csvChunks, downloadResponse, tableResponse, type TableColumn, type TableFormat } from "~/infra/tabular.server";

// GET /admin/export/<name>.<csv|xlsx|zip> (decision 036): the admin lists' rows with the list's
// filters (the same URL parameters), streamed. Personal data (e-mail addresses) is in these admin
// exports only. A new export is one entry in EXPORTS.

/** The council's answer to each row (issue 31, decision 068): its state and text as staff last wrote
 * them, when, and when it was published (empty while a draft). Correlated subqueries on the answers'
 * unique index, so each export keeps its own list's order and filters. */
const answerOf = (type: ContributionType, table: PgTable) => ({
  // One subquery per row (not one per column): state, text, dates as ISO text.
  answer: sql<[string, string, string, string | null] | null>`(select json_build_array(s.label, a.text,
      to_char(a.answered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      to_char(a.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    from ${contributionAnswers} a join ${answerStates} s on s.id = a.state_id
    where a.contribution_type = ${type} and a.contribution_id = ${table}.id)`.mapWith((v: unknown) =>
    v === null ? null : ((typeof v === "string" ? JSON.parse(v) : v) as [string, string, string, string | null]),
  ),
});
export type AnswerCells = SelectResultFields<ReturnType<typeof answerOf>>;
/** Each row's codes (issue 32, decision 077): their names in the codebook's order, joined by "; ",
 * and its municipality (null for a kind without one): staff's working notes, in staff's exports only. */
const codesOf = (type: ContributionType, table: PgTable) => ({
  codes: sql<string | null>`(select string_agg(k.name, '; ' order by g.position, g.name, k.position, k.name)
    from ${contributionCodes} cc join ${codes} k on k.id = cc.code_id join ${codeGroups} g on g.id = k.group_id
    where cc.contribution_type = ${type} and cc.contribution_id = ${table}.id)`,
  municipality: sql<string | null>`${columnOrNull(municipalityOf(CONTRIBUTION_KINDS[type]))}`,
});
export type CodeCells = SelectResultFields<ReturnType<typeof codesOf>>;
const withAnswer = <F extends SelectedFields>(type: ContributionType, table: PgTable, fields: F) => ({
  ...fields,
  ...answerOf(type, table),
  ...codesOf(type, table),
});

/** The answer's columns, after each contribution export's own, then the municipality and the codes. */
const answerColumns = <R extends AnswerCells & CodeCells>(): TableColumn<R>[] => [
  { header: "Estat de la resposta", value: (r) => r.answer?.[0] ?? null },
  { header: "Resposta", value: (r) => r.answer?.[1] ?? null, width: 80 },
  { header: "Data de la resposta", value: (r) => (r.answer ? new Date(r.answer[2]) : null), width: 18 },
  { header: "Resposta publicada el", value: (r) => (r.answer?.[3] ? new Date(r.answer[3]) : null), width: 18 },
  { header: "Municipi", value: (r) => r.municipality, width: 24 },
  { header: "Codis", value: (r) => r.codes, width: 40 },
];

/** A contribution's status in a cell (every kind has the same three, decision 051). */
export const statusLabels: Record<ModerationStatus, string> = { pending: "Pendent", published: "Publicat", hidden: "Amagat" };
export const subscriberStatusLabels: Record<string, string> = { pending: "Pendent de confirmar", confirmed: "Confirmada" };
export const subscriberSourceLabels: Record<string, string> = { newsletter_form: "Formulari de newsletter", reflection: "Reflexió" };

export const COLUMNS = {
  reflections: [
    { header: "Data", value: (r) => r.createdAt, width: 18 },
    { header: "Nom", value: (r) => r.name },
    { header: "Correu electrònic", value: (r) => r.email, width: 30 },
    { header: "Accepta la newsletter", value: (r) => r.privacyAccepted },
    { header: "Reflexió", value: (r) => r.reflection, width: 80 },
    { header: "Identificador", value: (r) => r.id, width: 38 },
    ...answerColumns<ReflectionRow & AnswerCells & CodeCells>(),
  ] satisfies TableColumn<ReflectionRow & AnswerCells & CodeCells>[],
  mapComments: [
    { header: "Data", value: (r) => r.createdAt, width: 18 },
    { header: "Correu electrònic", value: (r) => r.email, width: 30 },
    { header: "Comentari", value: (r) => r.comment, width: 80 },
    { header: "Identificador", value: (r) => r.id, width: 38 },
    ...answerColumns<MapCommentRow & AnswerCells & CodeCells>(),
  ] satisfies TableColumn<MapCommentRow & AnswerCells & CodeCells>[],
  testimonials: [
    { header: "Data d'enviament", value: (r) => r.submittedAt, width: 18 },
    { header: "Missatge", value: (r) => r.title, width: 50 },
    { header: "Àmbit", value: (r) => categoryLabels[r.category] },
    { header: "Estat", value: (r) => statusLabels[r.status] },
    { header: "Durada (s)", value: (r) => r.duration },
    { header: "Transcripció", value: (r) => r.transcript, width: 80 },
    { header: "Data de revisió", value: (r) => r.reviewedAt, width: 18 },
    { header: "Àudio", value: (r) => `/media/${r.audioKey}`, width: 50 },
    { header: "Identificador", value: (r) => r.id, width: 38 },
    ...answerColumns<TestimonialRow & AnswerCells & CodeCells>(),
  ] satisfies TableColumn<TestimonialRow & AnswerCells & CodeCells>[],
  newsletter: [
    { header: "Data d'alta", value: (r) => r.createdAt, width: 18 },
    { header: "Correu electrònic", value: (r) => r.email, width: 30 },
    { header: "Estat", value: (r) => subscriberStatusLabels[r.status] },
    { header: "Origen", value: (r) => subscriberSourceLabels[r.source] },
    { header: "Data de confirmació", value: (r) => r.confirmedAt, width: 18 },
    { header: "Identificador", value: (r) => r.id, width: 38 },
  ] satisfies TableColumn<SubscriberRow>[],
  contributions: [
    { header: "Tipus", value: (r) => contributionLabels[r.type] },
    { header: "Data", value: (r) => r.createdAt, width: 18 },
    { header: "Text", value: (r) => r.text, width: 80 },
    { header: "Nom", value: (r) => r.name },
    { header: "Correu electrònic", value: (r) => r.email, width: 30 },
    { header: "Àmbit", value: (r) => (r.theme ? categoryLabels[r.theme] : null) },
    { header: "Estat", value: (r) => (r.status ? statusLabels[r.status] : "Privada") },
    { header: "Transcripció", value: (r) => r.transcript, width: 80 },
    { header: "Identificador", value: (r) => r.id, width: 38 },
    ...answerColumns<ExportContributionRow>(),
  ] satisfies TableColumn<ExportContributionRow>[],
  /** The record of processing activities (GDPR art. 30) for the DPO (issue 34, decision 071). */
  processingActivities: [
    { header: "Activitat de tractament", value: (r) => r.name, width: 40 },
    { header: "Responsable", value: (r) => r.controller, width: 40 },
    { header: "Delegat de protecció de dades", value: (r) => r.dpo, width: 40 },
    { header: "Finalitat", value: (r) => r.purpose, width: 60 },
    { header: "Base jurídica", value: (r) => r.legalBasis, width: 50 },
    { header: "Categories d'interessats", value: (r) => r.subjects, width: 40 },
    { header: "Categories de dades", value: (r) => r.data, width: 50 },
    { header: "Destinataris", value: (r) => r.recipients, width: 50 },
    { header: "Transferències internacionals", value: (r) => r.transfers, width: 20 },
    { header: "Termini de conservació", value: (r) => r.retention, width: 60 },
    { header: "Mesures de seguretat", value: (r) => r.security, width: 60 },
  ] satisfies TableColumn<ProcessingActivity>[],
};

/** The rows of a list the URL's filters keep, oldest first. */
const rowsAt = <F extends SelectedFields>(db: Db, url: URL, spec: ListSpec, fields: F) =>
  listRows(db, spec, readListQuery(url, spec), fields);

/** The kinds of contribution (contributions.server.ts), each with its admin list. */
const CONTRIBUTION_SOURCES = [
  { kind: CONTRIBUTION_KINDS.reflection, spec: reflectionList },
  { kind: CONTRIBUTION_KINDS.map_comment, spec: mapCommentList },
  { kind: CONTRIBUTION_KINDS.testimonial, spec: testimonialList },
] satisfies { kind: ContributionKind; spec: ListSpec }[];

/** A questionnaire answer as a row of the contributions export (decision 076): no name, e-mail,
 * theme, status or answer; its municipality and its codes like every kind's. */
const questionnaireFields = {
  type: sql<CodedType>`'questionnaire'::text`,
  id: sql<string>`${questionnaireResponses.id}`,
  createdAt: sql`coalesce(${questionnaireResponses.answeredAt}, ${questionnaireResponses.createdAt})`.mapWith(
    (v: unknown) => questionnaireResponses.createdAt.mapFromDriverValue(v) as Date,
  ),
  text: sql<string>`${questionnaireResponses.text}`,
  name: sql<string | null>`null::text`,
  email: sql<string | null>`null::text`,
  theme: sql<Category | null>`null::text`,
  status: sql<ModerationStatus | null>`null::text`,
  transcript: sql<string | null>`null::text`,
  municipality: sql<string | null>`${questionnaireResponses.municipality}`,
  answer: sql<[string, string, string, string | null] | null>`null::json`,
  codes: sql<string | null>`(select string_agg(k.name, '; ' order by g.position, g.name, k.position, k.name)
    from ${contributionCodes} cc join ${codes} k on k.id = cc.code_id join ${codeGroups} g on g.id = k.group_id
    where cc.contribution_type = 'questionnaire' and cc.contribution_id = ${questionnaireResponses}.id)`,
};

/** A row of the contributions export: a contribution of any kind, the questionnaire's answers too. */
export type ExportContributionRow = Omit<ContributionRow, "type" | "status"> & {
  type: CodedType;
  status: ModerationStatus | null;
} & AnswerCells &
  CodeCells;

/** The contributions export's filters: the queue's (the queue's export link carries them all,
 * decision 056), except that an export naming no status lists every status, and that the
 * questionnaire's answers are one more type. */
const EXPORT_SHAPE: ListShape = {
  ...QUEUE_SHAPE,
  filters: {
    ...QUEUE_SHAPE.filters,
    estat: { kind: "one-of", values: moderationStatuses },
    tipus: { kind: "one-of", values: codedTypes },
  },
};

/** Every contribution the URL's filters keep, type after type. `tipus` picks one type; a filter a
 * type has no column for (a theme) leaves that type out. */
export async function* contributionRows(db: Db, url: URL): AsyncGenerator<ExportContributionRow> {
  const { filters } = parseListQuery(url.searchParams, EXPORT_SHAPE);
  const sources = [
    ...CONTRIBUTION_SOURCES.map(({ kind, spec }) => ({
      type: kind.type as CodedType,
      spec,
      rows: () => rowsAt(db, url, spec, withAnswer(kind.type, kind.table, contributionFields(kind))),
    })),
    // Then the questionnaire's answers (private, staff's export only: decision 076).
    { type: "questionnaire" as CodedType, spec: questionnaireList, rows: () => rowsAt(db, url, questionnaireList, questionnaireFields) },
  ];
  for (const { type, spec, rows } of sources) {
    if (filters.tipus && filters.tipus !== type) continue;
    if (Object.keys(filters).some((name) => name !== "tipus" && !spec.filters?.[name])) continue;
    yield* rows();
  }
}

const today = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Madrid" }).format(new Date());

type Exporter = (db: Db, url: URL, format: TableFormat) => Response;

const table =
  <F extends SelectedFields>(
    basename: string,
    sheet: string,
    spec: ListSpec,
    fields: F,
    columns: readonly TableColumn<SelectResultFields<F>>[],
  ): Exporter =>
  (db, url, format) =>
    tableResponse(format, `${basename}-${today()}`, sheet, columns, rowsAt(db, url, spec, fields));

/** The table exports, by name in the address. */
export const EXPORTS: Record<string, Exporter> = {
  [CONTRIBUTION_KINDS.reflection.exportName]: table(
    "reflexions",
    "Reflexions",
    reflectionList,
    withAnswer("reflection", reflections, reflectionFields),
    COLUMNS.reflections,
  ),
  [CONTRIBUTION_KINDS.map_comment.exportName]: table(
    "comentaris-mapa",
    "Comentaris del mapa",
    mapCommentList,
    withAnswer("map_comment", mapComments, mapCommentFields),
    COLUMNS.mapComments,
  ),
  [CONTRIBUTION_KINDS.testimonial.exportName]: table(
    "testimonis",
    "Testimonis",
    testimonialList,
    withAnswer("testimonial", testimonials, testimonialFields),
    COLUMNS.testimonials,
  ),
  newsletter: table("subscriptors", "Subscriptors", subscriberList, subscriberFields, COLUMNS.newsletter),
  contributions: (db, url, format) =>
    tableResponse(format, `aportacions-${today()}`, "Aportacions", COLUMNS.contributions, contributionRows(db, url)),
};

/** The record of processing activities (its own route, administrators only: export-processing-activities.ts). */
export const processingActivitiesResponse = (db: Db) =>
  tableResponse(
    "xlsx",
    `registre-activitats-tractament-${today()}`,
    "Registre d'activitats",
    COLUMNS.processingActivities,
    (async function* () {
      yield* await processingActivities(db);
    })(),
  );

const extensionOf = (key: string) => key.slice(key.lastIndexOf(".") + 1);
/** The name of a testimonial's audio inside the zip. */
export const audioName = (r: Pick<TestimonialRow, "id" | "audioKey">) => `audio/${r.id}.${extensionOf(r.audioKey)}`;

/** The testimonials' audio as a zip: manifest.csv (one row per testimonial, its file's name
 * first), then each file, read from storage (disk or S3) one at a time, each added once the
 * previous one is in. */
export function testimonialsZip(db: Db, storage: Storage, url: URL): Response {
  const query = readListQuery(url, testimonialList);
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const columns: TableColumn<TestimonialRow & AnswerCells & CodeCells>[] = [
    { header: "Fitxer", value: audioName, width: 50 },
    ...COLUMNS.testimonials,
  ];
  const fields = withAnswer("testimonial", testimonials, testimonialFields);
  const fill = async () => {
    const manifest = Readable.from(
      (async function* () {
        for await (const chunk of csvChunks(columns, listRows(db, testimonialList, query, fields))) yield Buffer.from(chunk);
      })(),
    );
    archive.append(manifest, { name: "manifest.csv" });
    await once(archive, "entry");
    for await (const row of listRows(db, testimonialList, query, testimonialFields)) {
      const file = await storage.get(row.audioKey);
      if (!file) {
        log("warn", "export: testimonial audio missing", { key: row.audioKey });
        continue;
      }
      // Audio is already compressed: stored as is.
      archive.append(file.body, { name: audioName(row), date: row.submittedAt, store: true });
      await once(archive, "entry");
    }
    await archive.finalize();
  };
  fill().catch((err: unknown) => {
    // The reader gone (a download stopped by the client) is not a failure: downloadResponse says so.
    if (!archive.destroyed) log("error", "zip export failed", errorFields(err));
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return downloadResponse(archive, `testimonis-audio-${today()}.zip`, "zip");
}

const FILE = /^([a-z-]+)\.(csv|xlsx|zip)$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, context);
  // The addresses this route answers (also the answer without a file name).
  if (params.file === undefined)
    return Response.json({ exports: [...Object.keys(EXPORTS).flatMap((n) => [`${n}.csv`, `${n}.xlsx`]), "testimonials.zip"] });
  const [, name, format] = FILE.exec(params.file) ?? [];
  const url = new URL(request.url);
  // An export's filters are its list's, in the one dialect: an old spelling redirects (decision 056).
  redirectOldSpelling(url);
  const client = { request, context };
  if (name === "testimonials" && format === "zip")
    return guardedExport(client, user, params.file, () => testimonialsZip(context.db, context.storage, url));
  // Own names only: "constructor" and its kind are on every object's prototype (issue 29).
  const exporter = name && (format === "csv" || format === "xlsx") && Object.hasOwn(EXPORTS, name) ? EXPORTS[name] : undefined;
  if (!exporter)
    throw new Response("No existeix aquesta exportació.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // Recorded in the audit log, and bounded with the other downloads (issue 29).
  return guardedExport(client, user, params.file, () => exporter(context.db, url, format as TableFormat));
}
