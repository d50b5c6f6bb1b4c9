import { z } from "zod";
import { codedTypes, type CodedType } from "~/domain/contributions";
import type { ListShape } from "./admin-list";
import { MUNICIPALITY_FILTER_VALUES, THEME_FILTER_VALUES } from "./analysis";
import { badgeColour, MIN_CONTRAST } from "./answers";

// The codebook and the coding of contributions (issue 32, decision 065), client-safe: the forms of
// the codebook, the coding screen's list shape, and the keyword matcher of the suggestions. Codes are
// staff's working notes: nothing here is ever read by a public page.

export const CODING_TEXTS = {
  groupNameRequired: "El nom del grup és obligatori",
  groupNameTooLong: "El nom del grup pot tenir com a màxim 60 caràcters",
  groupTaken: "Ja hi ha un grup amb aquest nom",
  groupInUse: "Aquest grup encara té codis: no es pot eliminar. Mou-los o elimina'ls primer.",
  groupUnknown: "Tria un grup de la llista",
  nameRequired: "El nom del codi és obligatori",
  nameTooLong: "El nom del codi pot tenir com a màxim 60 caràcters",
  nameTaken: "Ja hi ha un codi amb aquest nom",
  descriptionTooLong: "La descripció pot tenir com a màxim 500 caràcters",
  keywordsTooLong: "Les paraules clau poden tenir com a màxim 2.000 caràcters",
  colourFormat: "El color ha de tenir la forma #rrggbb",
  colourContrast: `El color és massa clar: el text blanc hi ha de tenir un contrast de ${MIN_CONTRAST}:1 com a mínim. Tria'n un de més fosc.`,
  codeInUse: "Aquest codi ja s'ha fet servir: no es pot eliminar. Retira'l (deixarà d'oferir-se) o fusiona'l amb un altre.",
  codeUnknown: "Aquest codi ja no existeix. Torna a carregar la pàgina.",
  codeRetired: "Aquest codi està retirat: no s'ofereix per codificar aportacions noves.",
  mergeSame: "Tria un codi diferent per fusionar-hi aquest.",
  contributionGone: "Aquesta aportació ja no existeix. Torna a carregar la llista.",
  nothingSelected: "Marca alguna aportació de la llista, o tria «Totes les filtrades».",
  nothingToDo: "No hi ha cap aportació a la qual calgui fer aquest canvi.",
  noSuggestion: "No hi ha cap suggeriment d'aquest codi per decidir en aquestes aportacions.",
  municipalityUnknown: "Tria un municipi de la llista.",
} as const;

const colour = badgeColour(CODING_TEXTS.colourFormat, CODING_TEXTS.colourContrast);

const position = z.coerce
  .number("La posició ha de ser un número")
  .int("La posició ha de ser un número enter")
  .min(0, "La posició ha de ser 0 o més")
  .max(100000, "La posició ha de ser 100.000 com a màxim");

/** A group of the codebook. */
export const codeGroupSchema = z.object({
  name: z.string().trim().min(1, CODING_TEXTS.groupNameRequired).max(60, CODING_TEXTS.groupNameTooLong),
  position,
});

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : ""),
    z
      .string()
      .max(max, message)
      .transform((v) => v || null),
  );

/** A code: its group, name, colour (white text on it at AA), description, order, keywords. */
export const codeSchema = z.object({
  groupId: z.uuid(CODING_TEXTS.groupUnknown),
  name: z.string().trim().min(1, CODING_TEXTS.nameRequired).max(60, CODING_TEXTS.nameTooLong),
  colour,
  description: optionalText(500, CODING_TEXTS.descriptionTooLong),
  position,
  keywords: optionalText(2000, CODING_TEXTS.keywordsTooLong).transform((v) =>
    (v ?? "")
      .split("\n")
      .map((k) => k.trim())
      .filter(Boolean)
      .join("\n"),
  ),
});
export type CodeInput = z.infer<typeof codeSchema>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "type:id" of a contribution, as the answers write it (decision 061). */
export const itemSchema = z
  .string()
  .regex(new RegExp(`^(${codedTypes.join("|")}):${UUID_RE.source.slice(1, -1)}$`, "i"), "Aportació no vàlida")
  .transform((v) => {
    const [type, id] = v.toLowerCase().split(":") as [CodedType, string];
    return { type, id };
  });
export const parseItem = (v: string | null | undefined) => {
  const parsed = itemSchema.safeParse(v ?? "");
  return parsed.success ? parsed.data : null;
};

export const isUuid = (v: string | null | undefined): v is string => !!v && UUID_RE.test(v);

/** What the coding list filters on (the one dialect, decision 056): type, theme and municipality
 * ("cap": none; the cross-tab's cells open the list with them, decision 077), a code, and
 * "sense codificar" (no code yet). Newest first. Hidden contributions are coded too: a working
 * note is about what was said, not whether it is public. */
export const CODING_SHAPE = {
  search: true,
  dates: true,
  sorts: ["data"],
  defaultDir: "desc",
  filters: {
    tipus: { kind: "one-of", values: codedTypes },
    ambit: { kind: "one-of", values: THEME_FILTER_VALUES },
    municipi: { kind: "one-of", values: MUNICIPALITY_FILTER_VALUES },
    codi: { kind: "text", max: 36 },
    "sense-codi": { kind: "flag" },
  },
} as const satisfies ListShape;

export const CODING_PAGE_SIZE = 50;

/** The codebook screen's intents. */
export const codebookIntents = [
  "create_group",
  "update_group",
  "delete_group",
  "create",
  "update",
  "retire",
  "reinstate",
  "delete",
  "merge",
] as const;
export type CodebookIntent = (typeof codebookIntents)[number];

/** The coding screen's intents. */
export const codingIntents = ["toggle", "bulk", "accept", "reject", "municipality"] as const;

// ---------------------------------------------------------------------------------------
// The keyword matcher of the suggestions: accents, case and simple plural and gender endings
// (-s, -es, -a/-o) do not matter. "Perillosa", "PERILLOSOS" and "perillós" all match "perillós".

/** Lower case, without accents (the ela geminada's middle dot is a letter joiner, kept out too). */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[·.]/g, (c) => (c === "·" ? "" : c));
}

/** A word's stem for matching: folded, without a simple plural (-es, -s) or gender (-a, -o) ending.
 * "escoles" → "escol", "escola" → "escol"; "perillosos" → "perill", "perillós" → "perill". */
export function stem(word: string): string {
  let w = fold(word);
  if (w.length > 4 && w.endsWith("es")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s")) w = w.slice(0, -1);
  if (w.length > 3 && /[aoe]$/.test(w)) w = w.slice(0, -1);
  // "perillós"/"perillosa": the -os-/-ós of the masculine singular and the feminine's -os- stem alike.
  if (w.length > 5 && w.endsWith("os")) w = w.slice(0, -2);
  return w;
}

/** The words of a text, as stems. */
export const stems = (text: string): string[] => (fold(text).match(/[\p{L}\p{N}]+/gu) ?? []).map(stem);

/** The keyword lines of a code, each as its stems (a phrase matches its words in a row). */
export const keywordStems = (keywords: string): string[][] =>
  keywords
    .split("\n")
    .map((k) => stems(k))
    .filter((s) => s.length > 0);

/** Whether the text contains one of the keywords (each a phrase of one or more words in a row). */
export function matchesKeywords(textStems: readonly string[], keywords: readonly (readonly string[])[]): boolean {
  return keywords.some((phrase) => {
    for (let i = 0; i + phrase.length <= textStems.length; i++) if (phrase.every((w, j) => textStems[i + j] === w)) return true;
    return false;
  });
}
