import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { CAPTIONS_MESSAGES } from "~/domain/webvtt";
import { UPLOADS } from "~/domain/uploads";
import { adminTestBed, mp4Head, png } from "~/test/admin";
import { testBackends } from "~/test/db";
import * as resources from "./resources.server";

describe.each(testBackends())("resources on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post, stored } = bed;

  it("resources: upload sets the media type from the bytes; external URL; required media; delete removes the file", async () => {
    expect((await post(resources.action, { intent: "create", title: "R" }, {})).error).toBe(
      "Selecciona un fitxer o indica una URL externa",
    );
    expect((await post(resources.action, { intent: "create", title: "" }, {})).error).toBe("El títol és obligatori");
    expect(
      (await post(resources.action, { intent: "create", title: "Cartell", isActive: "true" }, { file: new File([await png()], "c.pdf") }))
        .ok,
    ).toBe(true);
    const r = (await bed.ctx.db.query.resources.findFirst())!;
    expect(r.mediaType).toBe("image");
    expect(
      (
        await post(
          resources.action,
          { intent: "create", title: "Vídeo", useExternal: "true", externalUrl: "https://www.youtube.com/watch?v=x" },
          {},
        )
      ).ok,
    ).toBe(true);
    expect((await bed.ctx.db.query.resources.findFirst({ where: eq(t.resources.title, "Vídeo") }))!).toMatchObject({
      mediaType: "video",
      mediaKey: null,
    });
    // Switching to an external URL drops the uploaded file.
    expect(
      (
        await post(
          resources.action,
          { intent: "update", id: r.id, title: "Cartell", useExternal: "true", externalUrl: "https://ex.cat/doc.pdf" },
          {},
        )
      ).message,
    ).toBe("Recurs actualitzat correctament");
    expect(await stored(r.mediaKey!)).toBe(false);
    expect((await post(resources.action, { intent: "delete", id: r.id })).message).toBe("Recurs eliminat correctament");
  });

  it("captions: a video's WebVTT is checked whole and stored; a bad, too large or misplaced file stores nothing; replaced and removed files go", async () => {
    const vtt = (body: string, name = "s.vtt") => new File([body], name, { type: "text/vtt" });
    const good = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nBon dia\n";
    const files = async () => (await bed.ctx.storage.list()).map((f) => f.key).filter((k) => k.startsWith("captions/"));
    const before = await files();
    const video = new File([mp4Head()], "v.mp4", { type: "video/mp4" });
    const made = await post(
      resources.action,
      { intent: "create", title: "Vídeo amb so", isActive: "true", audioDescription: "Una ciclista travessa les vinyes." },
      { file: video, captions: vtt(good) },
    );
    expect(made.ok).toBe(true);
    const row = (await bed.ctx.db.query.resources.findFirst({ where: eq(t.resources.title, "Vídeo amb so") }))!;
    expect(row).toMatchObject({ mediaType: "video", audioDescription: "Una ciclista travessa les vinyes." });
    expect(row.captionsKey).toMatch(/^captions\/[0-9a-f-]{36}\.vtt$/);
    expect(await stored(row.captionsKey!)).toBe(true);

    // Invalid (timings with commas, as in SRT; no header), too large, and on an image: refused in Catalan, nothing kept.
    const update = (captions: File, extra: Record<string, string> = {}) =>
      post(resources.action, { intent: "update", id: row.id, title: "Vídeo amb so", isActive: "true", ...extra }, { captions });
    const bad = await update(vtt("WEBVTT\n\n00:00:01,000 --> 00:00:04,000\nHola\n"));
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      error: CAPTIONS_MESSAGES.timing(3),
      fieldErrors: { captions: CAPTIONS_MESSAGES.timing(3) },
    });
    const srt = await update(vtt("1\n00:00:01,000 --> 00:00:04,000\nHola\n", "s.srt"));
    expect(srt).toMatchObject({ ok: false, error: UPLOADS.captions.messages.bad_type });
    const big = await update(vtt(good + "x".repeat(UPLOADS.captions.maxBytes)));
    expect(big).toMatchObject({ ok: false, status: 413, error: UPLOADS.captions.messages.too_large });
    const image = await post(
      resources.action,
      { intent: "create", title: "Foto", isActive: "true" },
      { file: new File([await png()], "f.png"), captions: vtt(good) },
    );
    expect(image).toMatchObject({ ok: false, error: CAPTIONS_MESSAGES.notVideo });
    expect(await files()).toEqual([...before, row.captionsKey].sort());
    expect((await bed.ctx.db.query.resources.findFirst({ where: eq(t.resources.id, row.id) }))!.captionsKey).toBe(row.captionsKey);

    // Replaced: the old file goes; removed: the row forgets it and the file goes.
    expect((await update(vtt(good.replace("Bon dia", "Bona tarda")))).ok).toBe(true);
    const replaced = (await bed.ctx.db.query.resources.findFirst({ where: eq(t.resources.id, row.id) }))!.captionsKey!;
    expect(replaced).not.toBe(row.captionsKey);
    expect(await stored(row.captionsKey!)).toBe(false);
    expect((await post(resources.action, { intent: "update", id: row.id, title: "Vídeo amb so", removeCaptions: "true" }, {})).ok).toBe(
      true,
    );
    expect((await bed.ctx.db.query.resources.findFirst({ where: eq(t.resources.id, row.id) }))!.captionsKey).toBeNull();
    expect(await stored(replaced)).toBe(false);
  });
});
