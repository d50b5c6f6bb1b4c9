import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import * as t from "~/db/schema";
import { fixClock } from "~/test/clock";
import { createTestDatabase, testBackends } from "~/test/db";
import {
  activeBackground,
  activePhotos,
  activeResources,
  CONTRIBUTIONS_PER_PAGE,
  contributionsPage,
  embeds,
  findLanding,
  getFooter,
  latestContributions,
  listActivities,
  scopeVideo,
} from "~/models/content.server";
import { formatShortDate } from "~/lib/dates";
import { withRenderState } from "~/infra/request-state.server";

// The clock is fixed just before midnight UTC, which is already the next day in Catalonia; the
// fixtures are dated relative to it.
const NOW = "2026-11-22T23:40:00Z";
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const key = (n: number, ext = "jpg") => `x/00000000-0000-4000-8000-${String(n).padStart(12, "0")}.${ext}`;

describe.each(testBackends())("public reads on %s", (backend) => {
  let database: Database;
  beforeAll(async () => {
    fixClock(NOW);
    database = await createTestDatabase(backend);
    const { db } = database;
    // 12 reflections, 12 comments, 12 testimonials (approved, pending and rejected in turn), one a minute.
    for (let i = 0; i < 12; i++) {
      await db
        .insert(t.reflections)
        .values({ reflection: `Reflexió ${i}`, name: i % 2 ? `Nom ${i}` : null, email: `r${i}@example.cat`, createdAt: minutesAgo(i * 3) });
      await db.insert(t.mapComments).values({ comment: `Comentari ${i}`, email: `c${i}@example.cat`, createdAt: minutesAgo(i * 3 + 1) });
      await db.insert(t.testimonials).values({
        title: `Testimoni ${i}`,
        category: "infants",
        audioKey: key(i, "weba"),
        status: (["published", "pending", "hidden"] as const)[i % 3],
        createdAt: minutesAgo(i * 3 + 2),
      });
    }
  });
  afterAll(() => database.close());

  it("the home carousel merges the latest 10 of each source, newest first, cut to 12, approved testimonials only", async () => {
    const latest = await latestContributions(database.db);
    expect(latest).toHaveLength(12);
    const dates = latest.map((c) => c.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(latest.slice(0, 3).map((c) => c.type)).toEqual(["reflection", "map_comment", "testimonial"]);
    const testimonials = latest.filter((c) => c.type === "testimonial");
    expect(testimonials.every((c) => /Testimoni (0|3|6|9)$/.test(c.text) && c.audioUrl?.startsWith("/media/"))).toBe(true);
    expect(JSON.stringify(latest)).not.toContain("@example.cat");
  });

  it("writes dates out on the server, in Catalan, so the browser needs no locale data", async () => {
    const at = minutesAgo(10); // 23:30 UTC: already the 23rd in Catalonia, and among the latest
    await database.db.insert(t.reflections).values({ reflection: "Una data clara", email: "d@example.cat", createdAt: at });
    await database.db.insert(t.activities).values({ emoji: "🚲", title: "Sortida d'abril", date: "2027-04-01" });
    try {
      const latest = await latestContributions(database.db);
      expect(latest.find((c) => c.text === "Una data clara")?.dateLabel).toBe(formatShortDate(at));
      expect(formatShortDate(at)).toMatch(/^23 de nov\. (del )?2026$/);
      const [activity] = await listActivities(database.db, "ca");
      expect(activity?.date).toBe("2027-04-01");
      expect(activity?.dateLabel).toMatch(/^1 d’abril del? 2027$/); // 'del' in newer CLDR data
    } finally {
      await database.db.delete(t.reflections).where(like(t.reflections.reflection, "Una data clara"));
      await database.db.delete(t.activities);
    }
  });

  it("the contributions page lists every contribution, or one type, a page at a time", async () => {
    const all = await contributionsPage(database.db, null, 1);
    expect(all.total).toBe(12 + 12 + 4);
    expect(all.items).toHaveLength(12 + 12 + 4);
    expect(JSON.stringify(all)).not.toContain("@");
    const onlyComments = await contributionsPage(database.db, "map_comment", 1);
    expect(onlyComments.total).toBe(12);
    expect(new Set(onlyComments.items.map((c) => c.type))).toEqual(new Set(["map_comment"]));
    expect((await contributionsPage(database.db, "reflection", 1)).items.find((c) => c.text === "Reflexió 1")?.name).toBe("Nom 1");

    // 40 more reflections: 68 in all, so pages of 30, 30 and 8, newest first, none twice.
    for (let i = 0; i < 40; i++) await database.db.insert(t.reflections).values({ reflection: `Més ${i}`, createdAt: minutesAgo(100 + i) });
    const pages = await Promise.all([1, 2, 3, 4].map((n) => contributionsPage(database.db, null, n)));
    expect(pages.map((p) => p.items.length)).toEqual([CONTRIBUTIONS_PER_PAGE, CONTRIBUTIONS_PER_PAGE, 8, 0]);
    expect(pages.every((p) => p.total === 68)).toBe(true);
    const dates = pages.flatMap((p) => p.items.map((c) => c.createdAt));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(pages.flatMap((p) => p.items.map((c) => c.id))).size).toBe(68);
    await database.db.delete(t.reflections).where(like(t.reflections.reflection, "Més %"));
  });

  it("a map comment with a place carries it (its dialog's small map), one without carries none; never a hidden one's", async () => {
    const [placed] = await database.db
      .insert(t.mapComments)
      .values({ comment: "Amb lloc", lat: 41.3462, lng: 1.6979, municipality: "Vilafranca del Penedès", createdAt: minutesAgo(2) })
      .returning({ id: t.mapComments.id });
    const [hidden] = await database.db
      .insert(t.mapComments)
      .values({ comment: "Amagat amb lloc", lat: 41.4, lng: 1.7, status: "hidden", createdAt: minutesAgo(2) })
      .returning({ id: t.mapComments.id });
    try {
      const { items } = await contributionsPage(database.db, "map_comment", 1);
      expect(items.find((c) => c.id === placed!.id)?.place).toEqual({
        lat: 41.3462,
        lng: 1.6979,
        municipality: "Vilafranca del Penedès",
        segmentName: null,
      });
      expect(items.find((c) => c.text === "Comentari 0")).not.toHaveProperty("place");
      expect(items.some((c) => c.id === hidden!.id)).toBe(false);
      expect((await latestContributions(database.db)).find((c) => c.id === placed!.id)?.place?.municipality).toBe("Vilafranca del Penedès");
    } finally {
      await database.db.delete(t.mapComments).where(like(t.mapComments.comment, "Am% lloc"));
    }
  });

  it("uses the active background, and the most recent active video of a scope", async () => {
    expect(await activeBackground(database.db)).toBeNull();
    await database.db.insert(t.homeBackground).values([
      { mediaKey: key(1), mediaType: "image" },
      { mediaKey: key(2, "webm"), mediaType: "video", isActive: true },
    ]);
    expect(await activeBackground(database.db)).toMatchObject({ key: key(2, "webm"), type: "video", url: `/media/${key(2, "webm")}` });

    await database.db.insert(t.videos).values([
      { scope: "laboral", title: "Vell", videoKey: key(3, "mp4"), createdAt: minutesAgo(60) },
      { scope: "laboral", title: "Nou", videoKey: key(4, "mp4"), createdAt: minutesAgo(5) },
      { scope: "laboral", title: "Nou però inactiu", videoKey: key(5, "mp4"), isActive: false },
      { scope: "infants", title: "Un altre àmbit", videoKey: key(6, "mp4") },
    ]);
    expect((await scopeVideo(database.db, "laboral", "ca"))?.title).toEqual({ text: "Nou" });
    expect(await scopeVideo(database.db, "turistic", "ca")).toBeNull();
  });

  it("lists active photos and resources by position, with safe links only", async () => {
    await database.db.insert(t.biciFucsiaPhotos).values([
      { title: "Segona", imageKey: key(10), position: 2, width: 800, height: 600 },
      { title: "Amagada", imageKey: key(11), position: 0, isActive: false },
      { title: "Primera", imageKey: key(12), position: 1 },
    ]);
    expect((await activePhotos(database.db, "ca")).map((p) => p.title.text)).toEqual(["Primera", "Segona"]);

    await database.db.insert(t.resources).values([
      { title: "Cartell", mediaKey: key(20), mediaType: "image", position: 0 },
      { title: "Vídeo", externalUrl: "https://www.youtube.com/watch?v=x", mediaType: "video", position: 1 },
      { title: "Trampa", externalUrl: "javascript:alert(1)", mediaType: "document", position: 2 },
    ]);
    const list = await activeResources(database.db, "ca");
    expect(list.map((r) => [r.title.text, r.href, r.imageKey])).toEqual([
      ["Cartell", `/media/${key(20)}`, key(20)],
      ["Vídeo", "https://www.youtube.com/watch?v=x", null],
      ["Trampa", null, null],
    ]);
  });

  it("reads the embeds from site settings, ignoring anything but http(s)", async () => {
    expect(await embeds(database.db)).toEqual({ mapEmbedUrl: null, mapFullUrl: null, questionnaireUrl: null });
    await database.db.insert(t.siteSettings).values([
      { key: "map_embed_url", value: "https://maps.example.org/embed" },
      { key: "questionnaire_url", value: "javascript:alert(1)" },
    ]);
    expect(await embeds(database.db)).toEqual({ mapEmbedUrl: "https://maps.example.org/embed", mapFullUrl: null, questionnaireUrl: null });
  });
});

