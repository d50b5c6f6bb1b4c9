import { isRouteErrorResponse, Link } from "react-router";
import { cn } from "~/lib/utils";

const linkClass = "font-semibold text-brand-dark underline underline-offset-4";

/** The not-found wording (spec §2: in English, 'Oops! Page not found', with a link home): the
 * catch-all route, and any page that answers 404. */
export function NotFoundContent({ className }: { className?: string }) {
  return (
    <div lang="en" className={cn("flex flex-col items-center justify-center gap-4 bg-brand-soft p-6 text-center", className)}>
      <h1 className="text-6xl font-extrabold text-brand-dark">404</h1>
      <p className="text-xl">Oops! Page not found</p>
      <Link to="/" className={linkClass}>
        Return to Home
      </Link>
    </div>
  );
}

export const UNEXPECTED_ERROR = "Hi ha hagut un error inesperat";

/** What an error page says: the not-found page for a 404; the text a 5xx response carries when
 * it has one (the landing's 'No s'ha pogut carregar la landing page'); otherwise a general
 * message. Anything but an answer the app chose to give is logged in the browser's console. */
export function ErrorContent({ error, className }: { error: unknown; className?: string }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent className={className} />;
  // A back-office page the account's role may not use (decision 032).
  if (isRouteErrorResponse(error) && error.status === 403)
    return (
      <div className={cn("mx-auto flex max-w-xl flex-col items-center justify-center gap-4 p-6 text-center", className)}>
        <h1 className="text-3xl font-bold text-brand-dark">No tens permís</h1>
        <p>El teu rol no permet obrir aquesta pàgina del backoffice. Si la necessites, demana-ho a un administrador.</p>
        <Link to="/admin/dashboard" className={linkClass}>
          Torna al tauler
        </Link>
      </div>
    );
  // A request the site refuses (a form posted where there is none: 405) is the client's doing:
  // said as such, and not logged, so bad traffic cannot flood the log with stack traces.
  const refused = isRouteErrorResponse(error) && error.status < 500;
  const told = isRouteErrorResponse(error) && error.status >= 500 && typeof error.data === "string" ? error.data.trim() : "";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className={cn("mx-auto flex max-w-xl flex-col items-center justify-center gap-4 p-6 text-center", className)}>
      <h1 className="text-3xl font-bold text-brand-dark">{refused ? "Petició no vàlida" : told || UNEXPECTED_ERROR}</h1>
      <p>{refused ? "Aquesta pàgina no pot respondre aquesta petició." : "Torna-ho a provar d'aquí a una estona."}</p>
      <Link to="/" className={linkClass}>
        Torna a l'inici
      </Link>
    </div>
  );
}
