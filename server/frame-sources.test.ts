import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { saveEmbedSettings } from "~/models/settings.server";
import { createTestDatabase, testBackends } from "~/test/db";
import { createFrameSources, type FrameSources } from "./frame-sources";
import { createPageCache } from "./page-cache";

/** Runs the middleware the way Express would, resolving when it lets the request through. */
const passed = (frames: FrameSources) => new Promise<void>((resolve) => frames.waitForChange()({} as never, {} as never, () => resolve()));

const addresses = (map: string | null, questionnaire: string | null) => ({
  mapEmbedUrl: map,
  mapFullUrl: null,
  questionnaireUrl: questionnaire,
});

describe.each(testBackends())("CSP frame sources on %s", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database.close();
  });

  it("start from the stored addresses: the map's and the questionnaire's origins, each once", async () => {
    await saveEmbedSettings(database.db, {
      mapEmbedUrl: "https://mapa.example.org/embed?x=1",
      mapFullUrl: "https://complet.example.org/",
      questionnaireUrl: "https://mapa.example.org/form",
    });
    const frames = createFrameSources(database.db);
    // The first responses wait for the first read rather than going out without the embeds.
    await passed(frames);
    expect(frames.current()).toEqual(["https://mapa.example.org"]);
  });

  it("a write that names the site settings (here or on another instance) re-reads them before the next response; other writes do not", async () => {
    await saveEmbedSettings(database.db, addresses("https://mapa.example.org/embed", null));
    const frames = createFrameSources(database.db);
    const pages = createPageCache({ onChange: frames.follow });
    await passed(frames);
    expect(frames.current()).toEqual(["https://mapa.example.org"]);

    await saveEmbedSettings(database.db, addresses("https://mapa.example.org/embed", "https://forms.example.org/q"));
    pages.invalidate(["reflections"]); // a write of other content
    await passed(frames);
    expect(frames.current()).toEqual(["https://mapa.example.org"]);
    pages.invalidate(["site_settings"]); // a write of the settings on this instance
    await passed(frames);
    expect(frames.current()).toEqual(["https://mapa.example.org", "https://forms.example.org"]);

    await saveEmbedSettings(database.db, addresses(null, null));
    pages.invalidateLocal(["site_settings"]); // NOTIFY from another instance
    await passed(frames);
    expect(frames.current()).toEqual([]);
  });

  it("a change while a read is under way is not lost: a read that may predate it is followed by another", async () => {
    await saveEmbedSettings(database.db, addresses("https://antic.example.org/", null));
    const frames = createFrameSources(database.db);
    // The first read is under way (it may see the old address); the save lands meanwhile.
    await saveEmbedSettings(database.db, addresses("https://nou.example.org/", null));
    for (let i = 0; i < 5; i++) frames.changed();
    await passed(frames);
    expect(frames.current()).toEqual(["https://nou.example.org"]);
  });

  it("a failed read keeps the last known origins", async () => {
    await saveEmbedSettings(database.db, addresses("https://mapa.example.org/", null));
    const closed = await createTestDatabase(backend);
    await saveEmbedSettings(closed.db, addresses("https://mapa.example.org/", null));
    const frames = createFrameSources(closed.db);
    await passed(frames);
    await closed.close();
    await frames.changed();
    await passed(frames);
    expect(frames.current()).toEqual(["https://mapa.example.org"]);
  });
});
