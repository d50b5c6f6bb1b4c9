import { z } from "zod";
import { PHASES, type Consultation } from "~/domain/campaign";
import {
  moderationModes,
  moderationStatuses,
  reportReasons,
  contributionTypes,
  type ModerationMode,
  type ModerationStatus,
} from "~/domain/contributions";
import { MUNICIPALITY_NAMES } from "~/domain/map";
import { categories } from "~/domain/themes";
import { listSearch, type ListQuery, type ListShape } from "./admin-list";
import { LIMITS, REPORT_TEXTS } from "./participation-texts";
import { readTranscript } from "./participation";

export { REPORT_TEXTS };

// Moderation and the consultation's calendar (decisions 028 and 029), client-safe: the settings'
// schemas (the settings screen checks with them, the action applies them), the word filter, the
// report form's schema and the queue's filters.

export interface ModerationSettings {
  mode: ModerationMode;
  /** This many reports from different visitors send a published contribution back to pending. */
  reportThreshold: number;
  /** Words, phrases or fragments of addresses: a contribution holding one waits for staff. */
  blockedTerms: string[];
  /** A contribution with a web address in it waits for staff. */
  holdLinks: boolean;
  /** A testimonial is not published without a transcript (issue 33, WCAG 1.2.1): approving asks for one. */
  requireTranscript: boolean;
}

export const DEFAULT_MODERATION: ModerationSettings = {
  mode: "publish_then_review",
  reportThreshold: 3,
  blockedTerms: [],
  holdLinks: false,
  requireTranscript: true,
};

export const MAX_BLOCKED_TERMS = 500;
/** A staff member's reason to hide, a visitor's words in a report. */
export const MAX_REASON = LIMITS.reason;

const checked = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/** The settings screen's moderation form: the mode, the threshold, the list (one term a line). */
export const moderationSettingsSchema = z.object({
  mode: z.enum(moderationModes, { error: "Tria una manera de moderar" }),
  reportThreshold: z.coerce
    .number({ error: "Escriu un nombre de denúncies entre 1 i 100" })
    .int("Escriu un nombre de denúncies entre 1 i 100")
    .min(1, "Escriu un nombre de denúncies entre 1 i 100")
    .max(100, "Escriu un nombre de denúncies entre 1 i 100"),
  blockedTerms: z
    .string()
    .max(20_000, "La llista no pot tenir més de 20.000 caràcters")
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? "")
          .split(/\r?\n/)
          .map((t) => t.trim().toLocaleLowerCase("ca"))
          .filter(Boolean),
      ),
    ])
    .refine((list) => list.length <= MAX_BLOCKED_TERMS, `La llista pot tenir com a màxim ${MAX_BLOCKED_TERMS} entrades`)
    .refine((list) => list.every((t) => t.length <= 100), "Cada entrada pot tenir com a màxim 100 caràcters"),
  holdLinks: checked,
  requireTranscript: checked,
});

const realDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A calendar day (YYYY-MM-DD) that exists, or null for an empty field. */
const optionalDay = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null),
  z.string().refine(realDay, "La data no és vàlida").nullable(),
);

/** The settings screen's calendar form: an empty closing date means none set (decision 050); a
 * pròrroga needs a closing date before it. */
export const consultationSchema = z
  .object({
    closesOn: optionalDay,
    extendedTo: optionalDay.optional().transform((v) => v ?? null),
    phase: z.coerce
      .number({ error: "Tria una fase del pla" })
      .refine((n): n is Consultation["phase"] => PHASES.some((p) => p.n === n), "Tria una fase del pla"),
    open: checked,
  })
  .superRefine((c, ctx) => {
    if (!c.extendedTo || !realDay(c.extendedTo) || (c.closesOn && !realDay(c.closesOn))) return;
    if (!c.closesOn) ctx.addIssue({ code: "custom", path: ["extendedTo"], message: "Una pròrroga necessita una data de tancament" });
    else if (c.extendedTo <= c.closesOn)
      ctx.addIssue({ code: "custom", path: ["extendedTo"], message: "La pròrroga ha de ser posterior a la data de tancament" });
  });

/** Lower case and without accents: 'Càmera' matches 'camera'. */
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("ca");

const LINK = /(https?:\/\/|www\.)\S/i;

/** Whether a contribution's text must wait for staff under the filter: it holds one of the terms
 * (as a whole word, or anywhere for a term with a character that is not a letter or a digit, such
 * as 'bit.ly'), or a web address when links are held. */
