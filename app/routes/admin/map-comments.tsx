import type { Route } from "./+types/map-comments";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminMapComments() {
  return <h1 className="text-2xl font-extrabold">Comentaris del Mapa</h1>;
}
