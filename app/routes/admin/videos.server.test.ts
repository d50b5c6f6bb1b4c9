import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { adminTestBed, htmlBytes, mp4Head } from "~/test/admin";
import { testBackends } from "~/test/db";
import * as videos from "./videos.server";

describe.each(testBackends())("videos on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post, stored } = bed;

  it("videos: create needs a real video file, edit replaces and removes the old file, toggle, delete", async () => {
    const noFile = await post(videos.action, { intent: "create", scope: "laboral", title: "V" }, {});
    expect(noFile.error).toBe("Selecciona un fitxer de vídeo");
    const fake = await post(
      videos.action,
      { intent: "create", scope: "laboral", title: "V" },
      { file: new File([htmlBytes()], "v.mp4", { type: "video/mp4" }) },
    );
    expect(fake.error).toBe("Només es permeten fitxers de vídeo");
    const noTitle = await post(videos.action, { intent: "create", scope: "laboral", title: "" }, { file: new File([mp4Head()], "v.mp4") });
    expect(noTitle.error).toBe("El títol és obligatori");
    expect(await bed.ctx.db.$count(t.videos)).toBe(0);

    const ok = await post(
      videos.action,
      { intent: "create", scope: "laboral", title: "Anar a la feina", isActive: "true" },
      { file: new File([mp4Head()], "v.mp4") },
    );
    expect(ok.message).toBe("Vídeo creat correctament");
    const v = (await bed.ctx.db.query.videos.findFirst())!;
    expect(v).toMatchObject({ fileType: "mp4", fileSize: 5000, isActive: true, scope: "laboral" });
    expect(await stored(v.videoKey)).toBe(true);

    const edit = await post(
      videos.action,
      { intent: "update", id: v.id, scope: "turistic", title: "Nou", isActive: "true" },
      { file: new File([mp4Head()], "w.mp4") },
    );
    expect(edit.message).toBe("Vídeo actualitzat correctament");
    const v2 = (await bed.ctx.db.query.videos.findFirst())!;
    expect(v2.videoKey).not.toBe(v.videoKey);
    expect(await stored(v.videoKey)).toBe(false);
    const keep = await post(
      videos.action,
      { intent: "update", id: v.id, scope: "turistic", title: "Sense fitxer nou", isActive: "true" },
      {},
    );
    expect(keep.ok).toBe(true);
    expect((await bed.ctx.db.query.videos.findFirst())!.videoKey).toBe(v2.videoKey);

    expect((await post(videos.action, { intent: "toggle", id: v.id, isActive: "false" })).message).toBe("Vídeo desactivat correctament");
    expect((await post(videos.action, { intent: "toggle", id: v.id, isActive: "true" })).message).toBe("Vídeo activat correctament");
    expect((await post(videos.action, { intent: "delete", id: v.id })).message).toBe("Vídeo eliminat correctament");
    expect(await stored(v2.videoKey)).toBe(false);
  });

  it("videos: a file over 100 MB is refused while streaming and nothing is kept", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(mp4Head().subarray(0, 24));
    const big = new File(
      Array.from({ length: 101 }, () => chunk),
      "big.mp4",
      { type: "video/mp4" },
    );
    const res = await post(videos.action, { intent: "create", scope: "laboral", title: "Gran" }, { file: big });
    expect(res.status).toBe(413);
    expect(res.error).toBe("El fitxer és massa gran (màxim 100MB)");
    expect(await bed.ctx.db.$count(t.videos)).toBe(0);
  });

  it("a body that is not a form answers 400", async () => {
    await bed.expectNonFormRefused(videos.action);
  });
});
