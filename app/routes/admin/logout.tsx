import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { paths } from "~/lib/routes";
import { setFlash } from "~/lib/flash.server";
import { endAllSessions, getAdminSession } from "~/lib/session.server";

export async function action({ request, context }: Route.ActionArgs) {
  const session = await getAdminSession(request, context);
  if (!session) return redirect(paths.adminLogin);
  const cookie = await endAllSessions(context, session.user.id);
  const headers = new Headers();
  headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash(context, "signed-out"));
  return redirect(paths.adminLogin, { headers });
}

export function loader() {
  return redirect(paths.adminLogin);
}
