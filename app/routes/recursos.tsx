import { PageIntro } from "~/components/page-intro";

export default function Recursos() {
  return (
    <PageIntro title="Recursos de Campanya">
      <p>Aviat publicarem recursos per compartir</p>
    </PageIntro>
  );
}
