import { data, Form } from "react-router";
import type { Route } from "./+types/confirm";
import { NewsletterNotice, newsletterMeta } from "~/components/newsletter-notice";
import { Button } from "~/components/ui/button";
import type { ClientKey } from "~/i18n/catalogue";
import { useT } from "~/i18n/react";
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

/** What each outcome says: public.newsletterLinks.confirm.<outcome>.title and .text. */
const TEXTS = {
  confirmed: ["public.newsletterLinks.confirm.confirmed.title", "public.newsletterLinks.confirm.confirmed.text"],
  already: ["public.newsletterLinks.confirm.already.title", "public.newsletterLinks.confirm.already.text"],
  expired: ["public.newsletterLinks.confirm.expired.title", "public.newsletterLinks.confirm.expired.text"],
  gone: ["public.newsletterLinks.confirm.gone.title", "public.newsletterLinks.confirm.gone.text"],
  invalid: ["public.newsletterLinks.confirm.invalid.title", "public.newsletterLinks.confirm.invalid.text"],
} as const satisfies Record<ConfirmOutcome, readonly [ClientKey, ClientKey]>;

export const meta: Route.MetaFunction = ({ matches }) => newsletterMeta(matches, "public.newsletterLinks.confirm.metaTitle");

export default function ConfirmNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.outcome;
  const t = useT();
  if (outcome === "pending") {
    return (
      <NewsletterNotice title={t("public.newsletterLinks.confirm.ask.title")}>
        <p className="text-lg">{t("public.newsletterLinks.confirm.ask.text")}</p>
        <Form method="post">
          <Button type="submit" size="lg">
            {t("public.newsletterLinks.confirm.button")}
          </Button>
        </Form>
      </NewsletterNotice>
    );
  }
  const [title, text] = TEXTS[outcome];
  return (
    <NewsletterNotice title={t(title)}>
      <p className="text-lg" role={actionData ? "status" : undefined}>
        {t(text)}
      </p>
    </NewsletterNotice>
  );
}
