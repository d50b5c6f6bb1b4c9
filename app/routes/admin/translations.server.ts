import { asc, desc } from "drizzle-orm";
import type { Route } from "./+types/translations";
import type { Db } from "~/db/client.server";
import {
  activities,
  answerStates,
  biciFucsiaPhotos,
  footerConfig,
  landings,
  resources,
  resultEntries,
  resultStates,
  results,
  videos,
} from "~/db/schema";
import { adminPaths } from "~/lib/admin-paths";
import { missingFields, TRANSLATED_FIELDS, TRANSLATED_LOCALES, type TranslatedLocale, type Translations } from "~/lib/translations";
import { requireAdmin } from "~/infra/session.server";

// "Falten traduccions" (decision 062): every staff text shown on the public site whose Catalan value
// is there and whose Spanish or English is not, by content, with the screen where it is edited.
// Sent newsletters are not listed: nothing can be added to them any more.

type Row = Record<string, unknown> & { translations: Translations };

/** Each kind of content: how the list names it and one of its rows, and where it is edited. */
const KINDS = [
  {
    kind: "Activitat",
    fields: TRANSLATED_FIELDS.activities,
    screen: adminPaths.adminActivities,
    read: (db: Db) => db.select().from(activities).orderBy(asc(activities.date)),
    name: (r: Row) => String(r.title),
  },
  {
    kind: "Landing page",
    fields: TRANSLATED_FIELDS.landings,
    screen: adminPaths.adminLandings,
    read: (db: Db) => db.select().from(landings).orderBy(desc(landings.createdAt)),
    name: (r: Row) => String(r.title),
  },
  {
    kind: "Vídeo",
    fields: TRANSLATED_FIELDS.videos,
    screen: adminPaths.adminVideos,
    read: (db: Db) => db.select().from(videos).orderBy(desc(videos.createdAt)),
    name: (r: Row) => String(r.title),
  },
  {
    kind: "Recurs",
    fields: TRANSLATED_FIELDS.resources,
    screen: adminPaths.adminResources,
    read: (db: Db) => db.select().from(resources).orderBy(asc(resources.position)),
    name: (r: Row) => String(r.title),
  },
  {
    kind: "Foto de la Vivi",
    fields: TRANSLATED_FIELDS.bici_fucsia_photos,
    screen: adminPaths.adminBiciFucsia,
    read: (db: Db) => db.select().from(biciFucsiaPhotos).orderBy(asc(biciFucsiaPhotos.position)),
    name: (r: Row) => String(r.title),
  },
  {
    kind: "Actuació del pla",
    fields: TRANSLATED_FIELDS.results,
    screen: adminPaths.adminResults,
    read: (db: Db) => db.select().from(results).orderBy(asc(results.title)),
    name: (r: Row) => String(r.title),
  },
  {
    kind: "Fita d'una actuació",
    fields: TRANSLATED_FIELDS.result_entries,
    screen: adminPaths.adminResultEntries,
    read: (db: Db) => db.select().from(resultEntries).orderBy(desc(resultEntries.date)),
    name: (r: Row) => `${String(r.date)}: ${String(r.text).slice(0, 60)}`,
  },
  {
    kind: "Estat del seguiment",
    fields: TRANSLATED_FIELDS.result_states,
    screen: adminPaths.adminResultStates,
    read: (db: Db) => db.select().from(resultStates).orderBy(asc(resultStates.position)),
    name: (r: Row) => String(r.label),
  },
  {
    kind: "Estat de resposta",
    fields: TRANSLATED_FIELDS.answer_states,
    screen: adminPaths.adminAnswerStates,
    read: (db: Db) => db.select().from(answerStates).orderBy(asc(answerStates.position)),
    name: (r: Row) => String(r.label),
  },
  {
    kind: "Footer",
    fields: TRANSLATED_FIELDS.footer_config,
    screen: adminPaths.adminFooter,
    read: (db: Db) => db.select().from(footerConfig),
    name: () => "Textos del footer",
  },
] as const;

/** The labels of the translated fields, as the dialogs name them. */
export const FIELD_LABELS: Record<string, string> = {
  title: "Títol",
  place: "Lloc",
  description: "Descripció",
  linkText: "Text de l'enllaç",
  fullText: "Text complet",
  audioDescription: "Audiodescripció",
  footerText: "Text principal",
  collaboratorsText: "Text de col·laboradors",
  text: "Text",
  label: "Nom públic",
};

export interface MissingTranslation {
  id: string;
  kind: string;
  name: string;
  screen: string;
  /** The missing fields' labels, per language. */
  missing: Record<TranslatedLocale, string[]>;
}

/** Every content with a missing translation, in the registry's order; only the language asked
 * for when `only` says one. */
export async function missingTranslations(db: Db, only: TranslatedLocale | null): Promise<MissingTranslation[]> {
  const locales = only ? [only] : TRANSLATED_LOCALES;
  const lists = await Promise.all(
    KINDS.map(async (k) =>
      ((await k.read(db)) as Row[]).flatMap((row) => {
        const missing = Object.fromEntries(
          TRANSLATED_LOCALES.map((l) => [l, locales.includes(l) ? missingFields(row, k.fields, l).map((f) => FIELD_LABELS[f] ?? f) : []]),
        ) as Record<TranslatedLocale, string[]>;
        if (TRANSLATED_LOCALES.every((l) => missing[l].length === 0)) return [];
        return [{ id: String(row.id), kind: k.kind, name: k.name(row), screen: k.screen, missing }];
      }),
    ),
  );
  return lists.flat();
}

/** The language of the list's filter (?llengua=es|en), null for both. */
const languageOf = (url: URL): TranslatedLocale | null => {
  const value = url.searchParams.get("llengua");
  return value === "es" || value === "en" ? value : null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const only = languageOf(new URL(request.url));
  const items = await missingTranslations(context.db, only);
  const count = (l: TranslatedLocale) => items.reduce((n, i) => n + i.missing[l].length, 0);
  return { items, only, totals: { es: count("es"), en: count("en") } };
}
