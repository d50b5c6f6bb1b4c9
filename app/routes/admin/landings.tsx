import type { Route } from "./+types/landings";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminLandings() {
  return <h1 className="text-2xl font-extrabold">Landing Pages</h1>;
}
