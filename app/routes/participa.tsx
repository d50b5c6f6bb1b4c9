import { PageIntro } from "~/components/page-intro";

export default function Participa() {
  return (
    <PageIntro title="Digues la teva">
      <p>Pots participar fins al desembre de 2025.</p>
    </PageIntro>
  );
}
