import caEmails from "../../app/i18n/ca/emails";
import caErrors from "../../app/i18n/ca/errors";
import caForms from "../../app/i18n/ca/forms";
import caPublic from "../../app/i18n/ca/public";
import enEmails from "../../app/i18n/en/emails";
import enErrors from "../../app/i18n/en/errors";
import enForms from "../../app/i18n/en/forms";
import enPublic from "../../app/i18n/en/public";
import esEmails from "../../app/i18n/es/emails";
import esErrors from "../../app/i18n/es/errors";
import esForms from "../../app/i18n/es/forms";
import esPublic from "../../app/i18n/es/public";

// What the /es/ and /en/ pages must not hold: the Catalan of the catalogues' texts (issue 30). For
// e2e tests of a page in another language: expect(catalanLeftIn(text, "en", "forms")).toEqual([]).

type Area = "public" | "forms" | "errors" | "emails";
const CATALOGUES: Record<"ca" | "es" | "en", Record<Area, Readonly<Record<string, string>>>> = {
  ca: { public: caPublic, forms: caForms, errors: caErrors, emails: caEmails },
  es: { public: esPublic, forms: esForms, errors: esErrors, emails: esEmails },
  en: { public: enPublic, forms: enForms, errors: enErrors, emails: enEmails },
};

/** The literal runs of a message: its words between placeholders ({n}, plurals) and tags. */
const runs = (text: string) =>
  text
    .split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<\/?\w+>/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 12);

/**
 * The Catalan texts of an area's keys (those starting with `prefix`, if given) found in a page's
 * text in another language: the runs of words of at least 12 characters that the language does
 * not write the same way. Empty when the page says none of them in Catalan.
 */
export function catalanLeftIn(pageText: string, locale: "es" | "en", area: Area, prefix = ""): string[] {
  const own = CATALOGUES[locale][area];
  const ownRuns = new Set(Object.values(own).flatMap(runs));
  const found = new Set<string>();
  for (const [key, catalan] of Object.entries(CATALOGUES.ca[area])) {
    if (!key.startsWith(prefix)) continue;
    for (const run of runs(catalan)) if (!ownRuns.has(run) && pageText.includes(run)) found.add(run);
  }
  return [...found];
}
