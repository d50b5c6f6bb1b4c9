import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { adminTestBed, htmlBytes, png } from "~/test/admin";
import { testBackends } from "~/test/db";
import * as footer from "./footer.server";

describe.each(testBackends())("footer on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post, stored } = bed;

  it("footer: texts required, logo image rules, position >= 0, replace and delete remove files", async () => {
    const empty = await post(footer.action, { intent: "texts", footerText: "", collaboratorsText: "" });
    expect(empty.fieldErrors).toMatchObject({
      footerText: "El text del footer és obligatori",
      collaboratorsText: "El text de col·laboradors és obligatori",
    });
    expect(
      (
        await post(footer.action, {
          intent: "texts",
          footerText: "Impulsat per [CCP](https://ccp.cat)",
          collaboratorsText: "Amb el suport de",
        })
      ).ok,
    ).toBe(true);
    expect((await post(footer.action, { intent: "texts", footerText: "Segon text", collaboratorsText: "Col·laboren" })).ok).toBe(true);
    expect(await bed.ctx.db.$count(t.footerConfig)).toBe(1);

    const image = new File([await png()], "logo.png");
    expect((await post(footer.action, { intent: "create", name: "Logo", position: "0" }, {})).error).toBe(
      "Si us plau, selecciona una imatge",
    );
    expect(
      (await post(footer.action, { intent: "create", name: "Logo", position: "0" }, { image: new File([htmlBytes()], "l.png") })).error,
    ).toBe("Si us plau, selecciona una imatge vàlida");
    const tooBig = new Uint8Array(5 * 1024 * 1024 + 10);
    tooBig.set(await png());
    expect(
      (await post(footer.action, { intent: "create", name: "Logo", position: "0" }, { image: new File([tooBig], "l.png") })).error,
    ).toBe("La imatge no pot ser més gran de 5MB");
    expect((await post(footer.action, { intent: "create", name: "Logo", position: "-1" }, { image })).error).toBe(
      "La posició ha de ser 0 o més",
    );
    expect((await post(footer.action, { intent: "create", name: "", position: "1" }, { image })).error).toBe("El nom és obligatori");
    expect(await bed.ctx.db.$count(t.footerLogos)).toBe(0);

    expect(
      (
        await post(
          footer.action,
          { intent: "create", name: "Consell", position: "2", isActive: "true", linkUrl: "https://ccp.cat" },
          { image },
        )
      ).ok,
    ).toBe(true);
    const logo = (await bed.ctx.db.query.footerLogos.findFirst())!;
    expect(logo).toMatchObject({ name: "Consell", position: 2, isActive: true, linkUrl: "https://ccp.cat" });
    expect(
      (
        await post(
          footer.action,
          { intent: "update", id: logo.id, name: "Consell Comarcal", position: "1", isActive: "true" },
          { image: new File([await png(50, 20)], "b.png") },
        )
      ).ok,
    ).toBe(true);
    const logo2 = (await bed.ctx.db.query.footerLogos.findFirst())!;
    expect(await stored(logo.imageKey)).toBe(false);
    expect((await post(footer.action, { intent: "toggle", id: logo.id, isActive: "false" })).message).toBe("Logo desactivat correctament");
    expect((await post(footer.action, { intent: "delete", id: logo.id })).message).toBe("Logo eliminat correctament");
    expect(await stored(logo2.imageKey)).toBe(false);
  });

  it("a body that is not a form answers 400", async () => {
    await bed.expectNonFormRefused(footer.action);
  });
});
