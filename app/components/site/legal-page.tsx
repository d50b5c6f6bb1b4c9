import type { ReactNode } from "react";

/** The frame of a legal text: a heading, sections, readable line length. */
export function LegalPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-brand-dark [&_li]:ml-6 [&_li]:list-disc [&_p]:mt-3 [&_table]:mt-4 [&_ul]:mt-3">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{title}</h1>
      {updated && <p className="text-sm text-ink/75">{updated}</p>}
      {children}
    </article>
  );
}
