import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/shell";
import { Button } from "~/components/ui/button";
import { paths } from "~/lib/routes";
import { requireAdmin } from "~/lib/session.server";
import { cn } from "~/lib/utils";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, context);
  return { email: user.email };
}

const NAV = [
  ["Dashboard", "/admin/dashboard"],
  ["Testimonis", "/admin/testimonials"],
  ["Reflexions", "/admin/reflections"],
  ["Comentaris Mapa", "/admin/map-comments"],
  ["Landing Pages", "/admin/landings"],
  ["Activitats", "/admin/activities"],
  ["Vídeos", "/admin/videos"],
  ["Recursos", "/admin/resources"],
  ["Fons Home", "/admin/home-background"],
  ["Vivi (Bici Fúcsia)", "/admin/bici-fucsia"],
  ["Footer", "/admin/footer"],
] as const;

export default function AdminShell({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh bg-ink/[0.03]">
      <header className="border-b border-ink/10 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-lg font-extrabold text-brand-dark">Al Penedès, la bici ens mou!</p>
          <div className="flex items-center gap-3 text-sm">
            <span>{loaderData.email}</span>
            <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-bold text-brand-dark">Admin</span>
            <Form method="post" action={paths.adminLogout}>
              <Button type="submit" variant="outline" size="sm">
                Sortir
              </Button>
            </Form>
          </div>
        </div>
        <nav aria-label="Navegació del backoffice" className="mx-auto max-w-7xl overflow-x-auto px-4">
          <ul className="flex gap-1 pb-2">
            {NAV.map(([label, to]) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      "block rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap hover:bg-brand-soft",
                      isActive && "bg-brand text-white hover:bg-brand-dark",
                    )
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
