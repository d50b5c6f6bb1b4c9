import type { Route } from "./+types/testimonial";
import { FormPage } from "~/components/participation/shared";
import { TestimonialUploadForm } from "~/components/participation/testimonial-upload-form";
import { createTestimonial, respond } from "~/models/participation.server";
import { keepFormOnFailure } from "~/lib/public-action";
import { UNREACHABLE } from "~/lib/participation-texts";

// Recordings and uploads post here. Without JavaScript this page offers the upload form.
export async function action({ request, context }: Route.ActionArgs) {
  return respond(await createTestimonial(request, context));
}

// In the browser: a send that fails to arrive keeps the form and shows its failure in place.
export const clientAction = keepFormOnFailure(UNREACHABLE.testimonial);

export default function TestimonialPage({ actionData }: Route.ComponentProps) {
  return (
    <FormPage
      title="Envia el teu testimoni"
      description="Puja un àudio d'un minut com a màxim (mp3, wav, webm, ogg o m4a). L'equip el revisarà abans de publicar-lo."
    >
      <TestimonialUploadForm result={actionData} />
    </FormPage>
  );
}
