import type { Route } from "./+types/accessibility-request";
import { AccessibilityRequestForm } from "~/components/participation/accessibility-request-form";
import { FormPage, useSay } from "~/components/participation/shared";
import { createAccessibilityRequest, respond } from "~/models/participation.server";
import { keepFormOnFailure } from "~/lib/public-action";
import { UNREACHABLE } from "~/lib/participation-texts";

// The accessibility statement's form posts here (issue 33); without JavaScript this page answers it
// and serves the form again.
export async function action({ request, context }: Route.ActionArgs) {
  return respond(await createAccessibilityRequest(request, context));
}

// In the browser: a send that fails to arrive keeps the form and shows its failure in place.
export const clientAction = keepFormOnFailure(UNREACHABLE.accessibilityRequest);

export default function AccessibilityRequestPage({ actionData }: Route.ComponentProps) {
  const say = useSay();
  return (
    <FormPage title={say("forms.accessibilityRequest.title")} description={say("forms.accessibilityRequest.lead")}>
      <AccessibilityRequestForm result={actionData} headingLevel="h2" />
    </FormPage>
  );
}
