import { ADMIN_HOME } from "~/domain/admin-screens-public";
import { isRouteErrorResponse, Link } from "react-router";
import { paths } from "~/lib/routes";
import { cn } from "~/lib/utils";

const linkClass = "font-semibold text-brand-dark underline underline-offset-4";

/** The not-found wording (spec §2: in English, 'Oops! Page not found', with a link home), with a
 * Catalan line under it for the people the site speaks to: the catch-all route, and any page that
 * answers 404. */
export function NotFoundContent({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-4 bg-brand-soft p-6 text-center", className)}>
      <h1 className="text-6xl font-extrabold text-brand-dark">404</h1>
      <p lang="en" className="text-xl">
        Oops! Page not found
      </p>
      <p className="max-w-md">No hem trobat aquesta pàgina. Potser l'adreça ha canviat o no està ben escrita.</p>
      <Link lang="en" to="/" className={linkClass}>
        Return to Home
      </Link>
      <p className="text-sm">
        També pots{" "}
        <Link to={paths.participa} className={linkClass}>
          dir la teva sobre el pla
        </Link>{" "}
        o veure{" "}
        <Link to={paths.aportacions} className={linkClass}>
          totes les aportacions
        </Link>
        .
      </p>
    </div>
  );
}

export const UNEXPECTED_ERROR = "Hi ha hagut un error inesperat";
/** A 503: the site is being updated or restarted (server/unavailable.ts says the same). */
export const UNAVAILABLE = "El web no està disponible en aquest moment";
export const UNAVAILABLE_TEXT = "Estem actualitzant el web. Torna-ho a provar d'aquí a un moment.";
/** What a page that fails to load the landing says (spec: 'No s'ha pogut carregar la landing page'). */
export const LANDING_LOAD_ERROR = "No s'ha pogut carregar la landing page";
/** The texts the app's own 5xx answers carry, shown as the page's heading. Any other text (a
 * proxy's 'Service Unavailable', an HTML page) is not the site's to show. */
const OWN_ERROR_TEXTS = new Set([LANDING_LOAD_ERROR]);

/** What an error page says: the not-found page for a 404; the text a 5xx response of the app's
 * own carries (the landing's 'No s'ha pogut carregar la landing page'); 'not available' for any
 * other 503 (a deploy, a restart); otherwise a general message, always in Catalan. Anything but an answer the app chose to give is logged in the browser's console. */
export function ErrorContent({ error, className }: { error: unknown; className?: string }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent className={className} />;
  // A back-office page the account's role may not use (decision 032).
  if (isRouteErrorResponse(error) && error.status === 403)
    return (
      <div className={cn("mx-auto flex max-w-xl flex-col items-center justify-center gap-4 p-6 text-center", className)}>
        <h1 className="text-3xl font-bold text-brand-dark">No tens permís</h1>
        <p>El teu rol no permet obrir aquesta pàgina del backoffice. Si la necessites, demana-ho a un administrador.</p>
        <Link to={ADMIN_HOME} className={linkClass}>
          Torna al tauler
        </Link>
      </div>
    );
  // A request the site refuses (a form posted where there is none: 405) is the client's doing:
  // said as such, and not logged, so bad traffic cannot flood the log with stack traces.
  const refused = isRouteErrorResponse(error) && error.status < 500;
  const told =
    isRouteErrorResponse(error) && error.status >= 500 && typeof error.data === "string" && OWN_ERROR_TEXTS.has(error.data.trim())
      ? error.data.trim()
      : isRouteErrorResponse(error) && error.status === 503
        ? UNAVAILABLE
        : "";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className={cn("mx-auto flex max-w-xl flex-col items-center justify-center gap-4 p-6 text-center", className)}>
      <h1 className="text-3xl font-bold text-brand-dark">{refused ? "Petició no vàlida" : told || UNEXPECTED_ERROR}</h1>
      <p>
        {refused
          ? "Aquesta pàgina no pot respondre aquesta petició."
          : told === UNAVAILABLE
            ? UNAVAILABLE_TEXT
            : "Torna-ho a provar d'aquí a una estona."}
      </p>
      <Link to="/" className={linkClass}>
        Torna a l'inici
      </Link>
    </div>
  );
}
