import type { Route } from "./+types/reflection";
import { useReflectionTexts } from "~/components/participation/reflection-dialog";
import { ReflectionForm } from "~/components/participation/reflection-form";
import { FormPage } from "~/components/participation/shared";
import { createReflection, respond } from "~/models/participation.server";
import { keepFormOnFailure } from "~/lib/public-action";
import { UNREACHABLE } from "~/lib/participation-texts";

// The reflection form posts here; without JavaScript this page is the reflection dialog.
export async function action({ request, context }: Route.ActionArgs) {
  return respond(await createReflection(request, context));
}

// In the browser: a send that fails to arrive keeps the form and shows its failure in place.
export const clientAction = keepFormOnFailure(UNREACHABLE.reflection);

export default function ReflectionPage({ actionData }: Route.ComponentProps) {
  return (
    <FormPage {...useReflectionTexts()}>
      <ReflectionForm result={actionData} />
    </FormPage>
  );
}
