import { ADMIN_SIGN_OUT } from "~/domain/admin-screens-public";
import { MenuIcon } from "lucide-react";
import { useState } from "react";
import { Form, Link, NavLink } from "react-router";
import { SectionLink } from "~/components/section-link";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { HEADER_NAV, paths } from "~/lib/routes";
import { clearLocalStorage, cn } from "~/lib/utils";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-bold tracking-wide text-ink hover:bg-brand-soft hover:text-brand-dark focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none",
    isActive && "text-brand-dark underline decoration-2 underline-offset-8",
  );

/** A section of the home page (AGENDA) is never "the current page", so it is a plain link. */
function NavItem({ item, onSelect }: { item: (typeof HEADER_NAV)[number]; onSelect?: () => void }) {
  if (item.to === paths.agenda)
    return (
      <SectionLink to={item.to} className={itemClass({ isActive: false })} onClick={onSelect}>
        {item.label}
      </SectionLink>
    );
  return (
    <NavLink to={item.to} className={itemClass} onClick={onSelect} end>
      {item.label}
    </NavLink>
  );
}

/** Signs out and returns to the home page (spec §2). Like the back office's sign-out, it clears
 * what the browser kept for this site (the spec's SIGNED_OUT), even if the request then fails. */
function SignOut({ onSubmit }: { onSubmit?: () => void }) {
  return (
    <Form
      method="post"
      action={ADMIN_SIGN_OUT}
      onSubmit={() => {
        clearLocalStorage();
        onSubmit?.();
      }}
    >
      <input type="hidden" name="redirectTo" value={paths.home} />
      <Button type="submit" variant="outline" size="sm">
        Sortir
      </Button>
    </Form>
  );
}

export function SiteHeader({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    // Opaque: a page's headings scroll under it and must not show through (issue 18).
    <header className="sticky top-0 z-40 border-b border-ink/10 bg-white shadow-[0_1px_12px_rgb(29_36_51/0.06)]">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link
          to={paths.home}
          className="flex items-center gap-3 rounded-md focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
        >
          <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
          <span className="flex flex-col leading-tight">
            <span className="text-base font-extrabold text-brand-dark">Al Penedès, la bici ens mou!</span>
            <span className="hidden text-xs text-ink/80 sm:block">Pla director de la bicicleta 2025-2035</span>
          </span>
        </Link>
        <nav aria-label="Navegació principal" className="hidden items-center gap-1 md:flex">
          {HEADER_NAV.map((item) => (
            <NavItem key={item.label} item={item} />
          ))}
          {isAdmin && <SignOut />}
        </nav>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Obre el menú">
              <MenuIcon aria-hidden="true" className="size-6" />
            </Button>
          </DialogTrigger>
          <DialogContent className="top-0 left-0 max-w-none translate-x-0 translate-y-0 rounded-none sm:max-w-none">
            <DialogTitle>Menú</DialogTitle>
            <DialogDescription className="sr-only">Seccions del web</DialogDescription>
            <nav aria-label="Navegació principal (mòbil)" className="flex flex-col gap-1">
              {HEADER_NAV.map((item) => (
                <NavItem key={item.label} item={item} onSelect={() => setOpen(false)} />
              ))}
              {isAdmin && <SignOut onSubmit={() => setOpen(false)} />}
            </nav>
          </DialogContent>
        </Dialog>
      </div>
    </header>
  );
}
