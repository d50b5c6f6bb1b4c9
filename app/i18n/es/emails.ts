import type { Translation } from "../catalogue";
import type ca from "../ca/emails";

export default {
  "footer.why": "Recibes este correo porque te suscribiste a la newsletter {ofSite}.",
} satisfies Translation<typeof ca>;
