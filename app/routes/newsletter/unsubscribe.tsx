import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { NewsletterNotice, newsletterMeta } from "~/components/newsletter-notice";
import { Button } from "~/components/ui/button";
import { unsubscribe, unsubscribeState } from "~/models/newsletter.server";
import { markPersonal } from "~/infra/request-state.server";

// Every message's unsubscribe link (decision 023). Opening it only asks (a link checker or a
// mail client's preview must not unsubscribe anyone); the button, or a mail client's one-click
// POST (RFC 8058, List-Unsubscribe-Post), erases the subscription. No sign-in, no JavaScript.
export async function loader({ params, context }: Route.LoaderArgs) {
  markPersonal();
  const state = await unsubscribeState(context, params.token);
  return data({ state }, { status: state === "invalid" ? 400 : 200 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const state = await unsubscribe(context, params.token);
  return data({ state, done: true }, { status: state === "invalid" ? 400 : 200 });
}

export const meta: Route.MetaFunction = ({ matches }) => newsletterMeta(matches, "Baixa de la newsletter");

export default function UnsubscribeNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === "invalid") {
    return (
      <NewsletterNotice title="Enllaç no vàlid">
        <p className="text-lg">
          Aquest enllaç per donar-te de baixa no és correcte. Comprova que l'has copiat sencer, o fes servir l'enllaç d'un altre missatge de
          la newsletter.
        </p>
      </NewsletterNotice>
    );
  }
  if (state === "gone") {
    return (
      <NewsletterNotice title={actionData?.done ? "T'has donat de baixa" : "Ja no estàs subscrit"}>
        <p className="text-lg" role={actionData?.done ? "status" : undefined}>
          Ja no rebràs la newsletter i hem esborrat la teva adreça de correu de la llista.
        </p>
      </NewsletterNotice>
    );
  }
  return (
    <NewsletterNotice title="Vols donar-te de baixa de la newsletter?">
      <p className="text-lg">Si et dones de baixa, no rebràs més missatges i esborrarem la teva adreça de correu de la llista.</p>
      <Form method="post">
        <Button type="submit" size="lg">
          Dona'm de baixa
        </Button>
      </Form>
    </NewsletterNotice>
  );
}
