import { data, Form } from "react-router";
import type { Route } from "./+types/confirm";
import { NewsletterNotice, newsletterMeta } from "~/components/newsletter-notice";
import { Button } from "~/components/ui/button";
import type { ClientKey } from "~/i18n/catalogue";
import { useT } from "~/i18n/react";
import { confirmFollow, followConfirmState, type FollowConfirmState } from "~/models/result-follows.server";
import { markPersonal } from "~/infra/request-state.server";

// The link of a result follow's confirmation e-mail (decision 069), as the newsletter's (decision
// 023): opening it only asks; the button confirms, by POST. Never kept by the page cache.
type Outcome = FollowConfirmState | "confirmed";
const statusOf = (outcome: Outcome) => (outcome === "invalid" ? 400 : outcome === "expired" || outcome === "gone" ? 410 : 200);

export async function loader({ params, context }: Route.LoaderArgs) {
  markPersonal();
  const outcome: Outcome = await followConfirmState(context, params.token);
  return data({ outcome }, { status: statusOf(outcome) });
}

export async function action({ params, context }: Route.ActionArgs) {
  const outcome: Outcome = await confirmFollow(context, params.token);
  return data({ outcome, done: true }, { status: statusOf(outcome) });
}

const TEXTS = {
  confirmed: ["public.followLinks.confirm.confirmed.title", "public.followLinks.confirm.confirmed.text"],
  already: ["public.followLinks.confirm.already.title", "public.followLinks.confirm.already.text"],
  expired: ["public.followLinks.confirm.expired.title", "public.followLinks.confirm.expired.text"],
  gone: ["public.followLinks.confirm.gone.title", "public.followLinks.confirm.gone.text"],
  invalid: ["public.followLinks.confirm.invalid.title", "public.followLinks.confirm.invalid.text"],
} as const satisfies Record<Exclude<Outcome, "pending">, readonly [ClientKey, ClientKey]>;

export const meta: Route.MetaFunction = ({ matches }) => newsletterMeta(matches, "public.followLinks.confirm.metaTitle");

export default function ConfirmFollow({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.outcome;
  const t = useT();
  if (outcome === "pending") {
    return (
      <NewsletterNotice title={t("public.followLinks.confirm.ask.title")}>
        <p className="text-lg">{t("public.followLinks.confirm.ask.text")}</p>
        <Form method="post">
          <Button type="submit" size="lg">
            {t("public.followLinks.confirm.button")}
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
