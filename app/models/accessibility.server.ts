import type { Db } from "~/db/client.server";
import { getSetting, putSetting } from "~/infra/settings.server";

// The accessibility statement (issue 33; RD 1112/2018, art. 17, and the model of the Commission's
// Implementing Decision (EU) 2018/1523): its fixed sections are the catalogue's
// (public.accessibility.*); the parts that change with the site are staff's, kept here as one
// setting. Staff write them in Catalan. The last review's date is the last save's.

export const ACCESSIBILITY_SETTING = "accessibility_statement";

export const COMPLIANCE = ["full", "partial", "none"] as const;
export type Compliance = (typeof COMPLIANCE)[number];

export interface AccessibilityStatement {
  compliance: Compliance;
  /** Markdown: each failure, with the EN 301 549 clause it fails. */
  nonCompliance: string;
  /** Markdown: what is kept out under a disproportionate burden (art. 7). */
  burden: string;
  /** Markdown: content outside the law's scope (art. 3.4). */
  outOfScope: string;
  /** How the statement was prepared. */
  method: string;
  /** The unit that answers requests and complaints. */
  unit: string;
  /** yyyy-MM-dd. */
  preparedOn: string;
  /** yyyy-MM-dd: the last save. */
  reviewedOn: string;
}

export const DEFAULT_STATEMENT: AccessibilityStatement = {
  compliance: "partial",
  nonCompliance:
    "- Alguns testimonis d'àudio encara no tenen la transcripció del que s'hi diu (EN 301 549, requisit 9.1.2.1, Només àudio i només vídeo (enregistrat); WCAG 1.2.1).\n" +
    "- Els vídeos de la campanya amb so no tenen subtítols (EN 301 549, requisit 9.1.2.2, Subtítols (enregistrats); WCAG 1.2.2).",
  burden: "No s'hi acull cap contingut.",
  outOfScope:
    "- El qüestionari, que és un servei extern incrustat a la pàgina «Digues la teva» (article 3.4 del Reial decret 1112/2018: continguts de tercers que l'entitat no finança ni controla).\n" +
    "- Els mapes de teseles de tercers que fa servir el mapa de propostes, pel que fa a les imatges del mapa base.",
  method:
    "Autoavaluació feta per l'equip del web: proves automàtiques amb axe-core (criteris WCAG 2.2 A i AA) a cada pàgina, i proves manuals amb el teclat, el zoom al 200 % i una amplada de 320 píxels.",
  unit: "Consell Comarcal del Penedès, Àrea de Mobilitat",
  preparedOn: "2026-11-26",
  reviewedOn: "2026-11-26",
};

const isStatement = (value: unknown): value is Partial<AccessibilityStatement> => typeof value === "object" && value !== null;

export async function readStatement(db: Db): Promise<AccessibilityStatement> {
  const saved = await getSetting<unknown>(db, ACCESSIBILITY_SETTING);
  return isStatement(saved) ? { ...DEFAULT_STATEMENT, ...saved } : DEFAULT_STATEMENT;
}

/** Saves staff's parts; the review's date becomes today's (in the council's time zone). */
export async function saveStatement(
  db: Pick<Db, "insert">,
  parts: Omit<AccessibilityStatement, "preparedOn" | "reviewedOn">,
  before: AccessibilityStatement,
  now = new Date(),
): Promise<AccessibilityStatement> {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(now); // locale-neutral: yyyy-MM-dd
  const statement = { ...parts, preparedOn: before.preparedOn, reviewedOn: today };
  await putSetting(db, ACCESSIBILITY_SETTING, statement);
  return statement;
}
