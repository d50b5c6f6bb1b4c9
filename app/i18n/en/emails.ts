import type { Translation } from "../catalogue";
import type ca from "../ca/emails";

export default {
  "footer.why": "You are receiving this e-mail because you signed up to the {ofSite} newsletter.",
} satisfies Translation<typeof ca>;
