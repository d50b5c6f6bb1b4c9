import { expect, it } from "vitest";
import { tileSource } from "./map-tiles";

it("derives the CSP img-src source of a tile template", () => {
  expect(tileSource("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
  expect(tileSource("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toBe("https://*.tile.example.org");
  expect(tileSource("https://geoserveis.icgc.cat/servei/catalunya/mapa-base/wmts/topografic/MON3857NW/{z}/{x}/{y}.png")).toBe(
    "https://geoserveis.icgc.cat",
  );
  expect(tileSource("http://127.0.0.1:6500/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:6500");
  expect(tileSource("https://a.{s}.example.org/{z}/{x}/{y}.png")).toBeNull();
  expect(tileSource("javascript:alert(1)//{z}/{x}/{y}")).toBeNull();
  expect(tileSource(null)).toBeNull();
});
