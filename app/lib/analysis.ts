import { formatNumber } from "~/i18n/locales";
import { codedTypes } from "~/domain/contributions";
import { MUNICIPALITY_NAMES } from "~/domain/map";
import { categories, categoryLabels, type Category } from "~/domain/themes";
import type { ListShape } from "./admin-list";
import { luminance } from "./answers";
import { contributionLabels } from "./contributions";

// The analysis of the coded contributions (issue 32, decision 077), client-safe: the screen's query
// in the one dialect (decision 056), the dimensions a code is crossed with, and the shade of a
// cell. Codes are staff's working notes: nothing here is read by a public page.

/** What a code is crossed with: the theme, the municipality or the kind of contribution. */
export const DIMENSIONS = ["tema", "municipi", "tipus"] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export const DIMENSION_LABELS: Record<Dimension, string> = { tema: "Àmbit", municipi: "Municipi", tipus: "Tipus d'aportació" };

/** Counts over time, per week or per month (of the contribution's date, in the campaign's time zone). */
export const PERIODS = ["setmana", "mes"] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = { setmana: "Per setmanes", mes: "Per mesos" };

/** The value of a filter for "none" (no theme, no municipality): a column of the cross-tab. */
export const NONE = "cap";

/** The analysis screen's address: `per` (the cross-tab's dimension), `periode` (the chart's). */
export const ANALYSIS_SHAPE = {
  search: false,
  dates: false,
  sorts: ["data"],
  defaultDir: "desc",
  filters: {
    per: { kind: "one-of", values: DIMENSIONS, default: "tema" },
    periode: { kind: "one-of", values: PERIODS, default: "mes" },
  },
} as const satisfies ListShape;

/** The map view's address: one code (or every coded comment). */
export const ANALYSIS_MAP_SHAPE = {
  search: false,
  dates: false,
  sorts: ["data"],
  defaultDir: "desc",
  filters: { codi: { kind: "text", max: 36 } },
} as const satisfies ListShape;

/** The coding list's filters a cell of the cross-tab opens it with (lib/coding.ts CODING_SHAPE). */
export const THEME_FILTER_VALUES = [...categories, NONE] as const;
export const MUNICIPALITY_FILTER_VALUES = [...MUNICIPALITY_NAMES, NONE] as const;

/** The name of a column's value in a dimension ("Sense àmbit" for none). */
export function valueLabel(dimension: Dimension, value: string | null): string {
  if (dimension === "tema") return value ? (categoryLabels[value as Category] ?? value) : "Sense àmbit";
  if (dimension === "municipi") return value ?? "Sense municipi";
  return value ? (contributionLabels[value] ?? value) : "Sense tipus";
}

/** The coding list's filter for a column's value, or null when the list cannot filter on it (a
 * municipality outside the list of the 27). */
export function filterFor(dimension: Dimension, value: string | null): [string, string] | null {
  if (dimension === "tipus") return value && (codedTypes as readonly string[]).includes(value) ? ["tipus", value] : null;
  if (dimension === "tema") return ["ambit", value ?? NONE];
  const v = value ?? NONE;
  return (MUNICIPALITY_FILTER_VALUES as readonly string[]).includes(v) ? ["municipi", v] : null;
}

/** A share as the table writes it: "12 %" (Catalan: a space before the sign), or "—" without a total. */
export const formatShare = (share: number | null) =>
  share === null ? "—" : `${formatNumber(share * 100, "ca", { maximumFractionDigits: share < 0.1 && share > 0 ? 1 : 0 })} %`;

const hex = (n: number) => Math.round(n).toString(16).padStart(2, "0");
/** The darkest shade (the share 1): the campaign's ink blue. */
const FULL: [number, number, number] = [0x1d, 0x24, 0x73];
/** Black, not the ink: between ink and white some mid shades reach neither at 4.5:1; between black
 * and white every shade reaches one at 4.58:1 at least. */
const DARK = "#000000";

/** The contrast of two #rrggbb colours (WCAG 2.1). */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** A cell's shade for its share (0 to 1): from white to the ink blue, and the text on it, black or
 * white, whichever reads better (AA, 4.5:1, on every shade: unit-tested). */
export function shade(share: number): { background: string; color: string } {
  const t = Math.max(0, Math.min(1, share));
  const background = `#${FULL.map((c) => hex(255 + (c - 255) * t)).join("")}`;
  const color = contrast(background, DARK) >= contrast(background, "#ffffff") ? DARK : "#ffffff";
  return { background, color };
}
