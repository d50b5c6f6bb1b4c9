import { Link } from "react-router";
import type { Route } from "./+types/home";
import { Agenda } from "~/components/agenda";
import { NewsletterForm } from "~/components/participation/newsletter-form";
import { Button } from "~/components/ui/button";
import { listActivities } from "~/lib/content.server";
import { categoryLabels, paths } from "~/lib/routes";

export async function loader({ context }: Route.LoaderArgs) {
  return { activities: await listActivities(context.db) };
}

const THEMES = [
  { scope: "ciutadania", label: "Per viure millor cada dia" },
  { scope: "infants", label: "Per anar a l'escola i a l'institut" },
  { scope: "laboral", label: "Per anar a la feina sense estrès" },
  { scope: "turistic", label: "Per gaudir del nostre territori" },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-dark via-brand to-[#d94f8f] text-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-16 md:py-24">
          <h1 className="max-w-3xl text-4xl font-extrabold md:text-6xl">Al Penedès, la bici ens mou!</h1>
          <p className="max-w-2xl text-lg md:text-xl">
            Construïm junts el pla director de la bicicleta del Penedès 2025-2035. Digues la teva fins al desembre de 2025.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.participa}>Descobreix la xarxa</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.participa}>Digues la teva</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.testimonis}>Envia'ns un àudio</Link>
            </Button>
          </div>
        </div>
      </section>

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

      <Agenda activities={loaderData.activities} />
      <NewsletterForm />
    </>
  );
}
