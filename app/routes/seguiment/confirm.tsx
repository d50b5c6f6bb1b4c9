import { data } from "react-router";
import type { Route } from "./+types/confirm";
import { ConfirmNotice, confirmStatus, newsletterMeta } from "~/components/newsletter-notice";
import { confirmFollow, followConfirmState } from "~/models/result-follows.server";
import { markPersonal } from "~/infra/request-state.server";

// The link of a result follow's confirmation e-mail (decision 069), as the newsletter's (decision
// 023): opening it only asks; the button confirms, by POST. Never kept by the page cache.
export async function loader({ params, context }: Route.LoaderArgs) {
  markPersonal();
  const outcome = await followConfirmState(context, params.token);
  return data({ outcome }, { status: confirmStatus(outcome) });
}

export async function action({ params, context }: Route.ActionArgs) {
  const outcome = await confirmFollow(context, params.token);
  return data({ outcome, done: true }, { status: confirmStatus(outcome) });
}

export const meta: Route.MetaFunction = ({ matches }) => newsletterMeta(matches, "public.followLinks.confirm.metaTitle");

export default function ConfirmFollow({ loaderData, actionData }: Route.ComponentProps) {
  return <ConfirmNotice texts="public.followLinks.confirm" outcome={actionData?.outcome ?? loaderData.outcome} done={!!actionData} />;
}
