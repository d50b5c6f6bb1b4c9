import { AccessibilityIcon, PackageIcon, ZapIcon } from "lucide-react";
import type { Route } from "./+types/segueixlavivi";
import { FeatureList } from "~/components/site/feature-list";
import { Hero } from "~/components/site/hero-background";
import { PhotoGallery } from "~/components/site/photo-gallery";
import { HASHTAG, HASHTAG_URL } from "~/components/site/social-section";
import { activePhotos } from "~/models/content.server";
import { RichText, useT } from "~/i18n/react";
import { localeOf } from "~/i18n/locales";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { photos: await activePhotos(context.db, localeOf(new URL(request.url).pathname)) };
}

/** The Vivi's three features: an icon each, the words public.vivi.f<n>.title and .text. */
const FEATURE_ICONS = [ZapIcon, PackageIcon, AccessibilityIcon] as const;

/** The campaign's hashtag: Catalan in every language (WCAG 3.1.2). */
const hashtag = { tag: (s: string) => <strong lang="ca">{s}</strong> };

export default function SegueixLaVivi({ loaderData }: Route.ComponentProps) {
  const { photos } = loaderData;
  const t = useT();
  const features = FEATURE_ICONS.map((icon, i) => ({
    icon,
    title: t(`public.vivi.f${(i + 1) as 1 | 2 | 3}.title`),
    text: t(`public.vivi.f${(i + 1) as 1 | 2 | 3}.text`),
  }));
  return (
    <>
      <Hero media={null} scene="turistic" tone="sea" height="short" title={t("public.vivi.title")}>
        <p className="max-w-2xl text-lead">{t("public.vivi.lead")}</p>
      </Hero>

      <section aria-labelledby="concursos-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="concursos-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
          {t("public.vivi.contests")}
        </h2>
        <p className="mt-3 max-w-3xl text-lg">
          <RichText text={t("public.vivi.contestsText", { hashtag: HASHTAG })} parts={hashtag} />
        </p>
        <FeatureList items={features} className="mt-8" />
      </section>

      <section aria-labelledby="galeria-title" className="mx-auto max-w-6xl px-4 pb-12">
        <h2 id="galeria-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
          {t("public.vivi.gallery")}
        </h2>
        {photos.length === 0 ? (
          <p className="mt-6 rounded-lg bg-brand-soft p-6 text-center">{t("public.vivi.noPhotos")}</p>
        ) : (
          <PhotoGallery photos={photos} />
        )}
        <a
          href={HASHTAG_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-8 inline-flex max-w-full rounded-md bg-brand px-5 py-3 font-semibold wrap-anywhere text-white hover:bg-brand-dark focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
        >
          <RichText text={t("public.vivi.instagram", { hashtag: HASHTAG })} parts={{ tag: (s) => <span lang="ca">{s}</span> }} />
          <span className="sr-only"> {t("public.common.opensNewTab")}</span>
        </a>
      </section>
    </>
  );
}
