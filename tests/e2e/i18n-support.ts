import type { Page } from "@playwright/test";
import type { Area } from "../../app/i18n/catalogue";
import { CATALOGUES } from "../../app/i18n/catalogues.server";
import type { Locale } from "../../app/i18n/locales";

// Helpers for the specs that check a page in Spanish or English (decision 059): that no Catalan
// text of the catalogue's keys is left on it. catalanLeftIn reads a page's text (or an e-mail's);
// catalanLeft reads a live page, leaving out what is marked lang="ca".

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

/** The keys of an area whose names start with one of the prefixes ("home.", "agenda."). */
export function keysWithPrefixes(area: Area, prefixes: readonly string[]): string[] {
  return Object.keys(CATALOGUES.ca[area]).filter((key) => prefixes.some((p) => key.startsWith(p)));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The pieces of a message a page shows as one text each: the message split at its <tags>, each
 * piece as a pattern where a placeholder stands for any text. Pieces of fewer than four letters
 * ("de", "·") say nothing. */
function pieces(text: string): { words: string; pattern: RegExp }[] {
  return text
    .split(/<\/?\w+>/)
    .map((piece) => piece.trim())
    .filter((piece) => piece.replace(/\{[^{}]*\}/g, "").replace(/[^\p{L}]/gu, "").length >= 4)
    .map((piece) => ({
      words: piece,
      pattern: new RegExp(
        `^${piece
          .split(/\{[^{}]*\}/)
          .map(escape)
          .join(".+?")}$`,
        "u",
      ),
    }));
}

/** The Catalan texts of these keys that a page in another language still shows: a text of the page
 * (each run of text as the page renders it, and each aria-label, title and alt) that is one of the
 * keys' Catalan pieces, where the translation says it differently. Text marked lang="ca" is left
 * out: it is Catalan on purpose (the campaign's name, staff content not yet translated). */
export async function catalanLeft(page: Page, area: Area, keys: readonly string[], locale: Exclude<Locale, "ca">): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const catalan = (el: Element | null) => el?.closest("[lang]")?.getAttribute("lang") === "ca";
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!catalan(n.parentElement)) out.push(n.textContent ?? "");
    for (const el of document.querySelectorAll("[aria-label], [title], [alt]"))
      if (!catalan(el)) for (const name of ["aria-label", "title", "alt"]) out.push(el.getAttribute(name) ?? "");
    return [...new Set(out.map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean))];
  });
  const left: string[] = [];
  for (const key of keys) {
    const own = CATALOGUES[locale][area][key] ?? "";
    for (const { words, pattern } of pieces(CATALOGUES.ca[area][key]!)) {
      if (own.includes(words)) continue;
      for (const text of texts) if (pattern.test(text)) left.push(`${area}.${key}: ${text}`);
    }
  }
  return left;
}