export function heldByFilter(text: string, settings: Pick<ModerationSettings, "blockedTerms" | "holdLinks">): boolean {
  if (settings.holdLinks && LINK.test(text)) return true;
  const folded = fold(text);
  // The text's words, one space apart and padded: a word or a phrase matches whole words only.
  const words = ` ${folded
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ")} `;
  return settings.blockedTerms.some((term) => {
    const t = fold(term).trim();
    if (!t) return false;
    return /^[\p{L}\p{N}\s]+$/u.test(t) ? words.includes(` ${t.replace(/\s+/g, " ")} `) : folded.includes(t);
  });
}

/** The status a new reflection or map comment is stored with. */
export function initialStatus(text: string, settings: ModerationSettings): ModerationStatus {
  return settings.mode === "review_first" || heldByFilter(text, settings) ? "pending" : "published";
}

// ---------------------------------------------------------------------------------------
// Reports

/** Reports are not a censorship tool (issue 29). A visitor's reports count towards the threshold
 * only while they have sent at most this many in the last hour… */
export const REPORTS_WEIGHED_PER_HOUR = 5;
/** …and while staff have kept published fewer than this many of what they reported in the last 30
 * days (reports staff disagreed with). */
export const DISMISSED_REPORTS_MAX = 2;
/** Reports take at most this many contributions off the site in any hour before staff look; past
 * it, reported contributions stay published and wait in the queue's "with reports" filter. */
export const REPORT_HOLDS_PER_HOUR = 10;

const text = z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string());

export const reportSchema = z
  .object({
    type: z.enum(contributionTypes, { error: REPORT_TEXTS.gone.title }),
    id: z.uuid({ error: REPORT_TEXTS.gone.title }),
    reason: z.enum(reportReasons, { error: REPORT_TEXTS.reasonRequired }),
    detail: text.optional(),
  })
  .transform((v, ctx) => {
    const detail = v.detail || null;
    if (v.reason === "other" && !detail) ctx.addIssue({ code: "custom", path: ["detail"], message: REPORT_TEXTS.detailRequired });
    if (detail && detail.length > MAX_REASON) ctx.addIssue({ code: "custom", path: ["detail"], message: REPORT_TEXTS.detailTooLong });
    return { ...v, detail };
  });

// ---------------------------------------------------------------------------------------
// The moderation queue's filters (from the query string) and actions.

export const QUEUE_PAGE_SIZE = 25;

/** The queue in the one query dialect of every list (lib/admin-list.ts, decision 056): a status
 * (pending unless named), a type, a theme, a search, days, only reported ones, only those reports
 * held. Newest first. */
export const QUEUE_SHAPE: ListShape = {
  search: true,
  dates: true,
  sorts: ["data"],
  defaultDir: "desc",
  filters: {
    estat: { kind: "one-of", values: moderationStatuses, default: "pending" },
    tipus: { kind: "one-of", values: contributionTypes },
    ambit: { kind: "one-of", values: categories },
    municipi: { kind: "one-of", values: MUNICIPALITY_NAMES },
    denunciades: { kind: "flag" },
    retingudes: { kind: "flag" },
  },
};

export interface QueueFilters {
  status: ModerationStatus;
  type: (typeof contributionTypes)[number] | null;
  theme: (typeof categories)[number] | null;
  /** One of MUNICIPALITY_NAMES (issue 32), or null for every one. */
  municipality?: string | null;
  q: string;
  /** Only contributions with reports. */
  reported: boolean;
  /** Only contributions that visitors' reports took off the site, not yet reviewed. */
  held: boolean;
  /** Days, yyyy-mm-dd, both included (the list dialect's des-de and fins-a). */
  from?: string | null;
  to?: string | null;
  page: number;
}

/** The queue's query (QUEUE_SHAPE) as the queue's reader takes it. */
export function queueFiltersOf(query: ListQuery): QueueFilters {
  const f = query.filters;
  return {
    status: (f.estat ?? "pending") as ModerationStatus,
    type: (f.tipus ?? null) as QueueFilters["type"],
    theme: (f.ambit ?? null) as QueueFilters["theme"],
    municipality: f.municipi ?? null,
    q: query.q,
    reported: f.denunciades === "1",
    held: f.retingudes === "1",
    from: query.from,
    to: query.to,
    page: query.page,
  };
}

