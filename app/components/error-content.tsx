import { ADMIN_HOME } from "~/domain/admin-screens-public";
import { isRouteErrorResponse, Link } from "react-router";
import { RichText, useLocale, useT } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { cn } from "~/lib/utils";

const linkClass = "font-semibold text-brand-dark underline underline-offset-4";

/** The not-found wording (spec §2: in English, 'Oops! Page not found', with a link home), with a
 * line under it in the page's language for the people the site speaks to: the catch-all route,
 * and any page that answers 404. */
export function NotFoundContent({ className }: { className?: string }) {
  const t = useT();
  const paths = localePaths(useLocale());
  return (
    <div className={cn("flex flex-col items-center justify-center gap-4 bg-brand-soft p-6 text-center", className)}>
      <h1 className="text-6xl font-extrabold text-brand-dark">404</h1>
      <p lang="en" className="text-xl">
        {t("errors.notFound.title")}
      </p>
      <p className="max-w-md">{t("errors.notFound.text")}</p>
      <Link lang="en" to={paths.home} className={linkClass}>
        {t("errors.notFound.home")}
      </Link>
      <p className="text-sm">
        <RichText
          text={t("errors.notFound.also")}
          parts={{
            participa: (text) => (
              <Link to={paths.participa} className={linkClass}>
                {text}
              </Link>
            ),
            aportacions: (text) => (
              <Link to={paths.aportacions} className={linkClass}>
                {text}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}

/** What a page that fails to load the landing answers (spec: 'No s'ha pogut carregar la landing
 * page'); the error page says it in the page's language. */
export const LANDING_LOAD_ERROR = "No s'ha pogut carregar la landing page";
/** The texts the app's own 5xx answers carry, and the heading each is shown as. Any other text
 * (a proxy's 'Service Unavailable', an HTML page) is not the site's to show. */
const OWN_ERROR_TEXTS: Record<string, "errors.landingLoad.title"> = { [LANDING_LOAD_ERROR]: "errors.landingLoad.title" };

/** What an error page says: the not-found page for a 404; the text a 5xx response of the app's
 * own carries (the landing's 'No s'ha pogut carregar la landing page'); 'not available' for any
 * other 503 (a deploy, a restart); otherwise a general message, in the page's language. Anything
 * but an answer the app chose to give is logged in the browser's console. */
export function ErrorContent({ error, className }: { error: unknown; className?: string }) {
  const t = useT();
  const paths = localePaths(useLocale());
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent className={className} />;
  // A back-office page the account's role may not use (decision 032).
  if (isRouteErrorResponse(error) && error.status === 403)
    return (
      <div className={cn("mx-auto flex max-w-xl flex-col items-center justify-center gap-4 p-6 text-center", className)}>
        <h1 className="text-3xl font-bold text-brand-dark">{t("errors.forbidden.title")}</h1>
        <p>{t("errors.forbidden.text")}</p>
        <Link to={ADMIN_HOME} className={linkClass}>
          {t("errors.forbidden.back")}
        </Link>
      </div>
    );
  // A request the site refuses (a form posted where there is none: 405) is the client's doing:
  // said as such, and not logged, so bad traffic cannot flood the log with stack traces.
  const refused = isRouteErrorResponse(error) && error.status < 500;
  const own =
    isRouteErrorResponse(error) && error.status >= 500 && typeof error.data === "string" ? OWN_ERROR_TEXTS[error.data.trim()] : undefined;
  const unavailable = !own && isRouteErrorResponse(error) && error.status === 503;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className={cn("mx-auto flex max-w-xl flex-col items-center justify-center gap-4 p-6 text-center", className)}>
      <h1 className="text-3xl font-bold text-brand-dark">
        {t(refused ? "errors.refused.title" : (own ?? (unavailable ? "errors.unavailable.title" : "errors.unexpected.title")))}
      </h1>
      <p>{t(refused ? "errors.refused.text" : unavailable ? "errors.unavailable.text" : "errors.unexpected.text")}</p>
      <Link to={paths.home} className={linkClass}>
        {t("errors.backHome")}
      </Link>
    </div>
  );
}
