// Catalan: the public forms' labels, validation messages and outcomes (decision 059). Schemas and
// actions return these keys, never words; the page says them in its language.
export default {
  "language.label": "Idioma",
} as const;
