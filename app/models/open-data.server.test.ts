import { eq, sql } from "drizzle-orm";
import { Parser, type Quad } from "n3";
import { beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { DEFAULT_LICENCE, DEFAULT_PUBLISHER, OPEN_DATA_FILES } from "~/lib/open-data";
import { adminTestBed } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { everyPublicLoader } from "~/test/public";
import * as answers from "~/routes/admin/answers.server";
import * as moderation from "~/routes/admin/moderation.server";
import * as settings from "~/routes/admin/settings.server";
import * as aportacions from "~/routes/aportacions";
import * as openDataPage from "~/routes/dades-obertes";
import { loader as csvLoader } from "~/routes/open-data/contributions-csv";
import { loader as geoJsonLoader } from "~/routes/open-data/contributions-geojson";
import { loader as catalogueLoader } from "~/routes/open-data/catalogue-ttl";
import { CONTRIBUTION_CSV_COLUMNS } from "./open-data.server";

// The participation's open data (issue 31, decision 074) on both databases: every published
// contribution of every kind with its published answer, anonymised (no name, no e-mail, no draft,
// nothing pending or hidden), as CSV and GeoJSON that match the database; the DCAT-AP catalogue,
// parsed back, names every distribution and the licence staff set; and /aportacions filtered by the
// published answers' state.

const SECRET = {
  name: "Perico Secretari",
  email: "perico.secret@example.cat",
  mapEmail: "mapa.secret@example.cat",
  draft: "Esborrany confidencial de resposta",
  unpublishedEdit: "Edició encara no publicada",
  hidden: "Aportació amagada per dades personals",
  hiddenAnswer: "Resposta d'una aportació amagada",
  pending: "Comentari pendent de moderar",
};

describe.each(testBackends())("the participation's open data on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const db = () => bed.ctx.db;

  beforeEach(async () => {
    await db().delete(t.contributionAnswers);
    for (const table of [t.reflections, t.mapComments, t.testimonials, t.siteSettings, t.auditLog]) await db().delete(table);
  });

  const stateId = async (label: string) => (await db().select().from(t.answerStates).where(eq(t.answerStates.label, label)))[0]!.id;
  const answer = async (item: string, state: string, text: string, publish: boolean) =>
    expect(
      await post(answers.action, { intent: "answer", item, stateId: await stateId(state), text, ...(publish ? { publish: "true" } : {}) }),
    ).toMatchObject({ ok: true });

  /** The site's contributions: every kind, every status, answers published, drafted and edited. */
  async function seedSite() {
    const [named, drafted, edited, hidden] = await db()
      .insert(t.reflections)
      .values([
        {
          reflection: "Volem aparcaments segurs a l'estació",
          name: SECRET.name,
          email: SECRET.email,
          municipality: "Vilafranca del Penedès",
          createdAt: new Date("2026-03-01T10:00:00Z"),
        },
        { reflection: "Un carril bici fins a l'institut", createdAt: new Date("2026-03-02T10:00:00Z") },
        { reflection: "Més senyals a les rotondes", createdAt: new Date("2026-03-03T10:00:00Z") },
        { reflection: SECRET.hidden, name: SECRET.name, createdAt: new Date("2026-03-04T10:00:00Z") },
      ])
      .returning();
    const [placed, unplaced] = await db()
      .insert(t.mapComments)
      .values([
        {
          comment: "Punt perillós a la cruïlla",
          email: SECRET.mapEmail,
          lat: 41.3461,
          lng: 1.6986,
          segmentName: "Via verda del Foix",
          category: "punt_perillos",
          municipality: "Vilafranca del Penedès",
          createdAt: new Date("2026-03-05T10:00:00Z"),
        },
        { comment: "Falta connexió amb Gelida", municipality: "Gelida", createdAt: new Date("2026-03-06T10:00:00Z") },
        { comment: SECRET.pending, status: "pending", lat: 41.3, lng: 1.7, createdAt: new Date("2026-03-07T10:00:00Z") },
      ])
      .returning();
    const [testimonial] = await db()
      .insert(t.testimonials)
      .values({
        title: "Vaig a la feina en bici",
        category: "laboral",
        audioKey: "testimonials/open-data.webm",
        status: "published",
        transcript: "Cada dia pedalo vint minuts",
        submittedAt: new Date("2026-03-08T10:00:00Z"),
      })
      .returning();
    await answer(`reflection:${named!.id}`, "Acceptada", "Ho farem el **2027**.", true);
    await answer(`reflection:${drafted!.id}`, "En estudi", SECRET.draft, false);
    await answer(`reflection:${edited!.id}`, "Acceptada parcialment", "En part, sí.", true);
    await answer(`reflection:${edited!.id}`, "No acceptada", SECRET.unpublishedEdit, false);
    await answer(`reflection:${hidden!.id}`, "Acceptada", SECRET.hiddenAnswer, true);
    expect(await post(moderation.action, { intent: "hide", items: `reflection:${hidden!.id}`, reason: "Dades personals" })).toMatchObject({
      ok: true,
    });
    await answer(`map_comment:${placed!.id}`, "Ja prevista al pla", "És al tram 3 del pla.", true);
    await answer(`testimonial:${testimonial!.id}`, "Acceptada", "Gràcies pel testimoni.", true);
    return {
      named: named!,
      drafted: drafted!,
      edited: edited!,
      hidden: hidden!,
      placed: placed!,
      unplaced: unplaced!,
      testimonial: testimonial!,
    };
  }

  const csv = async () => {
    const response = (await csvLoader(routeArgs(bed.ctx, OPEN_DATA_FILES.contributionsCsv) as never)) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return bytes.toString("utf8").slice(1);
  };
  const geoJson = async () => {
    const response = (await geoJsonLoader(routeArgs(bed.ctx, OPEN_DATA_FILES.contributionsGeoJson) as never)) as Response;
    expect(response.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
    return (await response.json()) as {
      type: string;
      features: { id: string; geometry: { type: string; coordinates: number[] }; properties: Record<string, unknown> }[];
    };
  };
  const turtle = async () => {
    const response = (await catalogueLoader(routeArgs(bed.ctx, OPEN_DATA_FILES.catalogue) as never)) as Response;
    expect(response.headers.get("content-type")).toBe("text/turtle; charset=utf-8");
    return response.text();
  };
  const personal = Object.values(SECRET);

  it("gives every published contribution with its published answer as CSV and GeoJSON that match the database, and nothing personal", async () => {
    const site = await seedSite();
    const text = await csv();
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(CONTRIBUTION_CSV_COLUMNS.join(","));
    // As many rows as the database has published contributions (one per line: none of these texts breaks a line).
    const published = (
      (await db().execute(
        sql`select (select count(*) from reflections where status = 'published') + (select count(*) from map_comments where status = 'published')
          + (select count(*) from testimonials where status = 'published') as n`,
      )) as unknown as { rows: { n: number | string }[] }
    ).rows[0]!.n;
    expect(lines).toHaveLength(Number(published) + 1);
    expect(lines).toHaveLength(7);
    // Oldest first, and one row's values as the database holds them.
    expect(lines[1]).toBe(
      `${site.named.id},reflection,Reflexió,2026-03-01T10:00:00Z,Volem aparcaments segurs a l'estació,,,,Vilafranca del Penedès,,,,Acceptada,Ho farem el **2027**.,` +
        lines[1]!.split(",").at(-1),
    );
    const [stored] = await db().select().from(t.contributionAnswers).where(eq(t.contributionAnswers.contributionId, site.named.id));
    expect(lines[1]!.split(",").at(-1)).toBe(stored!.publishedAt!.toISOString().replace(/\.\d{3}Z$/, "Z"));
    // A draft is no answer; an edit not yet published leaves the published one.
    expect(lines.find((l) => l.startsWith(site.drafted.id))).toMatch(/,,,$/);
    expect(lines.find((l) => l.startsWith(site.edited.id))).toContain(`,Acceptada parcialment,"En part, sí.",`);
    expect(lines.find((l) => l.startsWith(site.placed.id))).toContain(
      ",map_comment,Comentari al mapa,2026-03-05T10:00:00Z,Punt perillós a la cruïlla,,,Punt perillós,Vilafranca del Penedès,Via verda del Foix,41.3461,1.6986,Ja prevista al pla,És al tram 3 del pla.,",
    );
    expect(lines.find((l) => l.startsWith(site.testimonial.id))).toContain(
      `,testimonial,Testimoni d'àudio,2026-03-08T10:00:00Z,Vaig a la feina en bici,Cada dia pedalo vint minuts,Laboral,,`,
    );
    for (const secret of personal) expect(text, secret).not.toContain(secret);

    // The GeoJSON: the placed published comments only, each a Point with the CSV's values.
    const geo = await geoJson();
    expect(geo.type).toBe("FeatureCollection");
    const placed = await db().$count(t.mapComments, sql`status = 'published' and lat is not null`);
    expect(geo.features).toHaveLength(placed);
    expect(geo.features).toHaveLength(1);
    expect(geo.features[0]).toMatchObject({
      id: site.placed.id,
      geometry: { type: "Point", coordinates: [1.6986, 41.3461] },
      properties: {
        tipus: "map_comment",
        municipi: "Vilafranca del Penedès",
        tram: "Via verda del Foix",
        estat_resposta: "Ja prevista al pla",
      },
    });
    expect(Object.keys(geo.features[0]!.properties)).toEqual([...CONTRIBUTION_CSV_COLUMNS]);
    for (const secret of personal) expect(JSON.stringify(geo), secret).not.toContain(secret);

    // The route walk: every public page and file (the open data among them) holds the published
    // answers and nothing personal.
    const everything = await everyPublicLoader(bed.ctx);
    expect(everything).toContain("És al tram 3 del pla.");
    for (const secret of [
      SECRET.email,
      SECRET.mapEmail,
      SECRET.draft,
      SECRET.unpublishedEdit,
      SECRET.hidden,
      SECRET.hiddenAnswer,
      SECRET.pending,
    ])
      expect(everything, secret).not.toContain(secret);
  });

  it("describes both datasets in a DCAT-AP catalogue that parses back, each distribution named, with the licence staff set", async () => {
    await seedSite();
    const base = bed.ctx.env.PUBLIC_URL;
    const DCAT = "http://www.w3.org/ns/dcat#";
    const DCT = "http://purl.org/dc/terms/";
    const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
    const parse = (text: string) => new Parser({ baseIRI: base }).parse(text);
    const objects = (quads: Quad[], subject: string, predicate: string) =>
      quads.filter((q) => q.subject.value === subject && q.predicate.value === predicate).map((q) => q.object.value);
    const ofType = (quads: Quad[], type: string) =>
      quads.filter((q) => q.predicate.value === RDF_TYPE && q.object.value === type).map((q) => q.subject.value);

    // The same text each time (the page cache compares and keeps it), and it parses back.
    const text = await turtle();
    expect(await turtle()).toBe(text);
    const quads = parse(text);
    const [catalogue] = ofType(quads, `${DCAT}Catalog`);
    expect(catalogue).toBe(`${base}/dades-obertes`);
    expect(objects(quads, catalogue!, `${DCT}title`)).toContain("Dades obertes d'Al Penedès, la bici ens mou!");
    expect(objects(quads, catalogue!, `${DCT}license`)).toEqual([DEFAULT_LICENCE]);
    expect(objects(quads, catalogue!, `${DCT}issued`)).toEqual(["2026-03-01"]);
    expect(objects(quads, catalogue!, `${DCT}modified`)[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const [publisher] = objects(quads, catalogue!, `${DCT}publisher`);
    expect(ofType(quads, "http://xmlns.com/foaf/0.1/Agent")).toEqual([publisher]);
    expect(objects(quads, publisher!, "http://xmlns.com/foaf/0.1/name")).toEqual([DEFAULT_PUBLISHER]);

    const datasets = objects(quads, catalogue!, `${DCAT}dataset`);
    expect(datasets.sort()).toEqual(ofType(quads, `${DCAT}Dataset`).sort());
    expect(datasets).toHaveLength(2);
    const distributions = datasets.flatMap((d) => objects(quads, d, `${DCAT}distribution`));
    expect(distributions.sort()).toEqual(ofType(quads, `${DCAT}Distribution`).sort());
    const downloads = distributions.flatMap((d) => objects(quads, d, `${DCAT}downloadURL`));
    expect(downloads.sort()).toEqual(
      [OPEN_DATA_FILES.contributionsCsv, OPEN_DATA_FILES.contributionsGeoJson, OPEN_DATA_FILES.resultsCsv, OPEN_DATA_FILES.resultsGeoJson]
        .map((f) => `${base}${f}`)
        .sort(),
    );
    for (const d of distributions) {
      expect(objects(quads, d, `${DCAT}mediaType`)[0], d).toMatch(
        /^http:\/\/www\.iana\.org\/assignments\/media-types\/(text\/csv|application\/geo\+json)$/,
      );
      expect(objects(quads, d, `${DCT}format`)[0], d).toMatch(/file-type\/(CSV|GEOJSON)$/);
      expect(objects(quads, d, `${DCT}license`), d).toEqual([DEFAULT_LICENCE]);
    }
    for (const d of datasets)
      for (const p of ["title", "description", "issued", "modified", "publisher"])
        expect(objects(quads, d, `${DCT}${p}`).length, `${d} ${p}`).toBeGreaterThan(0);

    // Staff change the licence and the publisher: refused when the address is not https, and then saved.
    const before = await db().select().from(t.siteSettings);
    for (const licence of ["http://creativecommons.org/licenses/by/4.0/", "creativecommons.org", "javascript:alert(1)", ""]) {
      const out = await post(settings.action, { intent: "open-data", licence, publisher: "Consell" });
      expect(out, licence).toMatchObject({ ok: false, status: 400 });
      expect(JSON.stringify(out)).toMatch(/llicència/);
    }
    expect(
      await post(settings.action, { intent: "open-data", licence: "https://creativecommons.org/publicdomain/zero/1.0/", publisher: " " }),
    ).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await db().select().from(t.siteSettings)).toEqual(before);
    expect(
      await post(settings.action, {
        intent: "open-data",
        licence: "https://creativecommons.org/publicdomain/zero/1.0/",
        publisher: "Consell Comarcal de l'Alt Penedès",
      }),
    ).toMatchObject({ ok: true, message: settings.OPEN_DATA_SAVED });
    const changed = parse(await turtle());
    expect(objects(changed, catalogue!, `${DCT}license`)).toEqual(["https://creativecommons.org/publicdomain/zero/1.0/"]);
    expect(objects(changed, publisher!, "http://xmlns.com/foaf/0.1/name")).toEqual(["Consell Comarcal de l'Alt Penedès"]);
    const audit = await db().select().from(t.auditLog).where(eq(t.auditLog.entityId, "open-data"));
    expect(audit).toHaveLength(1);
    // The page says it too.
    const page = (await openDataPage.loader(routeArgs(bed.ctx, "/dades-obertes") as never)) as { licenceName: string; publisher: string };
    expect(page).toMatchObject({ licenceName: "CC0 1.0", publisher: "Consell Comarcal de l'Alt Penedès" });
  });

  it("filters /aportacions by the state of the published answers, with a link that works without JavaScript; a draft counts for nothing", async () => {
    const site = await seedSite();
    const list = async (query: string) =>
      (await aportacions.loader(routeArgs(bed.ctx, `/aportacions${query}`) as never)) as unknown as {
        answer: string | null;
        answerStates: { slug: string; label: { text: string } }[];
        items: { id: string }[];
        total: number;
      };
    const all = await list("");
    expect(all.total).toBe(6);
    // Only the states of published answers of public contributions: "En estudi" (a draft), "No
    // acceptada" (an unpublished edit) are offered by no link.
    expect(all.answerStates).toEqual([
      { slug: "acceptada", label: { text: "Acceptada" } },
      { slug: "acceptada-parcialment", label: { text: "Acceptada parcialment" } },
      { slug: "ja-prevista-al-pla", label: { text: "Ja prevista al pla" } },
    ]);
    const accepted = await list("?resposta=acceptada");
    expect(accepted.answer).toBe("acceptada");
    expect(accepted.items.map((i) => i.id).sort()).toEqual([site.named.id, site.testimonial.id].sort());
    expect(accepted.total).toBe(2);
    expect((await list("?resposta=acceptada&tipus=reflection")).items.map((i) => i.id)).toEqual([site.named.id]);
    expect((await list("?resposta=acceptada-parcialment")).items.map((i) => i.id)).toEqual([site.edited.id]);
    // A state held only by a draft, a word no state has, and nonsense: every contribution, no error.
    for (const bad of ["en-estudi", "no-acceptada", "inventada", "%00", "acceptada%27%20or%201=1"]) {
      const out = await list(`?resposta=${bad}`);
      expect(out.answer, bad).toBeNull();
      expect(out.total, bad).toBe(6);
    }
    // Past the last page of a filtered list: its first page, keeping the filter.
    const past = await Promise.resolve(aportacions.loader(routeArgs(bed.ctx, "/aportacions?resposta=acceptada&pagina=9") as never)).catch(
      (e: unknown) => e,
    );
    expect((past as Response).headers.get("Location")).toBe("/aportacions?resposta=acceptada");
    expect(aportacions.listUrl("reflection", 2, "acceptada")).toBe("?tipus=reflection&resposta=acceptada&pagina=2");
  });
});
