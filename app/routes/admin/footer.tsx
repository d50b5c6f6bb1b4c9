import type { Route } from "./+types/footer";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminFooter() {
  return <h1 className="text-2xl font-extrabold">Gestió del Footer</h1>;
}
