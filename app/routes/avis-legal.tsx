import { PageIntro } from "~/components/page-intro";

export default function LegalNotice() {
  return (
    <PageIntro title="Avís legal i privacitat">
      <p>
        El responsable del tractament és el Consell Comarcal del Penedès. Pots exercir els teus drets d'accés, rectificació, supressió,
        oposició, limitació i portabilitat. Et respondrem en el termini d'un mes, prorrogable dos mesos més, i pots presentar una reclamació
        davant l'Autoritat Catalana de Protecció de Dades.
      </p>
    </PageIntro>
  );
}
