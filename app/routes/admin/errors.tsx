import { Outlet } from "react-router";
import { ErrorContent } from "~/components/error-content";
import type { Route } from "./+types/errors";

// Around every admin route (app/routes.ts, ADMIN_ERRORS): what an admin route throws is shown
// here rather than by the root's error page, so the root's loader, and with it the page's words,
// has run for it (a POST to a screen without an action answered "errors.refused.title", issue 30).
export default function AdminErrors() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main>
      <ErrorContent error={error} className="min-h-dvh" />
    </main>
  );
}