/** The filters of the queue's exports (every contribution in one table, or the testimonials):
 * all the queue's, its status named even when it is the default (an export without one lists
 * every status). */
export function queueExportSearch(query: ListQuery): string {
  const p = listSearch(query, QUEUE_SHAPE, { page: false });
  p.set("estat", query.filters.estat ?? "pending");
  return `?${p}`;
}

export const moderationIntents = ["approve", "hide", "restore", "delete"] as const;
export type ModerationIntent = (typeof moderationIntents)[number];

/** The one state model of every contribution (decisions 028 and 051): the statuses each action
 * applies to, and the status it leaves. Deleting leaves nothing, and only a hidden item may go. */
export const INTENT_RULES: Record<ModerationIntent, { from: ModerationStatus[]; to: ModerationStatus | null }> = {
  approve: { from: ["pending"], to: "published" },
  hide: { from: ["pending", "published"], to: "hidden" },
  restore: { from: ["hidden"], to: "published" },
  delete: { from: ["hidden"], to: null },
};

/** The intents a role may not use: deleting is for administrators (the server refuses it to the
 * others; the queue does not offer it). */
export const mayDelete = (role: string) => role === "administrator";

/** What the queue says about testimonials' transcripts (issue 33). */
export const TRANSCRIPT_TEXTS = {
  required: (n: number) =>
    n === 1
      ? "Aquest testimoni no té transcripció i no es pot publicar sense. Escriu el que diu l'àudio al camp Transcripció i desa-la."
      : `${n} dels testimonis seleccionats no tenen transcripció i no es poden publicar sense. Escriu-la a cada un i desa-la.`,
  clearPublished: "Un testimoni publicat ha de tenir transcripció. Escriu-la en lloc d'esborrar-la, o amaga el testimoni primer.",
  tooLong: `La transcripció pot tenir com a màxim ${LIMITS.transcript} caràcters.`,
  invalid: "La transcripció té caràcters que no es poden desar (caràcters de control). Escriu-la només amb text.",
  gone: "Aquest testimoni ja no existeix. Torna a carregar la llista.",
  item: "Testimoni no vàlid",
} as const;

/** Staff's transcript of one testimonial, from its row in the queue; `approve` also publishes it. */
export const transcriptActionSchema = z
  .object({
    item: z
      .string({ error: TRANSCRIPT_TEXTS.item })
      .regex(/^testimonial:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, TRANSCRIPT_TEXTS.item),
    transcript: z.unknown().optional(),
    approve: checked.optional(),
  })
  .transform((v, ctx) => {
    const read = readTranscript(v.transcript ?? "");
    if (!read.ok) {
      ctx.addIssue({ code: "custom", path: ["transcript"], message: TRANSCRIPT_TEXTS[read.error] });
      return z.NEVER;
    }
    return { id: v.item.slice("testimonial:".length), transcript: read.transcript, approve: v.approve ?? false };
  });

export const DELETE_TEXTS = {
  adminsOnly: "Només un administrador pot eliminar aportacions.",
  notHidden: "Només es poden eliminar les aportacions amagades. Amaga-la primer.",
} as const;

export const moderationActionSchema = z
  .object({
    intent: z.enum(moderationIntents, { error: "Acció desconeguda" }),
    // The selected contributions, "type:id", comma-separated (one field: the form reader keeps one value a name).
    items: z.preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(",")
              .map((i) => i.trim())
              .filter(Boolean)
          : [],
      z
        .array(
          z
            .string()
            .regex(
              /^(reflection|map_comment|testimonial):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
              "Aportació no vàlida",
            ),
        )
        .min(1, "Selecciona almenys una aportació")
        .max(QUEUE_PAGE_SIZE * 4, `Com a màxim ${QUEUE_PAGE_SIZE * 4} aportacions alhora`),
    ),
    reason: text.optional(),
  })
  .transform((v, ctx) => {
    const reason = v.reason || null;
    if (v.intent === "hide" && !reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Escriu el motiu per amagar-ho" });
    if (reason && reason.length > MAX_REASON)
      ctx.addIssue({ code: "custom", path: ["reason"], message: `El motiu pot tenir com a màxim ${MAX_REASON} caràcters` });
    const items = [...new Set(v.items.map((i) => i.toLowerCase()))].map((i) => {
      const [type, id] = i.split(":") as [(typeof contributionTypes)[number], string];
      return { type, id };
    });
    return { intent: v.intent, items, reason };
  });
