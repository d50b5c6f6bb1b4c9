import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// One toast entry point (decision 017): Sonner stays out of every page's first load only while
// nothing but lib/toast.ts (which loads it on demand) and the toaster itself imports it.
it("only lib/toast.ts and the toaster import sonner", () => {
  const importers = (fs.readdirSync("app", { recursive: true, encoding: "utf8" }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"))
    .filter((file) => /from "sonner"|import\("sonner"\)/.test(fs.readFileSync(path.join("app", file), "utf8")))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
  expect(importers).toEqual(["components/ui/sonner.tsx", "lib/toast.ts"]);
});
