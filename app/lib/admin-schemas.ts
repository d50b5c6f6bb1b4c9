import { z } from "zod";
import { categories } from "~/domain/themes";
import { LINE_STYLES, MAP_KINDS } from "~/domain/map";
import { tileSource } from "./map-tiles";
import { formatNumber } from "../i18n/locales";
import { TRANSLATED_LOCALES, translationField, type TranslatedLocale, type Translations } from "./translations";

// One schema per admin form, shared by the form (checks before sending, for comfort) and the
// action (the check that counts). Messages are the spec's Catalan texts.

const optionalText = z
  .string()
  .trim()
  .max(5000)
  .optional()
  .transform((v) => (v ? v : null));

const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), message);

/** An item's place in its list (0 first). */
export const position = z.coerce
  .number("La posició ha de ser un número")
  .int("La posició ha de ser un número enter")
  .min(0, "La posició ha de ser 0 o més")
  .max(100000);

/** A checkbox: on when sent. */
export const flag = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

// ---------------------------------------------------------------------------------------
// Staff texts' Spanish and English (decision 062): each translated field `title` of a form has
// the optional fields `title_es` and `title_en` (the dialog's language tabs); the schema gathers
// them into the row's `translations` column, leaving out the empty ones.

const LANGUAGE_NAMES: Record<TranslatedLocale, string> = { es: "castellà", en: "anglès" };

/** The optional translation fields of a form, `max` characters at most each (as the Catalan field). */
function translationShape<F extends string>(fields: Record<F, number>) {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const [field, max] of Object.entries<number>(fields))
    for (const locale of TRANSLATED_LOCALES)
      shape[translationField(field, locale)] = z
        .string()
        .trim()
        .max(max, `El text en ${LANGUAGE_NAMES[locale]} pot tenir com a màxim ${formatNumber(max)} caràcters`)
        .optional();
  return shape;
}

type TranslationKeys<F extends string> = `${F}_${TranslatedLocale}`;

/** A form's schema with its texts' translations: `fields` names each translated field and its
 * longest length; the parsed value carries `translations` instead of the `<field>_<lang>` fields. */
export function withTranslations<S extends z.ZodRawShape, F extends string>(base: z.ZodObject<S>, fields: Record<F, number>) {
  return base.extend(translationShape(fields)).transform((data) => {
    const values: Record<string, unknown> = { ...data };
    const translations: Translations = {};
    for (const locale of TRANSLATED_LOCALES)
      for (const field of Object.keys(fields)) {
        const key = translationField(field, locale);
        const text = values[key];
        delete values[key];
        if (typeof text === "string" && text !== "") (translations[locale] ??= {})[field] = text;
      }
    return { ...(values as Omit<z.infer<z.ZodObject<S>>, TranslationKeys<F>>), translations };
  });
}

export const ACTIVITY_EMOJIS = ["🚲", "🚴", "🚴‍♀️", "🗺️", "📍", "🌳", "🏞️", "🎉", "📣", "🧒", "🏫", "💼", "🏛️", "☀️"] as const;

export const activitySchema = withTranslations(
  z.object({
    title: z.string().trim().min(1, "El títol és obligatori").max(200),
    date: z.iso.date("La data és obligatòria"),
    emoji: z.enum(ACTIVITY_EMOJIS, "Tria una icona de la llista"),
    // Optional: an activity whose time or place is not known yet shows its date alone. The browser's
    // time field sends HH:mm (HH:mm:ss when a form is re-sent with the stored value).
    startTime: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v), "L'hora ha de ser una hora del dia, com ara 18:30")
      .transform((v) => (v === null ? null : v.slice(0, 5))),
    place: z
      .string()
      .trim()
      .max(200, "El lloc pot tenir com a màxim 200 caràcters")
      .optional()
      .transform((v) => (v ? v : null)),
    description: optionalText,
    linkUrl: httpUrl("L'enllaç ha de ser una URL vàlida (http:// o https://)"),
    linkText: z
      .string()
      .trim()
      .max(60)
      .optional()
      .transform((v) => v || "Inscriu-te"),
  }),
  { title: 200, place: 200, description: 5000, linkText: 60 },
);

