import { data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { newsletterMeta, WayOutNotice } from "~/components/newsletter-notice";
import { followUnsubscribeState, unfollow } from "~/models/result-follows.server";
import { markPersonal } from "~/infra/request-state.server";

// Every news e-mail's way out (decision 069): opening the link only asks; the button, or a mail
// client's one-click POST (RFC 8058, List-Unsubscribe-Post), ends the follow.
export async function loader({ params, context }: Route.LoaderArgs) {
  markPersonal();
  const state = await followUnsubscribeState(context, params.token);
  return data({ state }, { status: state === "invalid" ? 400 : 200 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const state = await unfollow(context, params.token);
  return data({ state, done: true }, { status: state === "invalid" ? 400 : 200 });
}

export const meta: Route.MetaFunction = ({ matches }) => newsletterMeta(matches, "public.followLinks.unsubscribe.metaTitle");

export default function Unfollow({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <WayOutNotice
      texts="public.followLinks.unsubscribe"
      state={state === "invalid" || state === "gone" ? state : "ask"}
      done={!!actionData?.done}
    />
  );
}
