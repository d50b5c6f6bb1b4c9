import type { Route } from "./+types/bici-fucsia";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminBiciFucsia() {
  return <h1 className="text-2xl font-extrabold">Gestió Fotos Vivi</h1>;
}
