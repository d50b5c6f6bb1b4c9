import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { adminTestBed, htmlBytes, mp4Head, png } from "~/test/admin";
import { testBackends } from "~/test/db";
import * as homeBackground from "./home-background.server";

describe.each(testBackends())("home-background on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post, stored } = bed;

  it("home background: new ones start inactive, at most one active (also when activations race), delete removes the file", async () => {
    expect((await post(homeBackground.action, { intent: "create" }, { file: new File([htmlBytes()], "x.png") })).error).toBe(
      "Error en pujar el mitjà: El fitxer ha de ser una imatge o un vídeo",
    );
    for (let i = 0; i < 3; i++)
      expect((await post(homeBackground.action, { intent: "create" }, { file: new File([await png()], "x.png") })).ok).toBe(true);
    expect((await post(homeBackground.action, { intent: "create" }, { file: new File([mp4Head()], "x.mp4") })).ok).toBe(true);
    const rows = await bed.ctx.db.select().from(t.homeBackground);
    expect(rows.every((r) => !r.isActive)).toBe(true);
    expect(rows.filter((r) => r.mediaType === "video")).toHaveLength(1);

    expect((await post(homeBackground.action, { intent: "toggle", id: rows[0]!.id, isActive: "true" })).ok).toBe(true);
    expect((await post(homeBackground.action, { intent: "toggle", id: rows[1]!.id, isActive: "true" })).ok).toBe(true);
    const active = await bed.ctx.db.select().from(t.homeBackground).where(eq(t.homeBackground.isActive, true));
    expect(active.map((r) => r.id)).toEqual([rows[1]!.id]);

    const results = await Promise.all(rows.map((r) => post(homeBackground.action, { intent: "toggle", id: r.id, isActive: "true" })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await bed.ctx.db.$count(t.homeBackground, eq(t.homeBackground.isActive, true))).toBe(1);

    expect((await post(homeBackground.action, { intent: "toggle", id: rows[1]!.id, isActive: "false" })).ok).toBe(true);
    expect((await post(homeBackground.action, { intent: "delete", id: rows[0]!.id })).message).toBe("Mitjà eliminat correctament");
    expect(await stored(rows[0]!.mediaKey)).toBe(false);
  });
});
