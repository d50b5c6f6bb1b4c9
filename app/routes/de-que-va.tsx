import { PageIntro } from "~/components/page-intro";

export default function Initiative() {
  return (
    <PageIntro title="De què va?">
      <p>El pla director de la bicicleta del Penedès 2025-2035 vol fer de la bici una manera fàcil i segura de moure's pel territori.</p>
    </PageIntro>
  );
}
