import { data } from "react-router";
import type { Route } from "./+types/reflection";
import { ReflectionForm } from "~/components/participation/reflection-form";
import { createReflection } from "~/lib/participation.server";

// The reflection form posts here; without JavaScript this page is the reflection dialog.
export async function action({ request, context }: Route.ActionArgs) {
  const { status, result } = await createReflection(request, context);
  return data(result, { status });
}

export default function ReflectionPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark">Escriu una reflexió</h1>
      <p>Explica'ns què en penses. El nom i el correu són opcionals.</p>
      <ReflectionForm result={actionData} />
    </div>
  );
}
