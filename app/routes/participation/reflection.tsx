import type { Route } from "./+types/reflection";
import { REFLECTION_TEXTS } from "~/components/participation/reflection-dialog";
import { ReflectionForm } from "~/components/participation/reflection-form";
import { FormPage } from "~/components/participation/shared";
import { createReflection, respond } from "~/models/participation.server";

// The reflection form posts here; without JavaScript this page is the reflection dialog.
export async function action({ request, context }: Route.ActionArgs) {
  return respond(await createReflection(request, context));
}

export default function ReflectionPage({ actionData }: Route.ComponentProps) {
  return (
    <FormPage {...REFLECTION_TEXTS}>
      <ReflectionForm result={actionData} />
    </FormPage>
  );
}
