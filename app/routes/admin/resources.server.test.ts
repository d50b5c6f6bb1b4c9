import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { adminTestBed, png } from "~/test/admin";
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
});
