import { LegalPage } from "~/components/site/legal-page";
import { Button } from "~/components/ui/button";
import { resetConsent } from "~/lib/cookie-consent";

const COOKIES = [
  [
    "Necessàries",
    "Fan funcionar el web: la teva elecció de cookies i, per al personal del Consell, la sessió.",
    "De sessió o fins a 30 dies",
  ],
  ["Funcionals", "Recorden les teves preferències.", "Fins a 1 any"],
  ["Analítiques", "Ens ajuden a entendre com es fa servir el web, de manera agregada.", "Fins a 2 anys"],
] as const;

export default function CookiePolicy() {
  return (
    <LegalPage title="Política de cookies" updated="Última actualització: setembre de 2025">
      <h2>Què són les cookies?</h2>
      <p>
        Les cookies (galetes) són petits fitxers que el web desa al teu navegador. Algunes són imprescindibles perquè el web funcioni; les
        altres només les fem servir si ho acceptes.
      </p>
      <h2>Quines cookies fem servir</h2>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Tipus de cookies, finalitat i durada</caption>
        <thead>
          <tr className="border-b border-ink/20">
            {["Tipus", "Finalitat", "Durada"].map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-4 last:pr-0">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COOKIES.map(([type, purpose, duration]) => (
            <tr key={type} className="border-b border-ink/10 align-top">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {type}
              </th>
              <td className="py-2 pr-4">{purpose}</td>
              <td className="py-2">{duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Com canviar la teva elecció</h2>
      <p>Pots tornar a triar quan vulguis: esborrarem la teva elecció i tornarà a aparèixer l'avís de cookies.</p>
      <Button className="mt-4" onClick={resetConsent}>
        Configurar Cookies
      </Button>
    </LegalPage>
  );
}
