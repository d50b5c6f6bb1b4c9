import { data, Form } from "react-router";
import type { Route } from "./+types/rights-confirm";
import { NewsletterNotice } from "~/components/newsletter-notice";
import { Button } from "~/components/ui/button";
import type { ClientKey } from "~/i18n/catalogue";
import { metaContext, useLocale, useT } from "~/i18n/react";
import { formatLongDate } from "~/lib/dates";
import { localePaths } from "~/lib/routes";
import { pageTitle, seoFor } from "~/lib/seo";
import { confirmRightsRequest, rightsConfirmationState, type RightsConfirmOutcome } from "~/models/rights.server";
import { markPersonal } from "~/infra/request-state.server";

// The link of a rights request's e-mail (decision 072). Opening it only asks (mail gateways open
// every link); the button confirms, by POST, and the request enters the staff queue with the day its
// answer is due. The page depends on the token in its address: never kept by the page cache.
const statusOf = (outcome: RightsConfirmOutcome | "pending") =>
  outcome === "invalid" ? 400 : outcome === "expired" || outcome === "gone" ? 410 : 200;

export async function loader({ params, context }: Route.LoaderArgs) {
  markPersonal();
  const outcome = await rightsConfirmationState(context, params.token);
  return data({ outcome }, { status: statusOf(outcome) });
}

export async function action({ params, context }: Route.ActionArgs) {
  const { outcome, reference, dueOn } = await confirmRightsRequest(context, params.token);
  return data({ outcome, reference, dueOn, done: true }, { status: statusOf(outcome) });
}

const TEXTS = {
  confirmed: ["public.rightsConfirm.confirmed.title", "public.rightsConfirm.confirmed.text"],
  already: ["public.rightsConfirm.already.title", "public.rightsConfirm.already.text"],
  expired: ["public.rightsConfirm.expired.title", "public.rightsConfirm.expired.text"],
  gone: ["public.rightsConfirm.gone.title", "public.rightsConfirm.gone.text"],
  invalid: ["public.rightsConfirm.invalid.title", "public.rightsConfirm.invalid.text"],
} as const satisfies Record<RightsConfirmOutcome, readonly [ClientKey, ClientKey]>;

/** Kept out of search results, with the form's page as its own address (no token in og:url). */
export const meta: Route.MetaFunction = ({ matches }) => {
  const { publicUrl, t, locale } = metaContext(matches);
  return seoFor(localePaths(locale).rightsRequest, publicUrl, t, { title: pageTitle(t("public.rightsConfirm.metaTitle")) });
};

export default function ConfirmRights({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.outcome;
  const t = useT();
  const locale = useLocale();
  if (outcome === "pending") {
    return (
      <NewsletterNotice title={t("public.rightsConfirm.ask.title")}>
        <p className="text-lg">{t("public.rightsConfirm.ask.text")}</p>
        <Form method="post">
          <Button type="submit" size="lg">
            {t("public.rightsConfirm.button")}
          </Button>
        </Form>
      </NewsletterNotice>
    );
  }
  const [title, text] = TEXTS[outcome];
  return (
    <NewsletterNotice title={t(title)}>
      <p className="text-lg" role={actionData ? "status" : undefined}>
        {t(text, {
          reference: actionData?.reference ?? "",
          due: actionData?.dueOn ? formatLongDate(actionData.dueOn, locale) : "",
        })}
      </p>
    </NewsletterNotice>
  );
}
