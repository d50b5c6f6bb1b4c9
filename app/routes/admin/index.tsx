import { adminPaths } from "~/lib/admin-paths";
import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { getAdminSession } from "~/infra/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getAdminSession(request, context);
  return redirect(session ? adminPaths.adminDashboard : adminPaths.adminLogin);
}
