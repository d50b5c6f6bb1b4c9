import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { paths } from "~/lib/routes";
import { endAllSessions, getAdminSession } from "~/lib/session.server";

export async function action({ request, context }: Route.ActionArgs) {
  const session = await getAdminSession(request, context);
  if (!session) return redirect(paths.adminLogin);
  const cookie = await endAllSessions(context, session.user.id);
  return redirect(paths.adminLogin, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect(paths.adminLogin);
}
