import { AccessibilityIcon, PackageIcon, ZapIcon } from "lucide-react";
import type { Route } from "./+types/segueixlavivi";
import { FeatureList, type Feature } from "~/components/site/feature-list";
import { Hero } from "~/components/site/hero-background";
import { PhotoGallery } from "~/components/site/photo-gallery";
import { HASHTAG, HASHTAG_URL } from "~/components/site/social-section";
import { activePhotos } from "~/models/content.server";
import { localeOf } from "~/i18n/locales";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { photos: await activePhotos(context.db, localeOf(new URL(request.url).pathname)) };
}

const FEATURES: Feature[] = [
  { icon: ZapIcon, title: "Assistència elèctrica", text: "Pujades i distàncies llargues sense esforç: la Vivi t'ajuda a pedalar." },
  { icon: PackageIcon, title: "Versatilitat", text: "Porta la compra, les eines o la canalla: serveix per a tot el dia a dia." },
  {
    icon: AccessibilityIcon,
    title: "Disseny inclusiu",
    text: "Pensada perquè la pugui fer servir tothom, tingui l'edat o la condició que tingui.",
  },
];

export default function SegueixLaVivi({ loaderData }: Route.ComponentProps) {
  const { photos } = loaderData;
  return (
    <>
      <Hero media={null} scene="turistic" tone="sea" height="short" title="Segueix la Vivi!">
        <p className="max-w-2xl text-lead">Descobreix les aventures de la nostra bici pel territori del Penedès</p>
      </Hero>

      <section aria-labelledby="concursos-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="concursos-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
          Concursos i premis
        </h2>
        <p className="mt-3 max-w-3xl text-lg">
          La Vivi és la bici fúcsia de la campanya i recorre el Penedès de poble en poble. Si te la trobes, fes-li una foto i comparteix-la
          amb <strong>#{HASHTAG}</strong>: les millors imatges tindran premi!
        </p>
        <FeatureList items={FEATURES} className="mt-8" />
      </section>

      <section aria-labelledby="galeria-title" className="mx-auto max-w-6xl px-4 pb-12">
        <h2 id="galeria-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
          La Vivi pel territori
        </h2>
        {photos.length === 0 ? (
          <p className="mt-6 rounded-lg bg-brand-soft p-6 text-center">Fotos pròximament</p>
        ) : (
          <PhotoGallery photos={photos} />
        )}
        <a
          href={HASHTAG_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-8 inline-flex rounded-md bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
        >
          Veure #{HASHTAG} a Instagram<span className="sr-only"> (s'obre en una pestanya nova)</span>
        </a>
      </section>
    </>
  );
}
