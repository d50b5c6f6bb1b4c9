import { Link } from "react-router";
import { categoryLabels } from "~/domain/themes";
import { paths } from "~/lib/routes";

export const THEMES = [
  { scope: "ciutadania", label: "Per viure millor cada dia" },
  { scope: "infants", label: "Per anar a l'escola i a l'institut" },
  { scope: "laboral", label: "Per anar a la feina sense estrès" },
  { scope: "turistic", label: "Per gaudir del nostre territori" },
] as const;

/** The four theme cards (#ambits). */
export function ThemeTiles() {
  return (
    <section id="ambits" aria-labelledby="ambits-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <h2 id="ambits-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
        La bici, per a tot
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {THEMES.map((t) => (
          <li key={t.scope}>
            <Link
              to={paths.ambit(t.scope)}
              className="flex h-full flex-col gap-2 rounded-lg border border-ink/10 p-5 shadow-sm transition-colors hover:border-brand hover:bg-brand-soft focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
            >
              <span className="text-sm font-bold tracking-wide text-brand-dark uppercase">{categoryLabels[t.scope]}</span>
              <span className="text-lg font-semibold">{t.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
