import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { NewsletterNotice, newsletterMeta } from "~/components/newsletter-notice";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/react";
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
  const t = useT();
  if (state === "invalid") {
    return (
      <NewsletterNotice title={t("public.newsletterLinks.unsubscribe.invalid.title")}>
        <p className="text-lg">{t("public.newsletterLinks.unsubscribe.invalid.text")}</p>
      </NewsletterNotice>
    );
  }
  if (state === "gone") {
    return (
      <NewsletterNotice
        title={t(actionData?.done ? "public.newsletterLinks.unsubscribe.done.title" : "public.newsletterLinks.unsubscribe.gone.title")}
      >
        <p className="text-lg" role={actionData?.done ? "status" : undefined}>
          {t("public.newsletterLinks.unsubscribe.gone.text")}
        </p>
      </NewsletterNotice>
    );
  }
  return (
    <NewsletterNotice title={t("public.newsletterLinks.unsubscribe.ask.title")}>
      <p className="text-lg">{t("public.newsletterLinks.unsubscribe.ask.text")}</p>
      <Form method="post">
        <Button type="submit" size="lg">
          {t("public.newsletterLinks.unsubscribe.button")}
        </Button>
      </Form>
    </NewsletterNotice>
  );
}
