import type { Route } from "./+types/home-background";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminHomeBackground() {
  return <h1 className="text-2xl font-extrabold">Fons de la Home</h1>;
}
