import type { Route } from "./+types/activities";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminActivities() {
  return <h1 className="text-2xl font-extrabold">Gestió d'Activitats</h1>;
}
