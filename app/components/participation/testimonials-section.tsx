import type { ComponentProps } from "react";
import { TestimonialDialog } from "./testimonial-dialog";
import { TestimonialsGallery } from "./testimonials-gallery";

/** /testimonis: 'Envia el teu testimoni' and the grid of approved testimonials. */
export function TestimonialsSection(props: ComponentProps<typeof TestimonialsGallery>) {
  return (
    <>
      <div className="mx-auto max-w-6xl px-4">
        <TestimonialDialog />
      </div>
      <TestimonialsGallery {...props} />
    </>
  );
}
