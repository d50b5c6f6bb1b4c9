import { PageIntro } from "~/components/page-intro";
import { MapDialog } from "~/components/participation/map-dialog";
import { ReflectionDialog } from "~/components/participation/reflection-dialog";

export default function Participa() {
  return (
    <PageIntro title="Digues la teva">
      <p>Pots participar fins al desembre de 2025.</p>
      <MapDialog />
      <ReflectionDialog />
    </PageIntro>
  );
}
