import { z } from "zod";
import { contributionTypes, type ContributionType } from "~/domain/contributions";
import { categories } from "~/domain/themes";
import type { ListShape } from "./admin-list";
import { flag, position, withTranslations } from "./admin-schemas";
import { formatNumber } from "~/i18n/locales";

// The council's answers to contributions (issue 31, decision 061), client-safe: the states'
// form (its colour must carry white text at WCAG AA), the answer's form, and the words the back
// office and the server share.

/** An answer's text, in characters (Markdown). */
export const MAX_ANSWER = 5000;
/** The contrast white text needs on a state's badge (WCAG 2.1 AA, normal text). */
export const MIN_CONTRAST = 4.5;

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
/** The relative luminance of a #rrggbb colour (WCAG 2.1). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}
/** The contrast of white text on `hex`. */
export const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/** A badge's colour as staff choose it (answer states, result states, codes): #rrggbb, dark enough
 * for white text, with each screen's own messages. */
export const badgeColour = (formatMessage: string, contrastMessage: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, formatMessage)
    .refine((c) => contrastWithWhite(c) >= MIN_CONTRAST, contrastMessage);

export const ANSWER_TEXTS = {
  stateLabelRequired: "El nom de l'estat és obligatori",
  stateLabelTooLong: "El nom de l'estat pot tenir com a màxim 60 caràcters",
  colourFormat: "El color ha de tenir la forma #rrggbb",
  colourContrast: `El color és massa clar: el text blanc hi ha de tenir un contrast de ${MIN_CONTRAST}:1 com a mínim. Tria'n un de més fosc.`,
  stateTaken: "Ja hi ha un estat amb aquest nom",
  stateInUse: "Aquest estat ja s'ha fet servir en alguna resposta: no es pot eliminar. Desactiva'l per retirar-lo.",
  stateUnknown: "Tria un estat de resposta de la llista",
  stateRetired: "Aquest estat està retirat: tria'n un altre",
  textRequired: "Escriu el text de la resposta",
  textTooLong: `La resposta pot tenir com a màxim ${formatNumber(MAX_ANSWER)} caràcters`,
  contributionGone: "Aquesta aportació ja no existeix. Torna a carregar la llista.",
  contributionHidden: "Aquesta aportació està amagada: no es pot publicar la resposta d'una aportació que no és pública.",
  noAnswer: "Aquesta aportació encara no té resposta.",
  alreadyPublished: "Aquesta resposta ja està publicada tal com és ara: no hi ha res de nou per publicar.",
  notPublished: "Aquesta resposta no està publicada: no hi ha res per retirar.",
  nothingToPublish: "No hi ha cap resposta pendent de publicar.",
  notifyNotPublished: "Aquesta resposta no està publicada: publica-la abans d'avisar l'autor.",
  notifyNoMail: "L'autor no ha demanat rebre la resposta per correu, o ja no vol rebre'n.",
  notifyPending: "El correu amb aquesta resposta encara no ha sortit: l'autor rebrà el text publicat.",
  notifySameText: "L'autor ja té aquest text de la resposta: no ha canviat des de l'últim correu.",
  templateTitleRequired: "El nom de la plantilla és obligatori",
  templateTitleTooLong: "El nom de la plantilla pot tenir com a màxim 80 caràcters",
  templateTextRequired: "Escriu el text de la plantilla",
  templateTextTooLong: `El text de la plantilla pot tenir com a màxim ${formatNumber(MAX_ANSWER)} caràcters`,
  templateUnknown: "Tria una plantilla de la llista",
  templateOtherState: "Aquesta plantilla és d'un altre estat: tria'n una de l'estat que aplicaràs",
  bulkNone: "Marca alguna aportació, o tria «totes les dels filtres»",
  bulkTooMany: "Es poden respondre com a màxim 20.000 aportacions d'un cop",
  bulkNothing: "Cap de les aportacions triades no s'ha pogut respondre: ja tenen resposta, o estan amagades o eliminades.",
  resultUnknown: "Aquesta actuació del pla ja no existeix: tria'n una altra de la llista o cap.",
  resultNotPublic:
    "L'actuació enllaçada no és pública: no es pot publicar una resposta que hi porti. Fes-la pública al seguiment del pla, o treu l'enllaç.",
  featureNoAnswer: "Només es poden destacar les aportacions que tenen resposta.",
  featureUnchanged: "Aquesta aportació ja està com demanes: no hi ha res a canviar.",
  introTooLong: `La introducció de l'informe pot tenir com a màxim ${formatNumber(2000)} caràcters`,
  bulkCountChanged:
    "El nombre d'aportacions dels filtres ha canviat mentrestant (algú hi ha respost o n'han arribat de noves). Revisa'l i torna-ho a provar.",
} as const;

/** An answer template (decision 068): a reusable text of one state, kept by staff. */
export const answerTemplateSchema = z.object({
  stateId: z.uuid(ANSWER_TEXTS.stateUnknown),
  title: z.string().trim().min(1, ANSWER_TEXTS.templateTitleRequired).max(80, ANSWER_TEXTS.templateTitleTooLong),
  text: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : ""),
    z.string().min(1, ANSWER_TEXTS.templateTextRequired).max(MAX_ANSWER, ANSWER_TEXTS.templateTextTooLong),
  ),
  position,
});

/** One state, as the settings' screen writes it: its label in Catalan, and optionally in Spanish
 * and English (decision 062). */