export const videoSchema = withTranslations(
  z.object({
    scope: z.enum(categories, "Selecciona un àmbit"),
    title: z.string().trim().min(1, "El títol és obligatori").max(200),
    description: optionalText,
    isActive: flag,
  }),
  { title: 200, description: 5000 },
);

export const footerTextsSchema = withTranslations(
  z.object({
    footerText: z.string().trim().min(1, "El text del footer és obligatori").max(2000),
    collaboratorsText: z.string().trim().min(1, "El text de col·laboradors és obligatori").max(2000),
  }),
  { footerText: 2000, collaboratorsText: 2000 },
);

export const logoSchema = z.object({
  name: z.string().trim().min(1, "El nom és obligatori").max(200),
  linkUrl: httpUrl("L'enllaç ha de ser una URL vàlida (http:// o https://)"),
  position,
  isActive: flag,
});

export const resourceSchema = withTranslations(
  z.object({
    title: z.string().trim().min(1, "El títol és obligatori").max(200),
    description: z.string().trim().max(5000).optional().default(""),
    fullText: z.string().trim().max(20000).optional().default(""),
    useExternal: flag,
    externalUrl: httpUrl("La URL externa ha de començar per http:// o https://"),
    position: position.optional().default(0),
    isActive: flag,
    audioDescription: z.string().trim().max(10000).optional().default(""),
    removeCaptions: flag,
  }),
  { title: 200, description: 5000, fullText: 20000, audioDescription: 10000 },
);

export const photoSchema = withTranslations(
  z.object({
    title: z.string().trim().min(1, "Títol i imatge són obligatoris").max(200),
    description: z.string().trim().max(2000).optional().default(""),
  }),
  { title: 200, description: 2000 },
);

/** The spec's auto slug: lowercase, accents removed, only a-z 0-9 space hyphen, trimmed, spaces to hyphens. */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9 -]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}

/** On save: lowercased, spaces to hyphens (and tidied so it fits the stored format). */
export function normalizeSlug(slug: string): string {
  return slug.trim().toLowerCase().replace(/\s+/g, "-").replace(/-+/g, "-").replace(/^-|-$/g, "");
}

export const landingSchema = withTranslations(
  z.object({
    title: z.string().trim().min(1, "El títol és obligatori").max(200),
    slug: z
      .string()
      .optional()
      .transform((v) => normalizeSlug(v ?? ""))
      .pipe(
        z
          .string()
          .min(1, "El slug és obligatori")
          .max(120)
          .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "El slug només pot tenir lletres sense accents, números i guions"),
      ),
    description: z.string().max(50000).optional().default(""),
    isActive: flag,
  }),
  { title: 200, description: 50000 },
);

export const idSchema = z.uuid("Identificador no vàlid");

/** The media type of an external resource URL: YouTube and Vimeo and video files are videos,
 * image files images, anything else a document. */
export function externalMediaType(url: string): "image" | "video" | "document" {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "document";
  }
  if (/(^|\.)(youtube\.com|youtu\.be|vimeo\.com)$/i.test(u.hostname)) return "video";
  if (/\.(jpe?g|png|webp|gif|avif)$/i.test(u.pathname)) return "image";
  if (/\.(mp4|webm|mov)$/i.test(u.pathname)) return "video";
  return "document";
}

/** The media type of an uploaded file, from its sniffed content type. */
export const fileMediaType = (contentType: string): "image" | "video" | "document" =>
  contentType.startsWith("image/") ? "image" : contentType.startsWith("video/") ? "video" : "document";

// ---------------------------------------------------------------------------------------
// The map and questionnaire addresses (site settings). Each is optional: empty hides the feature.
// The rule (docs/decisions/012-embed-settings.md): a full https:// address; plain http:// only for a
// server on this machine (localhost, 127.0.0.1, [::1]), for development; never a user name or
// password in it (every visitor's browser receives the address).

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

