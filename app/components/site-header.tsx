import { ADMIN_SIGN_OUT } from "~/domain/admin-screens-public";
import { MenuIcon } from "lucide-react";
import { useState } from "react";
import { Form, Link, NavLink } from "react-router";
import { LanguageSwitch } from "~/components/site/language-switch";
import { SectionLink } from "~/components/section-link";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { useLocale, useT } from "~/i18n/react";
import { headerNav, localePaths, SITE_NAME, type NavItem as NavEntry } from "~/lib/routes";
import { clearLocalStorage, cn } from "~/lib/utils";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-2 py-2 text-sm font-bold whitespace-nowrap text-ink hover:bg-brand-soft hover:text-brand-dark focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none",
    isActive && "text-brand-dark underline decoration-2 underline-offset-8",
  );

/** A section of the home page (AGENDA) is never "the current page", so it is a plain link. */
function NavItem({ item, onSelect }: { item: NavEntry; onSelect?: () => void }) {
  const t = useT();
  if (item.to.includes("#"))
    return (
      <SectionLink to={item.to as `${string}#${string}`} className={itemClass({ isActive: false })} onClick={onSelect}>
        {t(item.label)}
      </SectionLink>
    );
  return (
    <NavLink to={item.to} className={itemClass} onClick={onSelect} end>
      {t(item.label)}
    </NavLink>
  );
}

/** Signs out and returns to the home page (spec §2). Like the back office's sign-out, it clears
 * what the browser kept for this site (the spec's SIGNED_OUT), even if the request then fails. */
function SignOut({ onSubmit }: { onSubmit?: () => void }) {
  const t = useT();
  const paths = localePaths(useLocale());
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
        {t("public.shell.signOut")}
      </Button>
    </Form>
  );
}

/** Six items and the language switch fit in one row from 1280 px (xl), in a wider row than the
 * page's and without the tagline up to 1536 px (2xl); narrower screens open them in a menu. */
export function SiteHeader({ isAdmin, heard = false, tracker = false }: { isAdmin: boolean; heard?: boolean; tracker?: boolean }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const locale = useLocale();
  const nav = headerNav(locale, { heard, tracker });
  return (
    // Opaque: a page's headings scroll under it and must not show through (issue 18).
    <header className="sticky top-0 z-40 border-b border-ink/10 bg-white shadow-[0_1px_12px_rgb(29_36_51/0.06)]">
      <div className="mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-4 px-4 xl:max-w-7xl">
        <Link
          to={localePaths(locale).home}
          className="flex items-center gap-3 rounded-md focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
        >
          <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
          <span className="flex flex-col leading-tight">
            {/* The campaign's name is Catalan in every language (WCAG 3.1.2). */}
            <span lang="ca" className="text-base font-extrabold whitespace-nowrap text-brand-dark">
              {SITE_NAME}
            </span>
            <span className="hidden text-xs text-ink/80 sm:block xl:hidden 2xl:block">{t("public.shell.tagline")}</span>
          </span>
        </Link>
        <nav aria-label={t("public.shell.mainNav")} className="hidden min-w-0 flex-wrap items-center justify-end gap-0.5 xl:flex">
          {nav.map((item) => (
            <NavItem key={item.label} item={item} />
          ))}
          <LanguageSwitch className="ml-2 border-l border-ink/15 pl-2" />
          {isAdmin && <SignOut />}
        </nav>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="ghost" size="icon" className="xl:hidden" aria-label={t("public.shell.openMenu")}>
              <MenuIcon aria-hidden="true" className="size-6" />
            </Button>
          </DialogTrigger>
          <DialogContent className="top-0 left-0 max-w-none translate-x-0 translate-y-0 rounded-none sm:max-w-none">
            <DialogTitle>{t("public.shell.menu")}</DialogTitle>
            <DialogDescription className="sr-only">{t("public.shell.menuDescription")}</DialogDescription>
            <nav aria-label={t("public.shell.mainNavMobile")} className="flex flex-col gap-1">
              {nav.map((item) => (
                <NavItem key={item.label} item={item} onSelect={() => setOpen(false)} />
              ))}
              <LanguageSwitch labelled onSelect={() => setOpen(false)} />
              {isAdmin && <SignOut onSubmit={() => setOpen(false)} />}
            </nav>
          </DialogContent>
        </Dialog>
      </div>
    </header>
  );
}
