import { data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { newsletterMeta, WayOutNotice } from "~/components/newsletter-notice";
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

export const meta: Route.MetaFunction = ({ matches }) => newsletterMeta(matches, "public.newsletterLinks.unsubscribe.metaTitle");

export default function UnsubscribeNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <WayOutNotice
      texts="public.newsletterLinks.unsubscribe"
      state={state === "invalid" || state === "gone" ? state : "ask"}
      done={!!actionData?.done}
    />
  );
}
