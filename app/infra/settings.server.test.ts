import { describe, expect, it } from "vitest";
import { setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";
import { putSetting, readSettings, saveSettings, textSetting } from "~/infra/settings.server";

// The one way the site's settings are read and written (the addresses, the base map, moderation).

describe("textSetting", () => {
  it("is the text, or null when not set or empty", () => {
    expect(textSetting("https://a.example")).toBe("https://a.example");
    expect(textSetting("")).toBeNull();
    expect(textSetting(undefined)).toBeNull();
    expect(textSetting({ a: 1 })).toBeNull();
  });
});

describe.each(testBackends())("site settings on %s", (backend) => {
  const ctx = setupTestContext(backend);

  it("saves several at once, a null removing its row; reads back only the keys asked for", async () => {
    await saveSettings(ctx.db, { t_a: "u", t_b: "v" });
    await putSetting(ctx.db, "t_c", { n: 3 });
    await saveSettings(ctx.db, { t_a: null, t_b: "w" });
    const stored = await readSettings(ctx.db, ["t_a", "t_b", "t_c"]);
    expect([...stored.entries()].sort()).toEqual([
      ["t_b", "w"],
      ["t_c", { n: 3 }],
    ]);
    expect([...(await readSettings(ctx.db, ["t_c"])).keys()]).toEqual(["t_c"]);
  });
});
