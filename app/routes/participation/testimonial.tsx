import { data } from "react-router";
import type { Route } from "./+types/testimonial";
import { TestimonialUploadForm } from "~/components/participation/testimonial-upload-form";
import { createTestimonial } from "~/lib/participation.server";

// Recordings and uploads post here. Without JavaScript this page offers the upload form.
export async function action({ request, context }: Route.ActionArgs) {
  const { status, result } = await createTestimonial(request, context);
  return data(result, { status });
}

export default function TestimonialPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark">Envia el teu testimoni</h1>
      <p>Puja un àudio d'un minut com a màxim (mp3, wav, webm, ogg o m4a). L'equip el revisarà abans de publicar-lo.</p>
      <TestimonialUploadForm result={actionData} />
    </div>
  );
}