describe.each(testBackends())("staff texts in the page's language on %s (decision 062)", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(() => database.close());

  it("an activity shows its translation, and its Catalan text marked lang=ca where the translation is missing", async () => {
    await database.db.insert(t.activities).values({
      title: "Bicicletada popular",
      date: "2027-05-01",
      place: "Plaça de la Vila",
      description: "Sortida per a tothom",
      translations: { es: { title: "Bicicletada popular (es)", description: "Salida para todo el mundo" }, en: { title: "" } },
    });
    const [ca] = await listActivities(database.db, "ca");
    expect(ca).toMatchObject({ title: { text: "Bicicletada popular" }, place: { text: "Plaça de la Vila" } });
    expect(ca?.title).not.toHaveProperty("lang");
    const [es] = await listActivities(database.db, "es");
    expect(es).toMatchObject({
      title: { text: "Bicicletada popular (es)" },
      description: { text: "Salida para todo el mundo" },
      place: { text: "Plaça de la Vila", lang: "ca" },
      linkText: { text: "Inscriu-te", lang: "ca" },
    });
    expect(es?.title.lang).toBeUndefined();
    // An empty translation counts as missing.
    const [en] = await listActivities(database.db, "en");
    expect(en).toMatchObject({
      title: { text: "Bicicletada popular", lang: "ca" },
      description: { text: "Sortida per a tothom", lang: "ca" },
    });
    expect(JSON.stringify(es)).not.toContain("translations");
  });

  it("landings, resources, photos, videos and the footer read their translations the same way", async () => {
    await database.db.insert(t.landings).values({
      title: "Vilafranca en bici",
      slug: "vilafranca-en-bici",
      description: "**Hola**",
      translations: { en: { title: "Vilafranca by bike" } },
    });
    expect(await findLanding(database.db, "vilafranca-en-bici", "en")).toEqual({
      title: { text: "Vilafranca by bike" },
      description: { text: "**Hola**", lang: "ca" },
    });
    expect(await findLanding(database.db, "no-hi-es", "en")).toBeNull();

    await database.db.insert(t.resources).values({
      title: "Cartell",
      description: "",
      fullText: "Text sencer",
      mediaKey: key(30),
      translations: { es: { title: "Cartel", fullText: "Texto completo" } },
    });
    const [resource] = await activeResources(database.db, "es");
    expect(resource).toMatchObject({ title: { text: "Cartel" }, description: null, fullText: { text: "Texto completo" } });
    expect(resource!.video).toBeNull();
    // An uploaded video plays on the page with its captions and its audio description (issue 33).
    await database.db.insert(t.resources).values({
      title: "Vídeo",
      mediaKey: "resources/00000000-0000-4000-8000-000000000032.mp4",
      mediaType: "video",
      captionsKey: "captions/00000000-0000-4000-8000-000000000033.vtt",
      audioDescription: "Una ciclista travessa les vinyes.",
      position: 1,
    });
    expect((await activeResources(database.db, "es"))[1]!.video).toEqual({
      url: "/media/resources/00000000-0000-4000-8000-000000000032.mp4",
      captionsUrl: "/media/captions/00000000-0000-4000-8000-000000000033.vtt",
      audioDescription: { text: "Una ciclista travessa les vinyes.", lang: "ca" },
    });

    await database.db
      .insert(t.biciFucsiaPhotos)
      .values({ title: "La Vivi a Sitges", imageKey: key(31), translations: { en: { title: "Vivi in Sitges" } } });
    expect((await activePhotos(database.db, "en")).map((p) => p.title)).toEqual([{ text: "Vivi in Sitges" }]);
    expect((await activePhotos(database.db, "es")).map((p) => p.title)).toEqual([{ text: "La Vivi a Sitges", lang: "ca" }]);

    await database.db
      .insert(t.videos)
      .values({ scope: "infants", title: "Anem a l'escola", videoKey: key(32, "mp4"), translations: { es: { title: "Vamos al cole" } } });
    expect((await scopeVideo(database.db, "infants", "es"))?.title).toEqual({ text: "Vamos al cole" });
    expect((await scopeVideo(database.db, "infants", "en"))?.title).toEqual({ text: "Anem a l'escola", lang: "ca" });

    await database.db.insert(t.footerConfig).values({
      footerText: "Projecte del Consell",
      collaboratorsText: "Amb el suport de",
      translations: { es: { footerText: "Proyecto del Consell", collaboratorsText: "Con el apoyo de" } },
    });
    expect(await getFooter(database.db, "es")).toMatchObject({
      footerText: { text: "Proyecto del Consell" },
      collaboratorsText: { text: "Con el apoyo de" },
    });
    expect(await getFooter(database.db, "en")).toMatchObject({
      footerText: { text: "Projecte del Consell", lang: "ca" },
      collaboratorsText: { text: "Amb el suport de", lang: "ca" },
    });
  });
});

