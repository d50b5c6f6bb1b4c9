import { Link, useLocation } from "react-router";
import { useLocale, useT } from "~/i18n/react";
import { LOCALE_NAMES, LOCALES } from "~/i18n/locales";
import { alternatesOf, localePaths } from "~/lib/routes";
import { cn } from "~/lib/utils";

/** The same page in the other languages (decision 059): plain links, so it works without
 * JavaScript and needs no cookie. Each shows its code ("ES") and is named by it and its
 * language's own name ("ES Castellano"). An address that is no page of the registry (a 404) leads to
 * each language's home page. The query (a list's filter, its page) is kept. */
export function LanguageSwitch({ onSelect, className, labelled }: { onSelect?: () => void; className?: string; labelled?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const alternates = alternatesOf(pathname);
  const list = (
    <ul aria-label={t("public.shell.language")} className={cn("flex items-center gap-1", className)}>
      {LOCALES.map((l) => (
        <li key={l}>
          {l === locale ? (
            <span
              aria-current="true"
              className="inline-flex min-h-11 min-w-11 items-center justify-center px-2 text-sm font-bold text-brand-dark"
            >
              {l.toUpperCase()}
              <span className="sr-only" lang={l}>
                {` ${LOCALE_NAMES[l]}`}
              </span>
            </span>
          ) : (
            <Link
              to={`${alternates?.[l] ?? localePaths(l).home}${alternates ? search : ""}`}
              lang={l}
              hrefLang={l}
              onClick={onSelect}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-bold text-ink underline-offset-4 hover:bg-brand-soft hover:text-brand-dark hover:underline focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
            >
              {l.toUpperCase()}
              <span className="sr-only">{` ${LOCALE_NAMES[l]}`}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
  if (!labelled) return list;
  // In the phone menu: the list under its visible name, apart from the sections.
  return (
    <div className="mt-2 flex items-center gap-3 border-t border-ink/10 pt-3">
      <span aria-hidden="true" className="text-sm font-semibold text-ink/80">
        {t("public.shell.language")}
      </span>
      {list}
    </div>
  );
}
