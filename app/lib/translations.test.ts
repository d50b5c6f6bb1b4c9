import { describe, expect, it } from "vitest";
import { activitySchema, landingSchema } from "~/lib/admin-schemas";
import { localized, localizedOrNull, missingFields, TRANSLATED_FIELDS } from "~/lib/translations";
import { issueIn } from "~/models/newsletter-mail.server";
import * as schema from "~/db/schema";
import { getTableName, getTableColumns } from "drizzle-orm";

describe("staff texts in three languages (decision 062)", () => {
  const translations = { es: { title: "Bicicletada", description: "  " }, en: {} };

  it("a text is its translation, or the Catalan text marked lang=ca; Catalan pages never mark it", () => {
    expect(localized("Bicicletada popular", translations, "title", "ca")).toEqual({ text: "Bicicletada popular" });
    expect(localized("Bicicletada popular", translations, "title", "es")).toEqual({ text: "Bicicletada" });
    expect(localized("Bicicletada popular", translations, "title", "en")).toEqual({ text: "Bicicletada popular", lang: "ca" });
    // Blank is missing.
    expect(localized("Sortida", translations, "description", "es")).toEqual({ text: "Sortida", lang: "ca" });
    expect(localized("Sortida", null, "description", "es")).toEqual({ text: "Sortida", lang: "ca" });
    // An optional text with no Catalan value is not shown, whatever its translations.
    expect(localizedOrNull(null, { es: { place: "Plaza" } }, "place", "es")).toBeNull();
    expect(localizedOrNull("", { es: { place: "Plaza" } }, "place", "es")).toBeNull();
  });

  it("lists the fields whose translation is missing, only where the Catalan text is there", () => {
    const row = { title: "Títol", description: "Descripció", place: null, linkText: "Inscriu-te", translations };
    expect(missingFields(row, TRANSLATED_FIELDS.activities, "es")).toEqual(["description", "linkText"]);
    expect(missingFields(row, TRANSLATED_FIELDS.activities, "en")).toEqual(["title", "description", "linkText"]);
  });

  it("a form's <field>_es and <field>_en become the row's translations, empty ones left out; too long ones refused in Catalan", () => {
    const parsed = activitySchema.parse({
      title: "Bicicletada popular",
      date: "2027-05-01",
      emoji: "🚲",
      title_es: " Bicicletada popular ",
      title_en: "",
      description_en: "A ride for everyone",
    });
    expect(parsed.translations).toEqual({ es: { title: "Bicicletada popular" }, en: { description: "A ride for everyone" } });
    expect(parsed).not.toHaveProperty("title_es");
    expect(activitySchema.parse({ title: "Sortida", date: "2027-05-01", emoji: "🚲" }).translations).toEqual({});
    const tooLong = landingSchema.safeParse({ title: "Vilafranca", slug: "vilafranca", title_en: "x".repeat(201) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]).toMatchObject({
      path: ["title_en"],
      message: "El text en anglès pot tenir com a màxim 200 caràcters",
    });
    // The Catalan title stays required.
    expect(activitySchema.safeParse({ date: "2027-05-01", emoji: "🚲", title_es: "Salida" }).success).toBe(false);
  });

  it("every table named in TRANSLATED_FIELDS has a translations column and those Catalan columns", () => {
    const tables = Object.values(schema).filter((v): v is typeof schema.activities => typeof v === "object" && v !== null && "getSQL" in v);
    for (const [name, fields] of Object.entries(TRANSLATED_FIELDS)) {
      const table = tables.find((t) => getTableName(t) === name);
      expect(table, name).toBeDefined();
      const columns = getTableColumns(table!);
      expect(Object.keys(columns), name).toEqual(expect.arrayContaining(["translations", ...fields]));
    }
  });

  it("a newsletter goes in the subscriber's language when both its subject and text are translated, in Catalan otherwise", () => {
    const issue = {
      subject: "Novetats",
      body: "Hola",
      translations: { es: { subject: "Novedades", body: "Hola (es)" }, en: { subject: "News" } },
    };
    expect(issueIn(issue, "es")).toEqual({ subject: "Novedades", body: "Hola (es)", lang: "es" });
    expect(issueIn(issue, "en")).toEqual({ subject: "Novetats", body: "Hola", lang: "ca" });
    expect(issueIn(issue, undefined)).toEqual({ subject: "Novetats", body: "Hola", lang: "ca" });
    expect(issueIn(issue, "fr")).toEqual({ subject: "Novetats", body: "Hola", lang: "ca" });
  });
});
