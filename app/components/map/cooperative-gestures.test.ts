import { describe, expect, test } from "vitest";
import { translator } from "~/i18n/catalogues.server";
import { gestureHints, isApple, wheelKey } from "./cooperative-gestures.client";

const HINTS = gestureHints(translator("ca"));

// The hint names the key people press on their own machine: ⌘ on Apple's, Ctrl elsewhere.
describe("the wheel hint", () => {
  const nav = (platform: string, userAgent = "", uaPlatform?: string) => ({
    platform,
    userAgent,
    ...(uaPlatform === undefined ? {} : { userAgentData: { platform: uaPlatform } }),
  });
  test("a Mac, an iPad or an iPhone: ⌘", () => {
    expect(isApple(nav("MacIntel"))).toBe(true);
    expect(isApple(nav("", "", "macOS"))).toBe(true);
    expect(isApple(nav("iPad"))).toBe(true);
    expect(isApple(nav("", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"))).toBe(true);
    expect(HINTS.wheel(wheelKey(nav("MacIntel")))).toBe("Fes servir ⌘ + roda per fer zoom");
  });
  test("Windows, Linux, Android: Ctrl", () => {
    expect(isApple(nav("Win32"))).toBe(false);
    expect(isApple(nav("Linux x86_64", "", "Linux"))).toBe(false);
    expect(isApple(nav("Linux armv8l", "Mozilla/5.0 (Linux; Android 14; Pixel 7)", "Android"))).toBe(false);
    expect(HINTS.wheel(wheelKey(nav("Win32")))).toBe("Fes servir Ctrl + roda per fer zoom");
    expect(HINTS.touch).toBe("Fes servir dos dits per moure el mapa");
  });
  test("in the page's language", () => {
    expect(gestureHints(translator("es")).wheel("Ctrl")).toBe("Usa Ctrl + rueda para hacer zoom");
    expect(gestureHints(translator("en")).touch).toBe("Use two fingers to move the map");
  });
});
