import { PageIntro } from "~/components/page-intro";
import { TestimonialsSection } from "~/components/participation/testimonials-section";

export default function Testimonis() {
  return (
    <>
      <PageIntro title="Les veus del territori">
        <p>Escolta què en pensa la gent del Penedès i envia el teu testimoni.</p>
      </PageIntro>
      <TestimonialsSection />
    </>
  );
}
