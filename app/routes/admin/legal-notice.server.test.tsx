import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { WithMessages } from "~/test/i18n";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { translator } from "~/i18n/catalogues.server";
import { LEGAL_PARTS } from "~/lib/legal";
import { defaultLegalTexts, readLegalNotice } from "~/models/legal.server";
import { saveRetentionSettings } from "~/models/settings.server";
import { adminTestBed, signedInAs } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { readXlsx } from "~/test/tables";
import * as avisLegal from "../avis-legal";
import * as exportRoute from "./export.server";
import * as exportActivities from "./export-processing-activities";
import * as legal from "./legal-notice.server";

// Issue 34 (decision 071): the legal notice's data-protection parts come from settings staff edit
// (defaults: the catalogue's texts of before, translated); the retention period is the setting's;
// the reuse clause of Llei 19/2014 is there; the DPO gets the record of processing activities.

describe.each(testBackends())("the legal notice from settings on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const page = async (path = "/avis-legal-i-privacitat") =>
    (await (avisLegal.loader as (a: unknown) => Promise<unknown>)(routeArgs(bed.ctx, path))) as Awaited<
      ReturnType<typeof avisLegal.loader>
    >;
  const everyPart = (over: Record<string, string> = {}) => ({ ...defaultLegalTexts(), ...over });

  it("shows the old texts by default, staff's once saved (empty goes back), refuses an e-mail address storing nothing", async () => {
    const ca = translator("ca");
    expect(await page()).toEqual({ notice: Object.fromEntries(LEGAL_PARTS.map((p) => [p, null])), retentionMonths: 6 });
    // The defaults are the texts the page had before, word for word.
    expect(defaultLegalTexts().controller).toBe("El responsable del tractament de les dades personals és el Consell Comarcal del Penedès.");
    expect(defaultLegalTexts().purposes).toBe(`- ${ca("public.legal.dataContributions")}\n- ${ca("public.legal.dataEmail")}`);
    expect(ca("public.legal.retention", { months: 6 })).toContain("6 mesos després del seu tancament");
    expect(translator("en")("public.legal.retention", { months: 1 })).toContain("for 1 month after it closes");
    expect(ca("public.legal.reuse")).toContain("Llei 19/2014");

    // Saving the defaults as they are stores nothing of its own.
    expect(await post(legal.action, everyPart())).toMatchObject({ ok: true, message: legal.LEGAL_SAVED });
    expect(await readLegalNotice(bed.ctx.db)).toEqual(Object.fromEntries(LEGAL_PARTS.map((p) => [p, null])));

    const bad = await post(legal.action, everyPart({ dpo: "Escriu a dpd@penedes.cat" }));
    expect(bad.status).toBe(400);
    expect(bad.fieldErrors?.dpo).toMatch(/no pot contenir cap adreça de correu/);
    const long = await post(legal.action, everyPart({ recipients: "a".repeat(5001) }));
    expect(long.fieldErrors?.recipients).toBe("«Destinataris» pot tenir com a màxim 5.000 caràcters");
    expect(await post(legal.action, { controller: "Només un" })).toMatchObject({ status: 400 });
    expect(await readLegalNotice(bed.ctx.db)).toEqual(Object.fromEntries(LEGAL_PARTS.map((p) => [p, null])));

    const dpo = "Delegat de protecció de dades: registre electrònic del Consell, https://seu.example.cat/dpd";
    expect(await post(legal.action, everyPart({ dpo }))).toMatchObject({ ok: true });
    await saveRetentionSettings(bed.ctx.db, { months: 9 });
    const saved = await page("/en/legal-notice-and-privacy");
    expect(saved).toMatchObject({ notice: { dpo, controller: null }, retentionMonths: 9 });
    const [entry] = await bed.ctx.db.select().from(t.auditLog).where(eq(t.auditLog.entityId, "legal-notice"));
    expect(entry).toMatchObject({ entity: "settings", action: "update" });

    // An empty part goes back to its default.
    await post(legal.action, everyPart({ dpo: "" }));
    expect((await readLegalNotice(bed.ctx.db)).dpo).toBeNull();
  });

  it("renders staff's parts in Catalan (marked so) and the defaults in the page's language", async () => {
    const html = async (locale: "ca" | "en", loaderData: unknown) => {
      const Page = avisLegal.default as unknown as (p: { loaderData: unknown }) => React.ReactNode;
      return renderToString(
        <WithMessages locale={locale}>
          <MemoryRouter initialEntries={[locale === "en" ? "/en/legal-notice-and-privacy" : "/avis-legal-i-privacitat"]}>
            <Page loaderData={loaderData} />
          </MemoryRouter>
        </WithMessages>,
      );
    };
    const notice = { ...Object.fromEntries(LEGAL_PARTS.map((p) => [p, null])), dpo: "El **DPD** del Consell" };
    const en = await html("en", { notice, retentionMonths: 9 });
    expect(en).toContain("for 9 months after it closes");
    expect(en).toMatch(/<div lang="ca"><div[^>]*><p>El <strong>DPD<\/strong> del Consell<\/p>/);
    expect(en.replaceAll("&#x27;", "'")).toContain(translator("en")("public.legal.recipients"));
    expect(en).toContain("Law 19/2014");
    expect(en).not.toMatch(/[\w.]+@[\w.]+\.\w+/);
  });

  it("the record of processing activities: an XLSX for administrators only, with the notice's texts and the period", async () => {
    await saveRetentionSettings(bed.ctx.db, { months: 9 });
    const path = "/admin/export/processing-activities.xlsx";
    const get = async (cookie = bed.cookie) =>
      (await exportActivities.loader(routeArgs(bed.ctx, path, { headers: { Cookie: cookie } }) as never)) as Response;
    const res = await get();
    expect(res.headers.get("Content-Disposition")).toMatch(/registre-activitats-tractament-\d{4}-\d{2}-\d{2}\.xlsx/);
    const { rows } = await readXlsx(await res.arrayBuffer());
    expect(rows[0]).toEqual([
      "Activitat de tractament",
      "Responsable",
      "Delegat de protecció de dades",
      "Finalitat",
      "Base jurídica",
      "Categories d'interessats",
      "Categories de dades",
      "Destinataris",
      "Transferències internacionals",
      "Termini de conservació",
      "Mesures de seguretat",
    ]);
    expect(rows).toHaveLength(6);
    expect(rows[1]![0]).toBe("Aportacions a la consulta del Pla director de la bicicleta");
    expect(rows[1]![1]).toBe(defaultLegalTexts().controller);
    expect(String(rows[1]![9])).toContain("9 mesos després del tancament");
    // Recorded as every export.
    expect(await bed.ctx.db.$count(t.auditLog, eq(t.auditLog.action, "export"))).toBe(1);
    // A moderator (who gets the lists' exports) and an editor do not get it; nor through the lists' route.
    for (const role of ["moderator", "editor"] as const) {
      const other = await signedInAs(bed.ctx, role);
      await expect(get(other.cookie)).rejects.toMatchObject({ status: 403 });
    }
    const moderator = await signedInAs(bed.ctx, "moderator");
    await expect(
      exportRoute.loader(
        routeArgs(bed.ctx, "/admin/export/processing-activities.csv", {
          headers: { Cookie: moderator.cookie },
          params: { file: "processing-activities.csv" },
        }) as never,
      ),
    ).rejects.toMatchObject({ status: 404 });
  });
});
