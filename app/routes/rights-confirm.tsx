import { data } from "react-router";
import type { Route } from "./+types/rights-confirm";
import { ConfirmNotice, confirmStatus } from "~/components/newsletter-notice";
import { metaContext, useLocale } from "~/i18n/react";
import { formatLongDate } from "~/lib/dates";
import { localePaths } from "~/lib/routes";
import { pageTitle, seoFor } from "~/lib/seo";
import { confirmRightsRequest, rightsConfirmationState } from "~/models/rights.server";
import { markPersonal } from "~/infra/request-state.server";

// The link of a rights request's e-mail (decision 072). Opening it only asks (mail gateways open
// every link); the button confirms, by POST, and the request enters the staff queue with the day its
// answer is due. The page depends on the token in its address: never kept by the page cache.
export async function loader({ params, context }: Route.LoaderArgs) {
  markPersonal();
  const outcome = await rightsConfirmationState(context, params.token);
  return data({ outcome }, { status: confirmStatus(outcome) });
}

export async function action({ params, context }: Route.ActionArgs) {
  const { outcome, reference, dueOn } = await confirmRightsRequest(context, params.token);
  return data({ outcome, reference, dueOn, done: true }, { status: confirmStatus(outcome) });
}

/** Kept out of search results, with the form's page as its own address (no token in og:url). */
export const meta: Route.MetaFunction = ({ matches }) => {
  const { publicUrl, t, locale } = metaContext(matches);
  return seoFor(localePaths(locale).rightsRequest, publicUrl, t, { title: pageTitle(t("public.rightsConfirm.metaTitle")) });
};

export default function ConfirmRights({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  return (
    <ConfirmNotice
      texts="public.rightsConfirm"
      outcome={actionData?.outcome ?? loaderData.outcome}
      done={!!actionData}
      values={{ reference: actionData?.reference ?? "", due: actionData?.dueOn ? formatLongDate(actionData.dueOn, locale) : "" }}
    />
  );
}
