import { expect, type Page } from "@playwright/test";
import { CATALOGUES } from "../../app/i18n/catalogues.server";
import type { Area } from "../../app/i18n/catalogue";
import type { Locale } from "../../app/i18n/locales";

// Checks for pages in Spanish and English (decision 059): none of a set of keys' Catalan texts is
// left on a page in another language. Reusable by every page's spec: name the keys by prefix.

/** A message's literal parts: its text without {placeholders} and <tags> (a plural's branches are
 * left out whole), each at least 4 characters long. */
function literalParts(message: string): string[] {
  let depth = 0;
  let out = "";
  for (const ch of message) {
    if (ch === "{") depth++;
    if (depth === 0) out += ch;
    if (ch === "}") {
      depth--;
      out += "\u0000";
    }
  }
  return out
    .replace(/<\/?\w+>/g, "\u0000")
    .split("\u0000")
    .map((s) => s.trim().replace(/^[,.:;·()«»“”\s]+|[,.:;·()«»“”\s]+$/g, ""))
    .filter((s) => s.length >= 4);
}

/** The Catalan texts to look for on a page in `locale`, for the keys that start with any of these
 * prefixes ("public.aportacions.", "public.map.list."): each key's literal parts, leaving out the
 * ones the other language writes the same way (Spanish "Comenta el mapa", "Configurar"). */
export function catalanLeftovers(locale: Exclude<Locale, "ca">, prefixes: readonly string[], except: readonly string[] = []) {
  const found: { key: string; text: string }[] = [];
  for (const [area, messages] of Object.entries(CATALOGUES.ca) as [Area, Record<string, string>][])
    for (const [key, text] of Object.entries(messages)) {
      const full = `${area}.${key}`;
      if (!prefixes.some((p) => full.startsWith(p)) || except.includes(full)) continue;
      const own = CATALOGUES[locale][area][key] ?? "";
      for (const part of literalParts(text)) if (!own.includes(part)) found.push({ key: full, text: part });
    }
  return found;
}

/** A page's words: its text (scripts and styles left out) and the names its elements carry for
 * assistive technology (aria-label, alt, title, placeholder, aria-roledescription). */
async function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const el of body.querySelectorAll("script, style, template")) el.remove();
    const names = [...body.querySelectorAll("[aria-label], [alt], [title], [placeholder], [aria-roledescription]")].flatMap((el) =>
      ["aria-label", "alt", "title", "placeholder", "aria-roledescription"].map((a) => el.getAttribute(a) ?? ""),
    );
    // Each text node on a line of its own: elements side by side do not run their words together.
    const texts: string[] = [];
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) texts.push(walker.currentNode.nodeValue ?? "");
    return [...texts, ...names].join("\n");
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The Catalan texts of these keys that are on the page (as a whole word or phrase: "Municipi"
 * is not found in Spanish "Municipio"). */
export async function catalanOnPage(
  page: Page,
  locale: Exclude<Locale, "ca">,
  prefixes: readonly string[],
  except: readonly string[] = [],
) {
  const words = await pageWords(page);
  const texts = catalanLeftovers(locale, prefixes, except);
  expect(texts.length, `Catalan texts under ${prefixes.join(", ")}`).toBeGreaterThan(0);
  return texts.filter(({ text }) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, "u").test(words));
}

/** Fails when a Catalan text of these keys is on the page. */
export async function expectNoCatalan(
  page: Page,
  locale: Exclude<Locale, "ca">,
  prefixes: readonly string[],
  except: readonly string[] = [],
) {
  expect(await catalanOnPage(page, locale, prefixes, except), `Catalan left on ${page.url()}`).toEqual([]);
}
