import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { Toaster } from "~/components/ui/sonner";
import { useNonce } from "~/lib/nonce";
import { seoFor } from "~/lib/seo";
import appCssInline from "./app.css?inline";
import appCssUrl from "./app.css?url";

// Production pages carry their stylesheet inline (about 7 KB compressed): no render-blocking
// request before the first paint on a slow phone network. The development server links it, for
// hot reload.
export const links: Route.LinksFunction = () => (import.meta.env.DEV ? [{ rel: "stylesheet", href: appCssUrl }] : []);

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.env.PUBLIC_URL };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => seoFor(location.pathname, loaderData?.publicUrl ?? "");

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="ca">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b0125b" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {!import.meta.env.DEV && (
          // The client renders it empty and keeps the server's text (hydration leaves it alone).
          <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? appCssInline : "" }} />
        )}
      </head>
      <body>
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A request the site refuses (a form posted where there is none: 405) is the client's doing:
  // said as such, and not logged, so bad traffic cannot flood the log with stack traces.
  const [title, text] =
    status === 404
      ? ["Pàgina no trobada", "La pàgina que busques no existeix."]
      : status < 500
        ? ["Petició no vàlida", "Aquesta pàgina no pot respondre aquesta petició."]
        : ["Hi ha hagut un error inesperat", "Torna-ho a provar d'aquí a una estona."];
  if (status >= 500) console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p>{text}</p>
      <a className="font-semibold text-brand-dark underline" href="/">
        Torna a l'inici
      </a>
    </main>
  );
}
