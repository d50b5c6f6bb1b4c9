import { PageIntro } from "~/components/page-intro";

export default function SegueixLaVivi() {
  return (
    <PageIntro title="Segueix la Vivi!">
      <p>Descobreix les aventures de la nostra bici pel territori del Penedès</p>
    </PageIntro>
  );
}
