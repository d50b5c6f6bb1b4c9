import type { Route } from "./+types/videos";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminVideos() {
  return <h1 className="text-2xl font-extrabold">Gestió de Vídeos</h1>;
}
