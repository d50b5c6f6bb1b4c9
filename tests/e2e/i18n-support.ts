import type { Page } from "@playwright/test";
import type { Area } from "../../app/i18n/catalogue";
import { CATALOGUES } from "../../app/i18n/catalogues.server";
import type { Locale } from "../../app/i18n/locales";

// Helpers for the specs that check a page in Spanish or English (decision 059): that no Catalan
// text of the catalogue's keys is left on it.

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
