import { Link } from "react-router";
import type { Route } from "./+types/dashboard";

export { loader } from "./dashboard.server";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const cards = [
    ["Total testimonis", loaderData.total],
    ["Aprovats", loaderData.approved],
    ["Pendents", loaderData.pending],
    ["Rebutjats", loaderData.rejected],
  ] as const;
  return (
    <>
      <h1 className="text-2xl font-extrabold">Dashboard</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-white p-5 shadow-sm">
            <dt className="text-sm font-semibold text-ink/80">{label}</dt>
            <dd className="mt-1 text-3xl font-extrabold">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-10 text-lg font-bold">Accessos ràpids</h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {QUICK_LINKS.map(([label, to]) => (
          <li key={to}>
            <Link
              to={to}
              className="block rounded-lg bg-white p-4 font-semibold shadow-sm hover:bg-brand-soft focus-visible:ring-[3px] focus-visible:ring-brand/50"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

const QUICK_LINKS = [
  // Worded apart from the navigation, so each link has a name of its own.
  ["Moderació d'àudios", "/admin/testimonials"],
  ["Aportacions escrites", "/admin/reflections"],
  ["Agenda", "/admin/activities"],
  ["Audiovisuals per àmbit", "/admin/videos"],
  ["Imatge de portada", "/admin/home-background"],
] as const;
