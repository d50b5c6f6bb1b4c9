import { Link } from "react-router";
import { useT } from "~/i18n/react";

// A long public list's pages (the contributions, the plan's results): the previous and next pages
// as links, which work without JavaScript, and where the visitor is, in words.

const pageLink =
  "inline-flex min-h-11 items-center rounded-full border border-ink/20 px-4 py-2 text-sm font-semibold hover:bg-brand-soft focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none";

export function PageLinks({ label, page, pages, href }: { label: string; page: number; pages: number; href: (page: number) => string }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-4">
      {page > 1 && (
        <Link to={href(page - 1)} className={pageLink}>
          {t("public.aportacions.previous")}
        </Link>
      )}
      <span aria-current="page" className="font-semibold">
        {t("public.aportacions.page", { page, pages })}
      </span>
      {page < pages && (
        <Link to={href(page + 1)} className={pageLink}>
          {t("public.aportacions.next")}
        </Link>
      )}
    </nav>
  );
}
