import type { ReactNode } from "react";
import { Outlet, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/public-layout";
import { CookieGate } from "~/components/cookie-gate";
import { ErrorContent } from "~/components/error-content";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { getFooter, publicRead } from "~/models/content.server";
import { hasPublicResults } from "~/models/results.server";
import { anyPublishedAnswer } from "~/models/answers.server";
import { DEFAULT_FOOTER, type PublicFooter } from "~/lib/footer";
import { readParticipationSettings } from "~/models/moderation.server";
import { DEFAULT_PARTICIPATION, participationState } from "~/lib/participation-state";
import { getAdminSession } from "~/infra/session.server";
import { useT } from "~/i18n/react";
import { localeOf } from "~/i18n/locales";

// Every new page starts at the top: <ScrollRestoration> in root.tsx jumps to the top on each
// navigation (and back to where you were on Back). Links to a section of the home page
// (/#agenda, /#ambits) scroll there smoothly themselves (components/section-link.tsx).

export async function loader({ request, context }: Route.LoaderArgs) {
  // A database hiccup while looking up a signed-in admin's session shows the page as to anyone.
  const [footer, session, participation, heard, tracker] = await Promise.all([
    getFooter(context.db, localeOf(new URL(request.url).pathname)),
    publicRead("admin session", () => getAdminSession(request, context), null),
    // Never the word filter's list: only whether participation is open, its dates and the mode.
    publicRead(
      "participation settings",
      async () => {
        const { consultation, moderation } = await readParticipationSettings(context.db);
        // Its dates are written in the page's language.
        return participationState(consultation, moderation.mode, Date.now(), localeOf(new URL(request.url).pathname));
      },
      DEFAULT_PARTICIPATION,
    ),
    // The header links to the council's report once an answer is published (issue 31), and to the
    // plan's tracker once a result is public (issue 35).
    publicRead("published answers", () => anyPublishedAnswer(context.db), false),
    publicRead("public results", () => hasPublicResults(context.db), false),
  ]);
  return { footer, isAdmin: session !== null, participation, heard, tracker };
}

/** What this loader gives is written in the page's language (the deadline's date): a move to another
 * language (the language switch) reads it again, as any other change React Router reloads for. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  localeOf(currentUrl.pathname) !== localeOf(nextUrl.pathname) || defaultShouldRevalidate;

function PublicShell({
  isAdmin,
  heard,
  tracker,
  footer,
  children,
}: {
  isAdmin: boolean;
  heard: boolean;
  tracker: boolean;
  footer: PublicFooter;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <a href="#contingut" className="sr-only z-50 rounded bg-white p-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {t("public.shell.skipToContent")}
      </a>
      <SiteHeader isAdmin={isAdmin} heard={heard} tracker={tracker} />
      <main id="contingut" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter footer={footer} />
      <CookieGate />
    </>
  );
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PublicShell isAdmin={loaderData.isAdmin} heard={loaderData.heard} tracker={loaderData.tracker} footer={loaderData.footer}>
      <Outlet />
    </PublicShell>
  );
}

/** A public page that fails keeps the header and the footer around its error message. The
 * layout's data is there when only the page failed; when the layout's own read failed, the
 * header is the anonymous one and the footer its default. */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <PublicShell
      isAdmin={loaderData?.isAdmin ?? false}
      heard={loaderData?.heard ?? false}
      tracker={loaderData?.tracker ?? false}
      footer={loaderData?.footer ?? DEFAULT_FOOTER}
    >
      <ErrorContent error={error} className="min-h-[50dvh]" />
    </PublicShell>
  );
}
