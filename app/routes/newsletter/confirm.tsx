import { data } from "react-router";
import type { Route } from "./+types/confirm";
import { ConfirmNotice, confirmStatus, newsletterMeta } from "~/components/newsletter-notice";
import { confirmationState, confirmSubscription } from "~/models/newsletter.server";
import { markPersonal } from "~/infra/request-state.server";

// The link of the confirmation e-mail (decision 023). Opening it only asks: the link scanners of
// mail gateways open every link, and must not subscribe anyone who did not ask (issue 29). The
// button confirms, by POST, as unsubscribing does; pressing it again says so again. The page
// depends on the token in its address: never kept by the page cache.
export async function loader({ params, context }: Route.LoaderArgs) {
  markPersonal();
  const outcome = await confirmationState(context, params.token);
  return data({ outcome }, { status: confirmStatus(outcome) });
}

export async function action({ params, context }: Route.ActionArgs) {
  const outcome = await confirmSubscription(context, params.token);
  return data({ outcome, done: true }, { status: confirmStatus(outcome) });
}

export const meta: Route.MetaFunction = ({ matches }) => newsletterMeta(matches, "public.newsletterLinks.confirm.metaTitle");

export default function ConfirmNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  return <ConfirmNotice texts="public.newsletterLinks.confirm" outcome={actionData?.outcome ?? loaderData.outcome} done={!!actionData} />;
}
