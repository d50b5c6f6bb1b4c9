import { lazy, Suspense, useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorContent } from "~/components/error-content";
import { FONT_FACES, fontPreload } from "~/lib/fonts";
import { useNonce } from "~/lib/nonce";
import { clientMessages } from "~/i18n/catalogues.server";
import { localeOf } from "~/i18n/locales";
import { I18nProvider, metaContext, type RootData } from "~/i18n/react";
import { seoFor } from "~/lib/seo";
import { useHydrated } from "~/lib/utils";
import appCssInline from "./app.css?inline";
import appCssUrl from "./app.css?url";

// Production pages carry their stylesheet inline (about 7 KB compressed): no render-blocking
// request before the first paint on a slow phone network. The development server links it, for
// hot reload. The typeface's Latin file is preloaded (app/lib/fonts.ts).
export const links: Route.LinksFunction = () => [fontPreload, ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: appCssUrl }] : [])];

// The page's language comes from its address (decision 059): its compiled messages travel once,
// with the first page, and again only when a navigation changes the language.
export function loader({ context, request }: Route.LoaderArgs): RootData {
  const pathname = new URL(request.url).pathname;
  const locale = pathname === "/admin" || pathname.startsWith("/admin/") ? "ca" : localeOf(pathname);
  return { publicUrl: context.env.PUBLIC_URL, locale, messages: clientMessages(locale) };
}

// The public URL never changes while the server runs, so navigations within one language leave
// this loader out: a page whose data cannot be fetched (a phone that loses its connection) then
// fails below the public layout, whose error page keeps the header and the footer.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  localeOf(currentUrl.pathname) !== localeOf(nextUrl.pathname);

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const { publicUrl, t } = metaContext(matches);
  return seoFor(location.pathname, publicUrl, t);
};

declare global {
  interface Window {
    /** Set by the hydration script (app/infra/html-stream.server.ts). */
    __pressedEarly?: EventTarget | null;
  }
}

const NO_MESSAGES = {};

const Toaster = lazy(() => import("~/components/ui/sonner"));

/** The toasts' container, mounted once the page has hydrated (see ~/lib/toast). */
function DeferredToaster() {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce() || undefined;
  const data = useRouteLoaderData<typeof loader>("root");
  const pathLocale = localeOf(useLocation().pathname);
  const locale = data?.locale ?? pathLocale;
  // Hydration waits for the page to load (decision 014): <html data-hydrated> says it is done, for
  // the end-to-end tests and anyone measuring the page. A button pressed before (a dialog's, the
  // menu's: they need the scripts) is pressed again now.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    const pressed = window.__pressedEarly;
    delete window.__pressedEarly;
    const button = pressed instanceof Element ? pressed.closest("button") : null;
    // (A button of a form did its work without scripts: the form was sent.)
    if (button && (button.type === "button" || !button.form) && button.isConnected && !button.disabled) button.click();
  }, []);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b0125b" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {import.meta.env.DEV ? (
          <style dangerouslySetInnerHTML={{ __html: FONT_FACES }} />
        ) : (
          // The client renders it empty and keeps the server's text (hydration leaves it alone).
          <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? FONT_FACES + appCssInline : "" }} />
        )}
      </head>
      <body>
        <I18nProvider locale={locale} messages={data?.messages ?? NO_MESSAGES}>
          {children}
        </I18nProvider>
        <DeferredToaster />
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
  return (
    <main>
      <ErrorContent error={error} className="min-h-dvh" />
    </main>
  );
}
