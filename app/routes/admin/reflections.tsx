import type { Route } from "./+types/reflections";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminReflections() {
  return <h1 className="text-2xl font-extrabold">Reflexions</h1>;
}
