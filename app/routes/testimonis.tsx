import { PageIntro } from "~/components/page-intro";

export default function Testimonis() {
  return (
    <PageIntro title="Les veus del territori">
      <p>Escolta què en pensa la gent del Penedès i envia el teu testimoni.</p>
    </PageIntro>
  );
}
