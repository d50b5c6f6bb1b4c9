import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { NewsletterNotice, newsletterMeta } from "~/components/newsletter-notice";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/react";
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
  const t = useT();
  if (state === "invalid") {
    return (
      <NewsletterNotice title={t("public.followLinks.unsubscribe.invalid.title")}>
        <p className="text-lg">{t("public.followLinks.unsubscribe.invalid.text")}</p>
      </NewsletterNotice>
    );
  }
  if (state === "gone") {
    return (
      <NewsletterNotice
        title={t(actionData?.done ? "public.followLinks.unsubscribe.done.title" : "public.followLinks.unsubscribe.gone.title")}
      >
        <p className="text-lg" role={actionData?.done ? "status" : undefined}>
          {t("public.followLinks.unsubscribe.gone.text")}
        </p>
      </NewsletterNotice>
    );
  }
  return (
    <NewsletterNotice title={t("public.followLinks.unsubscribe.ask.title")}>
      <p className="text-lg">{t("public.followLinks.unsubscribe.ask.text")}</p>
      <Form method="post">
        <Button type="submit" size="lg">
          {t("public.followLinks.unsubscribe.button")}
        </Button>
      </Form>
    </NewsletterNotice>
  );
}
