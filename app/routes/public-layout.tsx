import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/public-layout";
import { CookieBanner } from "~/components/cookie-banner";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { getFooter } from "~/lib/content.server";
import { getAdminSession } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [footer, session] = await Promise.all([getFooter(context.db), getAdminSession(request, context)]);
  return { footer, isAdmin: session !== null };
}

function useScrollToTopOnRouteChange() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash]);
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  useScrollToTopOnRouteChange();
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
      <CookieBanner />
    </>
  );
}
