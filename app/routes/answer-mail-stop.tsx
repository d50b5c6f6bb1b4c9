import { data } from "react-router";
import type { Route } from "./+types/answer-mail-stop";
import { newsletterMeta, WayOutNotice } from "~/components/newsletter-notice";
import { answerMailStopState, stopAnswerMails } from "~/models/answer-mail.server";
import { markPersonal } from "~/infra/request-state.server";

// The council's answer e-mails' way out (decision 078): opening the link only asks; the button, or
// a mail client's one-click POST (List-Unsubscribe-Post), withdraws the consent to hear back.
export async function loader({ params, context }: Route.LoaderArgs) {
  markPersonal();
  const state = await answerMailStopState(context, params.token);
  return data({ state }, { status: state === "invalid" ? 400 : 200 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const state = await stopAnswerMails(context, params.token);
  return data({ state, done: true }, { status: state === "invalid" ? 400 : 200 });
}

export const meta: Route.MetaFunction = ({ matches }) => newsletterMeta(matches, "public.answerLinks.unsubscribe.metaTitle");

export default function StopAnswerMails({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return <WayOutNotice texts="public.answerLinks.unsubscribe" state={state === "receiving" ? "ask" : state} done={!!actionData?.done} />;
}
