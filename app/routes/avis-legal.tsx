import { useLocation } from "react-router";
import { LegalPage } from "~/components/site/legal-page";

export default function LegalNotice() {
  const privacyOnly = useLocation().pathname.startsWith("/politica-privacitat");
  return (
    <LegalPage title={privacyOnly ? "Política de privacitat" : "Avís legal i privacitat"}>
      {!privacyOnly && (
        <>
          <h2>Titular del web</h2>
          <p>
            Aquest web és titularitat del Consell Comarcal del Penedès, administració pública responsable de la campanya «Al Penedès, la
            bici ens mou!» i del Pla director de la bicicleta 2025-2035. El desenvolupament tècnic del web l'ha fet una empresa
            especialitzada en mobilitat per encàrrec del Consell.
          </p>
          <h2>Condicions d'ús</h2>
          <p>
            Les aportacions que hi publiquis han de ser respectuoses. El Consell pot no publicar o retirar els continguts que vulnerin drets
            de tercers o que no tinguin relació amb la consulta.
          </p>
        </>
      )}
      <h2>Responsable del tractament de dades</h2>
      <p>El responsable del tractament de les dades personals és el Consell Comarcal del Penedès.</p>
      <h2>Quines dades tractem i per a què</h2>
      <ul>
        <li>Les aportacions (reflexions, comentaris al mapa i testimonis d'àudio), per elaborar el pla director.</li>
        <li>El correu electrònic, només si ens el dones, per respondre't o, si ho acceptes, per enviar-te la newsletter de la campanya.</li>
      </ul>
      <p>
        No publiquem mai cap adreça de correu electrònic. Les dades es conserven mentre duri el procés participatiu i l'elaboració del pla.
      </p>
      <h2>Els teus drets</h2>
      <p>
        Pots exercir els drets d'accés, rectificació, supressió, oposició, limitació del tractament i portabilitat adreçant-te al Consell
        Comarcal. Et respondrem en el termini d'<strong>un mes</strong>, que es pot prorrogar <strong>dos mesos més</strong> si la
        complexitat de la sol·licitud ho requereix.
      </p>
      <p>
        Si consideres que no hem atès correctament els teus drets, pots presentar una reclamació davant l'Autoritat Catalana de Protecció de
        Dades.
      </p>
    </LegalPage>
  );
}
