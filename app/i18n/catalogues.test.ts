import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { CATALOGUES, clientMessages, translator } from "./catalogues.server";
import { LOCALES } from "./locales";

/** The names a message's placeholders use ({name}, {n, plural, …}) and its <tags>. */
function slots(text: string): string[] {
  const names = new Set<string>();
  // A compiled message is a list of parts: text, or [name, type?, branches?] for a placeholder.
  const parts = (list: unknown) => {
    if (Array.isArray(list)) list.forEach(part);
  };
  const part = (p: unknown) => {
    if (!Array.isArray(p)) return;
    names.add(String(p[0]));
    for (const branches of p.slice(2)) if (branches && typeof branches === "object") Object.values(branches).forEach(parts);
  };
  parts(compileMessage(text));
  for (const m of text.matchAll(/<(\w+)>/g)) names.add(`<${m[1]}>`);
  return [...names].sort();
}

describe("the message catalogues (decision 059)", () => {
  it("have, in Spanish and in English, every key of the Catalan catalogue and no other", () => {
    for (const locale of LOCALES)
      for (const area of Object.keys(CATALOGUES.ca) as (keyof typeof CATALOGUES.ca)[]) {
        const keys = Object.keys(CATALOGUES[locale][area]).sort();
        expect(keys, `${locale}/${area}`).toEqual(Object.keys(CATALOGUES.ca[area]).sort());
      }
  });

  it("write every text, compile every message, and use the same placeholders and tags in each language", () => {
    for (const locale of LOCALES)
      for (const [area, messages] of Object.entries(CATALOGUES[locale]))
        for (const [key, text] of Object.entries(messages)) {
          expect(text.trim(), `${locale} ${area}.${key}`).not.toBe("");
          expect(slots(text), `${locale} ${area}.${key}`).toEqual(slots(CATALOGUES.ca[area as "public"][key as "shell.menu"] ?? ""));
        }
  });

  it("send a page only its own language's public, form and error texts", () => {
    const es = clientMessages("es");
    expect(Object.keys(es).every((k) => /^(public|forms|errors)\./.test(k))).toBe(true);
    expect(Object.keys(es)).toHaveLength(Object.keys(clientMessages("ca")).length);
    expect(JSON.stringify(es)).not.toContain("Vés al contingut");
    expect(JSON.stringify(es)).toContain("Ir al contenido");
  });

  it("say plurals, numbers and values in each language's way", () => {
    expect(translator("ca")("public.shell.languageIn", { language: "castellà" })).toBe("Llegeix aquesta pàgina en castellà");
    expect(translator("en")("emails.footer.why", { ofSite: "Al Penedès" })).toBe(
      "You are receiving this e-mail because you signed up to the Al Penedès newsletter.",
    );
  });
});
