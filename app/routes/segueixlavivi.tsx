import { AccessibilityIcon, PackageIcon, ZapIcon } from "lucide-react";
import type { Route } from "./+types/segueixlavivi";
import { FeatureList, type Feature } from "~/components/site/feature-list";
import { Hero } from "~/components/site/hero-background";
import { HASHTAG, HASHTAG_URL } from "~/components/site/social-section";
import { activePhotos } from "~/lib/content.server";
import { imageSrcSet, imageVariantUrl } from "~/lib/images";

export async function loader({ context }: Route.LoaderArgs) {
  return { photos: await activePhotos(context.db) };
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

const VIVI_SRCSET = "/images/vivi-640.webp 640w, /images/vivi-1280.webp 1280w, /images/vivi-1920.webp 1920w";

export default function SegueixLaVivi({ loaderData }: Route.ComponentProps) {
  const { photos } = loaderData;
  return (
    <>
      <Hero media={null} fallbackSrcSet={VIVI_SRCSET} height="short" title="Segueix la Vivi!">
        <p className="max-w-2xl text-lg md:text-xl">Descobreix les aventures de la nostra bici pel territori del Penedès</p>
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
          <ul className="mt-6 columns-1 gap-4 sm:columns-2 lg:columns-3">
            {photos.map((photo, i) => (
              <li key={photo.id} className="mb-4 break-inside-avoid">
                <figure className="overflow-hidden rounded-lg border border-ink/10 bg-white shadow-sm">
                  <img
                    src={imageVariantUrl(photo.key, 800)}
                    srcSet={imageSrcSet(photo.key, 800)}
                    sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                    width={photo.width ?? 800}
                    height={photo.height ?? 600}
                    alt={photo.title}
                    loading={i < 3 ? "eager" : "lazy"}
                    decoding="async"
                    className="h-auto w-full bg-brand-soft"
                  />
                  <figcaption className="p-4">
                    <p className="font-bold">{photo.title}</p>
                    {photo.description && <p className="mt-1 text-sm text-ink/80">{photo.description}</p>}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
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
