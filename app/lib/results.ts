import { z } from "zod";
import { categories } from "~/domain/themes";
import { MUNICIPALITY_NAMES } from "~/domain/map";
import { RESULT_MEANINGS } from "~/domain/results";
import { flag, position, withTranslations } from "./admin-schemas";
import { badgeColour, MIN_CONTRAST } from "./answers";
import { formatNumber } from "~/i18n/locales";

// The plan's results (issue 35, decision 067), client-safe: the forms of the states, the results and
// their timeline entries (the dialogs check them too), and the back office's words.

export const MAX_RESULT_TEXT = 10_000;
export const MAX_ENTRY_TEXT = 2000;
/** How many segments and contributions one result may cover. */
export const MAX_RESULT_LINKS = 500;

export const RESULT_TEXTS = {
  labelRequired: "El nom de l'estat és obligatori",
  labelTooLong: "El nom de l'estat pot tenir com a màxim 60 caràcters",
  colourFormat: "El color ha de tenir la forma #rrggbb",
  colourContrast: `El color és massa clar: el text blanc hi ha de tenir un contrast de ${MIN_CONTRAST}:1 com a mínim. Tria'n un de més fosc.`,
  meaning: "Tria què vol dir l'estat per a les xifres del pla",
  stateTaken: "Ja hi ha un estat amb aquest nom",
  stateInUse: "Aquest estat ja el té alguna actuació: no es pot eliminar. Desactiva'l per retirar-lo.",
  stateUnknown: "Tria un estat de la llista",
  stateRetired: "Aquest estat està retirat: tria'n un altre",
  titleRequired: "El títol és obligatori",
  titleTooLong: "El títol pot tenir com a màxim 200 caràcters",
  descriptionTooLong: `La descripció pot tenir com a màxim ${formatNumber(MAX_RESULT_TEXT)} caràcters`,
  progress: "L'avenç ha de ser un número enter del 0 al 100",
  budget: "El pressupost ha de ser un import en euros, sense decimals (per exemple 125000)",
  date: "La data ha de tenir la forma aaaa-mm-dd",
  municipality: "Un dels municipis no és de l'Alt Penedès: tria'ls de la llista",
  category: "Tria un àmbit de la llista",
  segmentFormat: "Un dels trams no és vàlid: tria'ls de la llista",
  segmentUnknown: "Un dels trams ja no és a cap capa del mapa: torna a obrir el formulari",
  contributionFormat: "Una de les aportacions no és vàlida: tria-les de la llista",
  contributionUnknown: "Una de les aportacions ja no existeix: torna a obrir el formulari",
  tooMany: `Com a màxim ${formatNumber(MAX_RESULT_LINKS)} elements enllaçats`,
  resultUnknown: "Tria una actuació de la llista",
  entryRequired: "Escriu el text de la fita",
  entryTooLong: `El text pot tenir com a màxim ${formatNumber(MAX_ENTRY_TEXT)} caràcters`,
  entryDate: "La data de la fita és obligatòria (aaaa-mm-dd)",
} as const;

/** What each meaning is called in the back office. */
export const MEANING_LABELS: Record<(typeof RESULT_MEANINGS)[number], string> = {
  open: "Per fer (compta al total del pla)",
  done: "Fet (compta com a fet)",
  dropped: "Descartat (fora del total del pla)",
};

/** One state, as its screen writes it. */
export const resultStateSchema = withTranslations(
  z.object({
    label: z.string().trim().min(1, RESULT_TEXTS.labelRequired).max(60, RESULT_TEXTS.labelTooLong),
    colour: badgeColour(RESULT_TEXTS.colourFormat, RESULT_TEXTS.colourContrast),
    meaning: z.enum(RESULT_MEANINGS, RESULT_TEXTS.meaning),
    position,
    isActive: flag,
  }),
  { label: 60 },
);

/** A list sent as one field, one value per line (the dialog's pickers keep it in a hidden field). */
const lines = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? [
            ...new Set(
              v
                .split(/\r?\n/)
                .map((s) => s.trim())
                .filter(Boolean),
            ),
          ]
        : [],
    z.array(item).max(MAX_RESULT_LINKS, RESULT_TEXTS.tooMany),
  );

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** A network segment as a map comment stores it: `<layer id>:<feature index>`. */
export const SEGMENT_REF = new RegExp(`^${UUID}:\\d{1,5}$`);
/** A contribution: `<type>:<id>`. */
export const CONTRIBUTION_REF = new RegExp(`^(reflection|map_comment|testimonial):${UUID}$`);

const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), RESULT_TEXTS.date)
  .refine((v) => v === null || !Number.isNaN(Date.parse(v)), RESULT_TEXTS.date);

/** A result, as its dialog writes it. Whether its segments and contributions exist is the server's check. */
export const resultSchema = withTranslations(
  z.object({
    title: z.string().trim().min(1, RESULT_TEXTS.titleRequired).max(200, RESULT_TEXTS.titleTooLong),
    description: z
      .string()
      .optional()
      .transform((v) => v?.replace(/\r\n?/g, "\n").trim() || null)
      .refine((v) => v === null || v.length <= MAX_RESULT_TEXT, RESULT_TEXTS.descriptionTooLong),
    stateId: z.uuid(RESULT_TEXTS.stateUnknown),
    progress: z.coerce
      .number(RESULT_TEXTS.progress)
      .int(RESULT_TEXTS.progress)
      .min(0, RESULT_TEXTS.progress)
      .max(100, RESULT_TEXTS.progress),
    municipalities: lines(z.enum(MUNICIPALITY_NAMES as [string, ...string[]], RESULT_TEXTS.municipality)),
    category: z
      .string()
      .optional()
      .transform((v) => v || null)
      .pipe(z.enum(categories, RESULT_TEXTS.category).nullable()),
    budget: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.replace(/[.\s]/g, "") : null))
      .refine((v) => v === null || /^\d{1,12}$/.test(v), RESULT_TEXTS.budget)
      .transform((v) => (v === null ? null : Number(v))),
    plannedDate: optionalDate,
    realDate: optionalDate,
    segmentRefs: lines(z.string().toLowerCase().regex(SEGMENT_REF, RESULT_TEXTS.segmentFormat)),
    contributionRefs: lines(z.string().toLowerCase().regex(CONTRIBUTION_REF, RESULT_TEXTS.contributionFormat)),
    isActive: flag,
  }),
  { title: 200, description: MAX_RESULT_TEXT },
);
export type ResultInput = z.infer<typeof resultSchema>;

/** A timeline entry, as its dialog writes it (the photo is the server's). */
export const resultEntrySchema = withTranslations(
  z.object({
    resultId: z.uuid(RESULT_TEXTS.resultUnknown),
    date: z.iso.date(RESULT_TEXTS.entryDate),
    text: z
      .string()
      .transform((v) => v.replace(/\r\n?/g, "\n").trim())
      .pipe(z.string().min(1, RESULT_TEXTS.entryRequired).max(MAX_ENTRY_TEXT, RESULT_TEXTS.entryTooLong)),
  }),
  { text: MAX_ENTRY_TEXT },
);
