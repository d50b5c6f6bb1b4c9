// The questionnaire import's texts and column guesses (issue 32, decision 076). Client-safe: the
// mapping screen and the server say the same words.

import { foldText } from "~/domain/map-places";
import { MUNICIPALITY_NAMES } from "~/domain/map";

/** The roles of the columns staff map; only the text is required. */
export const QUESTIONNAIRE_FIELDS = ["text", "municipality", "date", "externalId"] as const;
export type QuestionnaireField = (typeof QUESTIONNAIRE_FIELDS)[number];

export const QUESTIONNAIRE_FIELD_LABELS: Record<QuestionnaireField, string> = {
  text: "Columna del text (obligatòria)",
  municipality: "Columna del municipi",
  date: "Columna de la data",
  externalId: "Columna de l'identificador de la resposta",
};

/** How many rows of the file the mapping step shows. */
export const PREVIEW_ROWS = 8;
/** A file's most rows and columns: a county's questionnaire has some thousands of answers. */
export const QUESTIONNAIRE_LIMITS = { rows: 100_000, columns: 200, cell: 20_000 } as const;

export const QUESTIONNAIRE_TEXTS = {
  empty: "El fitxer no té cap fila de respostes: ha de tenir una fila de capçalera i, a sota, una resposta per fila.",
  noHeaders: "La primera fila del fitxer ha de tenir el nom de cada columna.",
  tooManyRows: "El fitxer té massa files (màxim 100.000).",
  tooManyColumns: `El fitxer té massa columnes (màxim ${QUESTIONNAIRE_LIMITS.columns}).`,
  badCsv: (line: number | null) =>
    line
      ? `No s'ha pogut llegir el fitxer CSV: el format no és vàlid a la línia ${line} (potser hi ha unes cometes sense tancar).`
      : "No s'ha pogut llegir el fitxer CSV: el format no és vàlid.",
  badXlsx: "No s'ha pogut llegir el full de càlcul: el fitxer XLSX sembla malmès.",
  notText: "El fitxer CSV ha d'estar codificat en UTF-8.",
  textRequired: "Tria quina columna té el text de les respostes.",
  columnUnknown: "Aquesta columna no és al fitxer. Torna a triar les columnes.",
  sameColumn: "Cada columna pot tenir un sol paper: tria'n una altra.",
  uploadGone: "Aquest fitxer ja no hi és (ja s'ha importat o fa més d'un dia que es va pujar). Torna'l a pujar.",
  noText: "Cap fila no té text a la columna triada: no s'ha importat res. Comprova que has triat la columna del text.",
  failed: "No s'ha pogut importar el fitxer. No s'ha desat res; torna-ho a provar.",
} as const;

/** A column's header folded for guessing (accents, case, spaces). */
const headerKey = (h: string) =>
  foldText(h)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const GUESSES: Record<QuestionnaireField, RegExp> = {
  text: /\b(text|resposta|comentari|opinio|observacions|proposta|suggeriment|comment|answer|respuesta|comentario)\b/,
  municipality: /\b(municipi|municipio|poble|poblacio|poblacion|localitat|town|municipality)\b/,
  date: /\b(data|date|fecha|marca de temps|timestamp|hora)\b/,
  externalId: /^(id|identificador|id resposta|response id|respondent id|n resposta)$/,
};

/** The column of each field a header suggests, or null: staff confirm or change it. */
export function guessColumns(headers: readonly string[]): Record<QuestionnaireField, number | null> {
  const keys = headers.map(headerKey);
  const taken = new Set<number>();
  const out = {} as Record<QuestionnaireField, number | null>;
  for (const field of ["externalId", "municipality", "date", "text"] as const) {
    const at = keys.findIndex((k, i) => !taken.has(i) && GUESSES[field].test(k));
    out[field] = at >= 0 ? at : null;
    if (at >= 0) taken.add(at);
  }
  return out;
}

const MUNICIPALITY_BY_KEY = new Map(MUNICIPALITY_NAMES.map((m) => [foldText(m), m]));

/** The list's municipality a file's value names, ignoring accents and case ("SANT SADURNI D'ANOIA"
 * is "Sant Sadurní d'Anoia"), or null. */
export function matchMunicipality(value: string): string | null {
  const key = foldText(value).replace(/\s+/g, " ");
  if (!key) return null;
  return MUNICIPALITY_BY_KEY.get(key) ?? null;
}
