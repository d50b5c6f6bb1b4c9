import { adminPaths } from "~/lib/admin-paths";
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { paths } from "~/lib/routes";
import { setFlash } from "~/infra/flash.server";
import { readForm } from "~/infra/forms.server";
import { endAllSessions, getAdminSession } from "~/infra/session.server";

/** The public header's 'Sortir' returns to the home page (spec §2); the back office's own
 * sign-out ends on the login page with its 'Sessió tancada' notice. The home page is the only
 * other destination accepted, so this is never an open redirect. */
export async function action({ request, context }: Route.ActionArgs) {
  // Read like every form here: bounded and strict (a body promised but never sent is not waited for).
  const form = await readForm(request, context.storage, { maxBytes: 1024 }).then(
    (f) => f.fields,
    () => null,
  );
  const toHome = form?.redirectTo === paths.home;
  const session = await getAdminSession(request, context);
  if (!session) return redirect(toHome ? paths.home : adminPaths.adminLogin);
  const headers = new Headers();
  headers.append("Set-Cookie", await endAllSessions(context, session.user.id));
  if (toHome) return redirect(paths.home, { headers });
  headers.append("Set-Cookie", await setFlash(context, "signed-out"));
  return redirect(adminPaths.adminLogin, { headers });
}

export function loader() {
  return redirect(adminPaths.adminLogin);
}
