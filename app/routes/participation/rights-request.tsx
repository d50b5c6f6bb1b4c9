import type { Route } from "./+types/rights-request";
import { RightsRequestForm } from "~/components/participation/rights-request-form";
import { FormPage, useSay } from "~/components/participation/shared";
import { createRightsRequest, respond } from "~/models/participation.server";
import { keepFormOnFailure } from "~/lib/public-action";
import { UNREACHABLE } from "~/lib/participation-texts";

// The legal notice links here (issue 34, decision 072): a person asks to see or erase their data;
// the e-mail sent to the address confirms it before staff see it.
export async function action({ request, context }: Route.ActionArgs) {
  return respond(await createRightsRequest(request, context));
}

// In the browser: a send that fails to arrive keeps the form and shows its failure in place.
export const clientAction = keepFormOnFailure(UNREACHABLE.rightsRequest);

export default function RightsRequestPage({ actionData }: Route.ComponentProps) {
  const say = useSay();
  return (
    <FormPage title={say("forms.rightsRequest.title")} description={say("forms.rightsRequest.lead")}>
      <RightsRequestForm result={actionData} />
    </FormPage>
  );
}
