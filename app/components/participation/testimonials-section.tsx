import { TestimonialDialog } from "./testimonial-dialog";
import { TestimonialsGallery } from "./testimonials-gallery";

/** /testimonis: 'Envia el teu testimoni' and the grid of approved testimonials. */
export function TestimonialsSection() {
  return (
    <>
      <div className="mx-auto max-w-6xl px-4">
        <TestimonialDialog />
      </div>
      <TestimonialsGallery />
    </>
  );
}
