import { BikeIcon, HeartPulseIcon, LeafIcon, MapIcon, PiggyBankIcon, ShieldCheckIcon, SmileIcon, TimerIcon, UsersIcon } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/ambit";
import { SectionLink } from "~/components/section-link";
import { FeatureList, type Feature } from "~/components/site/feature-list";
import { HERO_PRIMARY } from "~/components/site/hero-actions";
import { Hero } from "~/components/site/hero-background";
import { THEME_TONES } from "~/components/site/theme-tiles";
import { Button } from "~/components/ui/button";
import { categoryLabels, isCategory, type Category } from "~/domain/themes";
import { scopeVideo } from "~/models/content.server";
import { localeOf } from "~/i18n/locales";
import { paths } from "~/lib/routes";

interface Theme {
  label: string;
  headline: string;
  intro: string;
  benefits: Feature[];
}

const THEMES: Record<Category, Theme> = {
  ciutadania: {
    label: "Per viure millor cada dia",
    headline: "Pedalar fa poble",
    intro: "Anar a comprar, al metge o a veure els amics en bici és més sa, més barat i fa els carrers més tranquils per a tothom.",
    benefits: [
      { icon: HeartPulseIcon, title: "Més salut", text: "Trenta minuts de bici al dia milloren el cor, l'ànim i el son." },
      { icon: PiggyBankIcon, title: "Més estalvi", text: "Sense gasolina ni aparcament: la bici és el vehicle més econòmic." },
      { icon: LeafIcon, title: "Aire més net", text: "Menys cotxes vol dir menys soroll i menys contaminació als nostres pobles." },
    ],
  },
  infants: {
    label: "Per anar a l'escola i a l'institut",
    headline: "Camins segurs per créixer",
    intro: "Volem que nenes, nens i joves puguin anar a l'escola i a l'institut en bici, amb autonomia i amb seguretat.",
    benefits: [
      { icon: ShieldCheckIcon, title: "Seguretat", text: "Camins escolars protegits i separats del trànsit." },
      { icon: SmileIcon, title: "Autonomia", text: "Infants que es mouen sols guanyen confiança i coneixen el seu entorn." },
      { icon: HeartPulseIcon, title: "Activitat", text: "Arribar a classe pedalant desperta el cos i la ment." },
    ],
  },
  laboral: {
    label: "Per anar a la feina sense estrès",
    headline: "A la feina, sense embussos",
    intro: "Connectar polígons, estacions i nuclis amb carrils bici fa que anar a treballar sigui previsible i sense estrès.",
    benefits: [
      { icon: TimerIcon, title: "Temps previsible", text: "Sense cues ni retencions: saps quan surts i quan arribes." },
      { icon: PiggyBankIcon, title: "Menys despeses", text: "Estalvia en combustible, peatges i manteniment." },
      { icon: BikeIcon, title: "Intermodalitat", text: "Bici i tren: aparcaments segurs a les estacions." },
    ],
  },
  turistic: {
    label: "Per gaudir del nostre territori",
    headline: "El Penedès, a ritme de pedal",
    intro: "Vinyes, masies, patrimoni i mar: la bici és la millor manera de descobrir el territori i de fer-lo conèixer.",
    benefits: [
      { icon: MapIcon, title: "Rutes senyalitzades", text: "Itineraris entre pobles, cellers i espais naturals." },
      { icon: UsersIcon, title: "Economia local", text: "El cicloturisme porta visitants als comerços i als cellers." },
      { icon: LeafIcon, title: "Turisme sostenible", text: "Descobrir el paisatge sense malmetre'l." },
    ],
  },
};

function scopeFromPath(pathname: string): Category {
  const scope = pathname.replace(/^\/+|\/+$/g, "");
  return isCategory(scope) ? scope : "ciutadania";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = scopeFromPath(new URL(request.url).pathname);
  return { scope, video: await scopeVideo(context.db, scope, localeOf(new URL(request.url).pathname)) };
}

export default function Ambit({ loaderData }: Route.ComponentProps) {
  const { scope, video } = loaderData;
  const theme = THEMES[scope];
  return (
    <>
      <Hero
        media={video}
        scene={scope}
        tone={THEME_TONES[scope]}
        height="screen"
        eyebrow={<p className="w-fit rounded-full bg-white px-3 py-1 text-sm font-bold text-ink">{categoryLabels[scope]}</p>}
        title={theme.label}
      >
        <p className="max-w-2xl text-lead">{theme.intro}</p>
        {/* The call to action in the first screen, beside the video (issue 18). */}
        <div className="flex flex-wrap gap-3">
          <Link to={paths.participa} className={HERO_PRIMARY}>
            Digues la teva
          </Link>
        </div>
      </Hero>
      <section aria-labelledby="beneficis-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="beneficis-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
          {theme.headline}
        </h2>
        <FeatureList items={theme.benefits} className="mt-6" />
        <div className="mt-10 flex flex-wrap items-center gap-4">
          <Button asChild size="lg" variant="outline">
            <Link to={paths.participa}>Digues la teva</Link>
          </Button>
          <SectionLink to={paths.ambits} className="font-semibold text-brand-dark underline underline-offset-4">
            Tornar als àmbits
          </SectionLink>
        </div>
      </section>
    </>
  );
}
