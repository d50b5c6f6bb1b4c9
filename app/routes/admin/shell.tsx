import { Loader2, Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, NavLink, Outlet, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/shell";
import { RowActionToasts } from "~/components/admin/admin-ui";
import { Button } from "~/components/ui/button";
import { paths } from "~/lib/routes";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";

export { loader } from "./shell.server";

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const NAV = [
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
  ["Mapa i qüestionari", "/admin/settings"],
] as const;

export default function AdminShell({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const loading = navigation.state === "loading" && navigation.location.pathname !== location.pathname;

  useEffect(() => {
    if (loaderData.welcome) toast.success("Benvingut!");
  }, [loaderData.welcome]);

  return (
    <div className="min-h-dvh bg-ink/[0.03]">
      <header className="border-b border-ink/10 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-lg font-extrabold text-brand-dark">Al Penedès, la bici ens mou!</p>
          <div className="flex items-center gap-3 text-sm">
            <span className="max-w-[40vw] truncate sm:max-w-none">{loaderData.email}</span>
            <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-bold text-brand-dark">Admin</span>
            <Form method="post" action={paths.adminLogout}>
              <Button type="submit" variant="outline" size="sm">
                Sortir
              </Button>
            </Form>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="md:hidden"
              aria-expanded={menuOpen}
              aria-controls="admin-nav"
              onClick={() => setMenuOpen((o) => !o)}
            >
              {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
              Menú
            </Button>
          </div>
        </div>
        <nav
          id="admin-nav"
          aria-label="Navegació del backoffice"
          className={cn("mx-auto max-w-7xl px-4 md:block md:overflow-x-auto", menuOpen ? "block" : "hidden")}
        >
          <ul className="flex flex-col gap-1 pb-2 md:flex-row">
            {NAV.map(([label, to]) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={() => setMenuOpen(false)}
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
      <main className="mx-auto max-w-7xl px-4 py-8" aria-busy={loading || undefined}>
        {loading && (
          <p role="status" className="mb-4 flex items-center gap-2 text-sm text-ink/80">
            <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            Carregant...
          </p>
        )}
        <RowActionToasts />
        <Outlet />
      </main>
    </div>
  );
}
