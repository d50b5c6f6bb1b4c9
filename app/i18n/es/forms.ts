import type { Translation } from "../catalogue";
import type ca from "../ca/forms";

export default {
  "language.label": "Idioma",
} satisfies Translation<typeof ca>;
