import type { ReactNode } from "react";

/** The heading block of a page that is still to be built out in full. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{title}</h1>
      {children && <div className="mt-4 space-y-4 text-lg">{children}</div>}
    </section>
  );
}
