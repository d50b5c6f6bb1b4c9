import { data, Form } from "react-router";
import type { Route } from "./+types/confirm";
import { NewsletterNotice, newsletterMeta } from "~/components/newsletter-notice";
import { Button } from "~/components/ui/button";
import { confirmationState, confirmSubscription, type ConfirmOutcome } from "~/models/newsletter.server";
import { markPersonal } from "~/infra/request-state.server";

// The link of the confirmation e-mail (decision 023). Opening it only asks: the link scanners of
// mail gateways open every link, and must not subscribe anyone who did not ask (issue 29). The
// button confirms, by POST, as unsubscribing does; pressing it again says so again. The page
// depends on the token in its address: never kept by the page cache.
const statusOf = (outcome: ConfirmOutcome | "pending") =>
  outcome === "invalid" ? 400 : outcome === "expired" || outcome === "gone" ? 410 : 200;

export async function loader({ params, context }: Route.LoaderArgs) {
  markPersonal();
  const outcome = await confirmationState(context, params.token);
  return data({ outcome }, { status: statusOf(outcome) });
}

export async function action({ params, context }: Route.ActionArgs) {
  const outcome = await confirmSubscription(context, params.token);
  return data({ outcome, done: true }, { status: statusOf(outcome) });
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

export default function ConfirmNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.outcome;
  if (outcome === "pending") {
    return (
      <NewsletterNotice title="Confirma la subscripció">
        <p className="text-lg">Prem el botó per confirmar que vols rebre la newsletter de la campanya en aquesta adreça de correu.</p>
        <Form method="post">
          <Button type="submit" size="lg">
            Confirma la subscripció
          </Button>
        </Form>
      </NewsletterNotice>
    );
  }
  const { title, text } = TEXTS[outcome];
  return (
    <NewsletterNotice title={title}>
      <p className="text-lg" role={actionData ? "status" : undefined}>
        {text}
      </p>
    </NewsletterNotice>
  );
}
