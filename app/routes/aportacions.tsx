import { PageIntro } from "~/components/page-intro";

export default function Aportacions() {
  return (
    <PageIntro title="Totes les Aportacions">
      <p>Les aportacions de la ciutadania apareixeran aquí.</p>
    </PageIntro>
  );
}
