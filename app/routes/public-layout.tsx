import { Outlet } from "react-router";
import type { Route } from "./+types/public-layout";
import { CookieGate } from "~/components/cookie-gate";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { getFooter, publicRead } from "~/lib/content.server";
import { getAdminSession } from "~/lib/session.server";

// Every new page starts at the top: <ScrollRestoration> in root.tsx scrolls to the top on each
// navigation (and back to where you were on Back), and to the anchor for links like /#agenda.

export async function loader({ request, context }: Route.LoaderArgs) {
  // A database hiccup while looking up a signed-in admin's session shows the page as to anyone.
  const [footer, session] = await Promise.all([
    getFooter(context.db),
    publicRead("admin session", () => getAdminSession(request, context), null),
  ]);
  return { footer, isAdmin: session !== null };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <a href="#contingut" className="sr-only z-50 rounded bg-white p-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Vés al contingut
      </a>
      <SiteHeader isAdmin={loaderData.isAdmin} />
      <main id="contingut" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter footer={loaderData.footer} />
      <CookieGate />
    </>
  );
}
