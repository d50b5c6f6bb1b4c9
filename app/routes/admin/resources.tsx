import type { Route } from "./+types/resources";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminResources() {
  return <h1 className="text-2xl font-extrabold">Recursos</h1>;
}
