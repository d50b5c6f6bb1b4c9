import { adminPaths } from "~/lib/admin-paths";
import { ChevronDown, CircleUser, Loader2, LogOut, Menu, UserCog } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/shell";
import { RowActionToasts } from "~/components/admin/admin-ui";
import { Button } from "~/components/ui/button";
import { ADMIN_SCREEN_LIST, ADMIN_SCREENS, NAV_GROUPS, type NavGroup } from "~/domain/admin-screens";
import { mayUse, ROLE_LABELS, type AdminRole } from "~/domain/roles";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";

export { loader } from "./shell.server";

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export interface NavEntry {
  label: string;
  to: string;
  /** Its group in the side navigation; none: above the groups (the dashboard). */
  group?: NavGroup;
}

/** Every screen of the back office's side navigation, in the registry's order. */
export const NAV: NavEntry[] = ADMIN_SCREEN_LIST.flatMap(({ path, nav }) =>
  !nav || nav.group === "account" ? [] : [{ label: nav.label, to: path, ...(nav.group ? { group: nav.group } : {}) }],
);

/** The account's own screen, in the header's menu. */
export const ACCOUNT_SCREEN = { label: ADMIN_SCREENS.account.nav.label, to: ADMIN_SCREENS.account.path } as const;

const CAMPAIGN_NAME = "Al Penedès, la bici ens mou!";

/** The queue's link carries the count of what waits for moderation. */
const MODERATION = ADMIN_SCREENS.moderation.path;

export default function AdminShell({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const loading = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  const side = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (loaderData.welcome) toast.success("Benvingut!");
  }, [loaderData.welcome]);

  // The current screen's entry is always in sight in the side column, however short the window.
  useEffect(() => {
    side.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest" });
  }, [location.pathname]);

  return (
    <div className="min-h-dvh bg-ink/[0.03]">
      <a
        href="#contingut"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:p-3 focus:font-semibold focus:shadow"
      >
        Vés al contingut
      </a>
      <header className="sticky top-0 z-30 border-b border-ink/10 bg-white">
        <div className="flex h-14 items-center justify-between gap-3 px-4 lg:px-6">
          <p className="min-w-0 truncate text-base font-extrabold text-brand-dark sm:text-lg">{CAMPAIGN_NAME}</p>
          <div className="flex shrink-0 items-center gap-2 text-sm">
            <AccountMenu email={loaderData.email} role={loaderData.role} />
            <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
              <DialogTrigger asChild>
                <Button type="button" variant="outline" className="lg:hidden">
                  <Menu aria-hidden="true" />
                  Menú
                </Button>
              </DialogTrigger>
              <DialogContent className="top-0 left-0 flex h-dvh max-h-none w-[min(20rem,85vw)] max-w-none translate-x-0 translate-y-0 flex-col gap-4 rounded-none p-4 sm:max-w-none">
                <DialogTitle>Menú</DialogTitle>
                <DialogDescription className="sr-only">Seccions del backoffice</DialogDescription>
                <AdminNav role={loaderData.role} waiting={loaderData.waiting} onSelect={() => setMenuOpen(false)} />
              </DialogContent>
            </Dialog>
          </div>
        </div>
      </header>
      <div className="lg:grid lg:min-h-[calc(100dvh-3.5rem)] lg:grid-cols-[14rem_minmax(0,1fr)]">
        <aside className="hidden border-r border-ink/10 bg-white lg:block">
          <div ref={side} className="sticky top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto px-3 py-2" data-testid="admin-sidebar">
            <AdminNav role={loaderData.role} waiting={loaderData.waiting} />
          </div>
        </aside>
        <main id="contingut" tabIndex={-1} className="min-w-0 px-4 py-6 outline-none sm:py-8 lg:px-8" aria-busy={loading || undefined}>
          <div className="mx-auto max-w-6xl">
            {loading && (
              <p role="status" className="mb-4 flex items-center gap-2 text-sm text-ink/80">
                <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                Carregant...
              </p>
            )}
            <RowActionToasts />
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}

/** The account's menu in the header (Radix's menu button): who is signed in, their screen, sign-out. */
function AccountMenu({ email, role }: { email: string; role: AdminRole }) {
  // Sent from the item's own handler: the menu closes (and its items leave the page) on selection,
  // before a submit button's default action could run.
  const submit = useSubmit();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" className="max-w-[16rem] gap-2" aria-label={`Compte: ${email}`}>
          <CircleUser aria-hidden="true" />
          <span className="hidden truncate sm:inline">{email}</span>
          <ChevronDown aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{email}</span>
          <span className="mt-1 inline-block rounded-full bg-brand-soft px-2 py-0.5 text-xs font-bold text-brand-dark">
            {ROLE_LABELS[role]}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={ACCOUNT_SCREEN.to}>
            <UserCog aria-hidden="true" />
            {ACCOUNT_SCREEN.label}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void submit(null, { method: "post", action: adminPaths.adminLogout })}>
          <LogOut aria-hidden="true" />
          Sortir
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The navigation, grouped: in the side column on wide screens and in the menu on narrow ones;
 * only the screens the role may use (decision 032). Compact on wide screens so that every entry
 * fits a 1280×650 window (decision 050). */
function AdminNav({ role, waiting, onSelect }: { role: AdminRole; waiting: number; onSelect?: () => void }) {
  const allowed = NAV.filter((entry) => mayUse(role, entry.to));
  const ungrouped = allowed.filter((entry) => !entry.group);
  return (
    <nav aria-label="Navegació del backoffice" className={cn("flex flex-col", onSelect ? "gap-5 overflow-y-auto" : "gap-2")}>
      <NavList entries={ungrouped} waiting={waiting} onSelect={onSelect} />
      {NAV_GROUPS.map((group) => {
        const entries = allowed.filter((entry) => entry.group === group);
        if (entries.length === 0) return null;
        const id = `nav-${group}${onSelect ? "-menu" : ""}`.normalize("NFD").replace(/[^\w-]/g, "");
        return (
          <div key={group}>
            <p
              id={id}
              className={cn("px-3 font-bold tracking-wide text-ink/70 uppercase", onSelect ? "mb-1 text-xs" : "text-[11px] leading-[14px]")}
            >
              {group}
            </p>
            <NavList entries={entries} waiting={waiting} onSelect={onSelect} labelledBy={id} />
          </div>
        );
      })}
    </nav>
  );
}

function NavList({
  entries,
  waiting,
  onSelect,
  labelledBy,
}: {
  entries: NavEntry[];
  waiting: number;
  onSelect?: () => void;
  labelledBy?: string;
}) {
  return (
    <ul className={cn("flex flex-col", onSelect && "gap-0.5")} aria-labelledby={labelledBy}>
      {entries.map(({ label, to }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onSelect}
            className={({ isActive }) =>
              cn(
                "flex items-center rounded-md px-3 font-semibold hover:bg-brand-soft focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none",
                onSelect ? "min-h-11 py-2 text-sm" : "h-6 text-[13px] leading-5",
                isActive && "bg-brand text-white hover:bg-brand-dark",
              )
            }
          >
            {label}
            {to === MODERATION && waiting > 0 && (
              <span className="ml-1.5 rounded-full bg-red-700 px-1.5 text-xs leading-4 text-white">
                {waiting}
                <span className="sr-only"> pendents</span>
              </span>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
