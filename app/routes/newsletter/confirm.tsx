import { data } from "react-router";
import type { Route } from "./+types/confirm";
import { NewsletterNotice, newsletterMeta } from "~/components/newsletter-notice";
import { confirmSubscription, type ConfirmOutcome } from "~/models/newsletter.server";
import { markPersonal } from "~/infra/request-state.server";

// The link of the confirmation e-mail (decision 023). Following it confirms; following it again
// says so again. The page depends on the token in its address: never kept by the page cache.
export async function loader({ params, context }: Route.LoaderArgs) {
  markPersonal();
  const outcome = await confirmSubscription(context, params.token);
  const status = outcome === "invalid" ? 400 : outcome === "expired" || outcome === "gone" ? 410 : 200;
  return data({ outcome }, { status });
}

const TEXTS: Record<ConfirmOutcome, { title: string; text: string }> = {
  confirmed: {
    title: "Subscripció confirmada!",
    text: "Gràcies per subscriure't. Rebràs actualitzacions sobre la campanya. Cada missatge porta un enllaç per donar-te de baixa.",
  },
  already: {
    title: "Subscripció confirmada!",
    text: "Aquesta subscripció ja estava confirmada. Rebràs actualitzacions sobre la campanya.",
  },
  expired: {
    title: "L'enllaç ha caducat",
    text: "Aquest enllaç de confirmació ja no és vàlid. Torna a subscriure't des del formulari de la newsletter i t'enviarem un enllaç nou.",
  },
  gone: {
    title: "Aquesta subscripció ja no existeix",
    text: "La subscripció s'ha esborrat (per exemple, perquè t'hi has donat de baixa). Si vols rebre la newsletter, torna a subscriure't.",
  },
  invalid: {
    title: "Enllaç no vàlid",
    text: "Aquest enllaç de confirmació no és correcte. Comprova que l'has copiat sencer, o torna a subscriure't des del formulari de la newsletter.",
  },
};

export const meta: Route.MetaFunction = ({ matches }) => newsletterMeta(matches, "Confirmació de la subscripció");

export default function ConfirmNewsletter({ loaderData }: Route.ComponentProps) {
  const { title, text } = TEXTS[loaderData.outcome];
  return (
    <NewsletterNotice title={title}>
      <p className="text-lg">{text}</p>
    </NewsletterNotice>
  );
}
