import {
  BikeIcon,
  HeartPulseIcon,
  LeafIcon,
  MapIcon,
  PiggyBankIcon,
  ShieldCheckIcon,
  SmileIcon,
  TimerIcon,
  UsersIcon,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/ambit";
import { SectionLink } from "~/components/section-link";
import { FeatureList } from "~/components/site/feature-list";
import { HERO_PRIMARY } from "~/components/site/hero-actions";
import { Hero } from "~/components/site/hero-background";
import { THEME_TONES } from "~/components/site/theme-tiles";
import { Button } from "~/components/ui/button";
import { categoryKey, categoryTaglineKey, isCategory, type Category } from "~/domain/themes";
import { scopeVideo } from "~/models/content.server";
import { localePaths, PAGE_BY_PATH } from "~/lib/routes";
import { useLocale, useT } from "~/i18n/react";
import { localeOf } from "~/i18n/locales";

/** Each theme page's benefits: an icon each; the words are the catalogue's
 * public.ambit.<scope>.b<n>.title and .text, the headline and intro public.ambit.<scope>.*. */
const BENEFIT_ICONS: Record<Category, [LucideIcon, LucideIcon, LucideIcon]> = {
  ciutadania: [HeartPulseIcon, PiggyBankIcon, LeafIcon],
  infants: [ShieldCheckIcon, SmileIcon, HeartPulseIcon],
  laboral: [TimerIcon, PiggyBankIcon, BikeIcon],
  turistic: [MapIcon, UsersIcon, LeafIcon],
};

/** The theme of a page's address, in any language ("/infants", "/en/children"). */
function scopeFromPath(pathname: string): Category {
  const name = PAGE_BY_PATH.get(pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname)?.name;
  return isCategory(name) ? name : "ciutadania";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = scopeFromPath(new URL(request.url).pathname);
  return { scope, video: await scopeVideo(context.db, scope, localeOf(new URL(request.url).pathname)) };
}

export default function Ambit({ loaderData }: Route.ComponentProps) {
  const { scope, video } = loaderData;
  const t = useT();
  const paths = localePaths(useLocale());
  const benefits = BENEFIT_ICONS[scope].map((icon, i) => ({
    icon,
    title: t(`public.ambit.${scope}.b${(i + 1) as 1 | 2 | 3}.title`),
    text: t(`public.ambit.${scope}.b${(i + 1) as 1 | 2 | 3}.text`),
  }));
  return (
    <>
      <Hero
        media={video}
        scene={scope}
        tone={THEME_TONES[scope]}
        height="screen"
        eyebrow={<p className="w-fit rounded-full bg-white px-3 py-1 text-sm font-bold text-ink">{t(categoryKey(scope))}</p>}
        title={t(categoryTaglineKey(scope))}
      >
        <p className="max-w-2xl text-lead">{t(`public.ambit.${scope}.intro`)}</p>
        {/* The call to action in the first screen, beside the video (issue 18). */}
        <div className="flex flex-wrap gap-3">
          <Link to={paths.participa} className={HERO_PRIMARY}>
            {t("public.common.sayYours")}
          </Link>
        </div>
      </Hero>
      <section aria-labelledby="beneficis-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="beneficis-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
          {t(`public.ambit.${scope}.headline`)}
        </h2>
        <FeatureList items={benefits} className="mt-6" />
        <div className="mt-10 flex flex-wrap items-center gap-4">
          <Button asChild size="lg" variant="outline">
            <Link to={paths.participa}>{t("public.common.sayYours")}</Link>
          </Button>
          <SectionLink to={paths.ambits} className="font-semibold text-brand-dark underline underline-offset-4">
            {t("public.ambit.back")}
          </SectionLink>
        </div>
      </section>
    </>
  );
}