export const answerStateSchema = withTranslations(
  z.object({
    label: z.string().trim().min(1, ANSWER_TEXTS.stateLabelRequired).max(60, ANSWER_TEXTS.stateLabelTooLong),
    colour: badgeColour(ANSWER_TEXTS.colourFormat, ANSWER_TEXTS.colourContrast),
    position,
    isActive: flag,
  }),
  { label: 60 },
);

const contribution = z
  .string()
  .regex(/^(reflection|map_comment|testimonial):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Aportació no vàlida")
  .transform((v) => {
    const [type, id] = v.toLowerCase().split(":") as [ContributionType, string];
    return { type, id };
  });

/** An answer written from the queue's row or the answering screen: one contribution ("type:id"), a
 * state and a Markdown text; `publish` publishes it at once. */
export const answerSchema = z.object({
  item: contribution,
  stateId: z.uuid(ANSWER_TEXTS.stateUnknown),
  text: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : ""),
    z.string().min(1, ANSWER_TEXTS.textRequired).max(MAX_ANSWER, ANSWER_TEXTS.textTooLong),
  ),
  /** The plan's result the answer points to (decision 075): its id, or empty for none; a form
   * without the field (the moderation queue's) keeps the link the answer has. */
  resultId: z.preprocess(
    (v) => (v === undefined ? undefined : typeof v === "string" && v.trim() !== "" ? v.trim() : null),
    z.uuid(ANSWER_TEXTS.resultUnknown).nullable().optional(),
  ),
  publish: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
});
export type AnswerInput = z.infer<typeof answerSchema>;

/** Publishing or withdrawing one answer. */
export const answerItemSchema = z.object({ item: contribution });

/** Marking an answered contribution as featured in the report, or no longer (decision 075). */
export const featureSchema = z.object({
  item: contribution,
  featured: z.enum(["true", "false"], "Tria si es destaca o no").transform((v) => v === "true"),
});

/** The report's introduction (decision 075): Markdown, in Catalan and optionally in Spanish and English. */
export const MAX_HEARD_INTRO = 2000;
const introText = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : ""),
  z.string().max(MAX_HEARD_INTRO, ANSWER_TEXTS.introTooLong),
);
export const heardIntroSchema = z.object({ text: introText, text_es: introText, text_en: introText });
export type HeardIntroInput = z.infer<typeof heardIntroSchema>;

export { contributionTypes };

/** Who may publish and withdraw answers: administrators (decision 061). Moderators write drafts.
 * What changes the public report at once (its featured contributions and its introduction,
 * decision 075) is the administrators' too. */
export const mayPublishAnswers = (role: string) => role === "administrator";
export const PUBLISH_TEXTS = {
  adminsOnly: "Només un administrador pot publicar o retirar respostes.",
  reportAdminsOnly: "Només un administrador pot canviar què destaca l'informe «Què hem escoltat» o la seva introducció.",
} as const;

/** Where an answer stands, for the answering screen's filter. */
export const answerStages = ["sense", "esborrany", "publicada"] as const;
export const ANSWER_STAGE_LABELS: Record<(typeof answerStages)[number], string> = {
  sense: "Sense resposta",
  esborrany: "Amb canvis per publicar",
  publicada: "Publicada",
};

export const ANSWERS_PAGE_SIZE = 20;

/** The answering screen's list (the one dialect, decision 056): type, theme, municipality, the
 * answer's state (an id) and where the answer stands; newest first. Hidden contributions are left
 * out: they are not answered. */
export const ANSWERS_SHAPE = {
  search: true,
  dates: true,
  sorts: ["data"],
  defaultDir: "desc",
  filters: {
    tipus: { kind: "one-of", values: contributionTypes },
    ambit: { kind: "one-of", values: categories },
    municipi: { kind: "text", max: 100 },
    resposta: { kind: "one-of", values: answerStages },
    "estat-resposta": { kind: "text", max: 36 },
  },
} as const satisfies ListShape;

/** The most contributions one bulk answer writes (the whole filtered set is usually far less). */
export const MAX_BULK = 20_000;

/** Bulk answering (decision 068): one state and one template applied to the contributions ticked
 * ("items", each "type:id") or to every one the filters find ("scope" = "filtered", with the count
 * the confirmation showed, so a set that changed meanwhile is refused). Answers that exist are kept
 * unless staff tick "overwrite". */
export const bulkAnswerSchema = z
  .object({
    stateId: z.uuid(ANSWER_TEXTS.stateUnknown),
    templateId: z.uuid(ANSWER_TEXTS.templateUnknown),
    scope: z.enum(["selected", "filtered"], "Tria a quines aportacions s'aplica"),
    /** "type:id" separated by commas (the ticked rows). */
    items: z.preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      z.array(contribution).max(MAX_BULK, ANSWER_TEXTS.bulkTooMany),
    ),
    expected: z.coerce.number().int().min(0).max(1_000_000).optional(),
    overwrite: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
  })
  .refine((v) => v.scope === "filtered" || v.items.length > 0, { message: ANSWER_TEXTS.bulkNone, path: ["items"] });
export type BulkAnswerInput = z.infer<typeof bulkAnswerSchema>;

export const answerIntents = [
  "answer",
  "publish",
  "withdraw",
  "notify_again",
  "publish_all",
  "bulk_answer",
  "feature",
  "heard_intro",
] as const;
export type AnswerIntent = (typeof answerIntents)[number];
