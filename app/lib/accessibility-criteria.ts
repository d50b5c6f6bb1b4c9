// The WCAG 2.2 criteria the statement reports one by one (issue 33): the ones axe-core cannot see
// (and captions, resize text, reflow and text spacing), each with its level and its result. A result is what a test shows: "pass" only where a test in
// tests/e2e/ checks it (wcag22.spec.ts, public-site.spec.ts, the axe-core runs of every page), and
// "pending" until one does. The words are the catalogue's (public.accessibility.criteria.*).

export type CriterionResult = "pass" | "fail" | "pending";

export const CHECKED_CRITERIA = [
  { key: "axe", number: null, level: "A, AA", result: "pass" },
  { key: "c1_2_2", number: "1.2.2", level: "A", result: "pass" },
  { key: "c1_4_4", number: "1.4.4", level: "AA", result: "pass" },
  { key: "c1_4_10", number: "1.4.10", level: "AA", result: "pass" },
  { key: "c1_4_12", number: "1.4.12", level: "AA", result: "pass" },
  { key: "c2_4_11", number: "2.4.11", level: "AA", result: "pass" },
  { key: "c2_5_7", number: "2.5.7", level: "AA", result: "pass" },
  { key: "c2_5_8", number: "2.5.8", level: "AA", result: "pass" },
  { key: "c3_2_6", number: "3.2.6", level: "A", result: "pass" },
  { key: "c3_3_7", number: "3.3.7", level: "A", result: "pass" },
  { key: "c3_3_8", number: "3.3.8", level: "AA", result: "pass" },
] as const satisfies readonly { key: string; number: string | null; level: string; result: CriterionResult }[];