const siteAddress = (what: string) =>
  z
    .string()
    .trim()
    .max(2000, `${what} no pot tenir més de 2.000 caràcters`)
    .optional()
    .transform((v) => v || null)
    .superRefine((v, ctx) => {
      if (v === null) return;
      const issue = (message: string) => ctx.addIssue({ code: "custom", message });
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        return issue(`${what} ha de ser una adreça web completa, per exemple https://exemple.cat/formulari`);
      }
      if (url.protocol === "http:" && !LOCAL_HOSTS.has(url.hostname)) {
        return issue(`${what} ha de començar per https:// (http:// només es permet per a localhost)`);
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") {
        return issue(`${what} ha de començar per https://`);
      }
      if (url.username || url.password) issue(`${what} no pot contenir cap usuari ni contrasenya`);
    });

export const embedSettingsSchema = z.object({
  mapEmbedUrl: siteAddress("L'adreça del mapa incrustat"),
  mapFullUrl: siteAddress("L'adreça del mapa complet"),
  questionnaireUrl: siteAddress("L'adreça del qüestionari"),
});
export type EmbedSettings = z.infer<typeof embedSettingsSchema>;

export { frameOrigin, frameOrigins } from "./frame-origins";

/** A newsletter to send (or to test): its subject and its Markdown. */
export const newsletterDraftSchema = withTranslations(
  z.object({
    subject: z.string().trim().min(1, "L'assumpte és obligatori").max(200, "L'assumpte pot tenir com a màxim 200 caràcters"),
    body: z.string().trim().min(1, "El text de la newsletter és obligatori").max(50000, "El text pot tenir com a màxim 50.000 caràcters"),
  }),
  { subject: 200, body: 50000 },
);

// ---------------------------------------------------------------------------------------
// A network layer of the participation map (issue 17); its GeoJSON file is checked on the server
// (map-geojson.server.ts).
export const mapLayerSchema = z.object({
  name: z.string().trim().min(1, "El nom de la capa és obligatori").max(100, "El nom pot tenir com a màxim 100 caràcters"),
  colour: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, "El color ha de tenir la forma #rrggbb"),
  lineStyle: z.enum(LINE_STYLES, "Tria un estil de línia de la llista"),
  position,
  isActive: flag,
});

/** The base map (issue 17): a raster tile URL template with {z}, {x} and {y} (and {s} only as the
 * host's first label, which the CSP can allow as "*."), its attribution, and which map is shown. */
export const mapBaseSchema = z.object({
  tileUrl: siteAddress("L'adreça de les tessel·les").superRefine((v, ctx) => {
    if (v === null) return;
    if (!["{z}", "{x}", "{y}"].every((p) => v.includes(p)))
      return ctx.addIssue({ code: "custom", message: "L'adreça de les tessel·les ha de contenir {z}, {x} i {y}" });
    if (!tileSource(v))
      ctx.addIssue({
        code: "custom",
        message: "{s} només pot anar al principi del nom del servidor, per exemple https://{s}.tile.exemple.org/{z}/{x}/{y}.png",
      });
  }),
  tileAttribution: z
    .string()
    .trim()
    .max(300, "L'atribució pot tenir com a màxim 300 caràcters")
    .optional()
    .transform((v) => v || null),
  mapKind: z.enum(MAP_KINDS, "Tria quin mapa es mostra"),
});
export type MapBaseForm = z.infer<typeof mapBaseSchema>;

/** The accessibility statement's parts that staff write (issue 33): the compliance and the texts. */
export const accessibilityStatementSchema = z.object({
  compliance: z.enum(["full", "partial", "none"], { error: "Tria la situació de compliment." }),
  nonCompliance: z
    .string()
    .trim()
    .min(1, "Explica què no és conforme, o escriu que no hi ha res.")
    .max(5000, "Com a màxim 5.000 caràcters."),
  burden: z
    .string()
    .trim()
    .min(1, "Escriu què s'acull a la càrrega desproporcionada, o que no s'hi acull res.")
    .max(3000, "Com a màxim 3.000 caràcters."),
  outOfScope: z
    .string()
    .trim()
    .min(1, "Escriu quin contingut queda fora de l'àmbit, o que no n'hi ha.")
    .max(3000, "Com a màxim 3.000 caràcters."),
  method: z.string().trim().min(1, "Explica com s'ha preparat la declaració.").max(1000, "Com a màxim 1.000 caràcters."),
  unit: z.string().trim().min(1, "Escriu la unitat responsable.").max(300, "Com a màxim 300 caràcters."),
});
