import type { ReactNode } from "react";
import { Link, type MetaDescriptor } from "react-router";
import type { ClientKey } from "~/i18n/catalogue";
import { metaContext, useLocale, useT } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { pageTitle, seoFor } from "~/lib/seo";

/** The newsletter's confirm and unsubscribe pages: a heading, what happened, and a way on. */
export function NewsletterNotice({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const home = localePaths(useLocale()).home;
  return (
    <div className="mx-auto flex min-h-[50dvh] max-w-2xl flex-col items-start justify-center gap-4 px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{title}</h1>
      {children}
      <Link to={home} className="font-semibold text-brand-dark underline underline-offset-4">
        {t("errors.backHome")}
      </Link>
    </div>
  );
}

/** Kept out of search results, and with no token in the page's own address (og:url). */
export function newsletterMeta(matches: readonly ({ loaderData?: unknown } | undefined)[], title: ClientKey): MetaDescriptor[] {
  const { publicUrl, t, locale } = metaContext(matches);
  return seoFor(localePaths(locale).newsletter, publicUrl, t, { title: pageTitle(t(title)) });
}
