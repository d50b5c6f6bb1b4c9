import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { routeArgs, setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";
import { loader } from "./sitemap";

// The sitemap lists the plan's tracker and each public result, in the three languages, only while
// at least one result is public (decision 069); a hidden result never.

describe.each(testBackends())("the sitemap and the plan's results on %s", (backend) => {
  const ctx = setupTestContext(backend);
  beforeEach(async () => {
    await ctx.db.delete(t.results);
  });
  const sitemap = async () => ((await loader(routeArgs(ctx, "/sitemap.xml") as never)) as Response).text();
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

  it("lists the tracker and the public results while one is public, and no hidden one", async () => {
    const none = locs(await sitemap());
    expect(none).not.toContain("/seguiment-del-pla");
    expect(none).not.toContain("/en/plan-progress");
    expect(none).toContain("/participa");
    // The open data's page (issue 31), in the three languages, whatever is published.
    for (const path of ["/dades-obertes", "/es/datos-abiertos", "/en/open-data"]) expect(none).toContain(path);

    const [state] = await ctx.db.select().from(t.resultStates).where(eq(t.resultStates.label, "En obres"));
    const [shown, hidden] = await ctx.db
      .insert(t.results)
      .values([
        { title: "Carril bici públic", stateId: state!.id, isActive: true, updatedAt: new Date("2026-11-20T10:00:00Z") },
        { title: "Carril bici amagat", stateId: state!.id, isActive: false },
      ])
      .returning();
    const xml = await sitemap();
    const listed = locs(xml);
    for (const path of ["/seguiment-del-pla", "/es/seguimiento-del-plan", "/en/plan-progress"]) expect(listed).toContain(path);
    for (const path of [`/seguiment-del-pla/${shown!.id}`, `/es/seguimiento-del-plan/${shown!.id}`, `/en/plan-progress/${shown!.id}`])
      expect(listed).toContain(path);
    expect(xml).toContain(`/seguiment-del-pla/${shown!.id}</loc><lastmod>2026-11-20</lastmod>`);
    expect(xml).toContain(`hreflang="en" href="${ctx.env.PUBLIC_URL}/en/plan-progress/${shown!.id}"`);
    expect(xml).not.toContain(hidden!.id);
  });
});
