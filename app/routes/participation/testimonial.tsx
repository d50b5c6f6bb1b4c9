import type { Route } from "./+types/testimonial";
import { FormPage } from "~/components/participation/shared";
import { useSay } from "~/components/participation/shared";
import { TestimonialRecorderPanel } from "~/components/participation/testimonial-dialog";
import { TestimonialUploadForm } from "~/components/participation/testimonial-upload-form";
import { useHydrated } from "~/lib/utils";
import { createTestimonial, respond } from "~/models/participation.server";
import { keepFormOnFailure } from "~/lib/public-action";
import { UNREACHABLE } from "~/lib/participation-texts";

// Recordings and uploads post here. Without JavaScript this page offers the upload form; with it,
// what the dialog offers: the recorder, and a file (issue 27). The answer to a form posted without
// JavaScript stays with the upload form that sent it.
export async function action({ request, context }: Route.ActionArgs) {
  return respond(await createTestimonial(request, context));
}

// In the browser: a send that fails to arrive keeps the form and shows its failure in place.
export const clientAction = keepFormOnFailure(UNREACHABLE.testimonial);

export default function TestimonialPage({ actionData }: Route.ComponentProps) {
  const recorder = useHydrated() && !actionData;
  const say = useSay();
  return (
    <FormPage
      title={say("forms.testimonial.title")}
      description={say(recorder ? "forms.testimonial.recorderDescription" : "forms.testimonial.uploadDescription")}
    >
      {recorder ? <TestimonialRecorderPanel /> : <TestimonialUploadForm result={actionData} />}
    </FormPage>
  );
}