describe.each(testBackends())("a failing public read on %s", (backend) => {
  it("is logged and answered with the default, never thrown", async () => {
    const database = await createTestDatabase(backend);
    await database.close(); // every query now fails
    expect(await getFooter(database.db, "ca")).toEqual({
      footerText: { text: "Projecte impulsat pel Consell Comarcal del Penedès", lang: "ca" },
      collaboratorsText: null,
      logos: [],
    });
    expect(await latestContributions(database.db)).toEqual([]);
    expect(await listActivities(database.db, "ca")).toEqual([]);
    expect(await activeBackground(database.db)).toBeNull();
    expect(await activePhotos(database.db, "ca")).toEqual([]);
    expect(await embeds(database.db)).toEqual({ mapEmbedUrl: null, mapFullUrl: null, questionnaireUrl: null });
  });

  it("marks the page being rendered as degraded, so that no cache keeps the default", async () => {
    const database = await createTestDatabase(backend);
    const healthy = await withRenderState(() => getFooter(database.db, "ca"));
    expect(healthy.state.degraded).toBe(false);
    await database.close();
    // Also when the failure comes later, in a part of the page that streams in afterwards.
    const failed = await withRenderState(async () => {
      await new Promise((r) => setTimeout(r, 10));
      return listActivities(database.db, "ca");
    });
    expect(failed).toMatchObject({ result: [], state: { degraded: true } });
    // Outside a render (a script, a test) a failing read still answers with its default.
    expect(await listActivities(database.db, "ca")).toEqual([]);
  });
});
