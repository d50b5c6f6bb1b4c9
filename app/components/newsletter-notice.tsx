import type { ReactNode } from "react";
import { Link, type MetaDescriptor } from "react-router";
import { seoFor, SITE_NAME } from "~/lib/seo";

/** The newsletter's confirm and unsubscribe pages: a heading, what happened, and a way on. */
export function NewsletterNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[50dvh] max-w-2xl flex-col items-start justify-center gap-4 px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{title}</h1>
      {children}
      <Link to="/" className="font-semibold text-brand-dark underline underline-offset-4">
        Torna a l'inici
      </Link>
    </div>
  );
}

/** Kept out of search results, and with no token in the page's own address (og:url). */
export function newsletterMeta(matches: readonly ({ loaderData?: unknown } | undefined)[], title: string): MetaDescriptor[] {
  const publicUrl = (matches[0]?.loaderData as { publicUrl?: string } | undefined)?.publicUrl ?? "";
  return seoFor("/newsletter", publicUrl, { title: `${title} | ${SITE_NAME}` });
}
