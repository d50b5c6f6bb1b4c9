import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router";
import { categories, categoryKey, categoryTaglineKey, type Category } from "~/domain/themes";
import { localePaths } from "~/lib/routes";
import { useLocale, useT } from "~/i18n/react";
import { cn } from "~/lib/utils";
import { sceneUrl, TONE_BACKGROUNDS, type HeroTone } from "./hero-background";

/** Each theme's colour: its page's hero and its card's label. */
export const THEME_TONES: Record<Category, HeroTone> = { ciutadania: "brand", infants: "leaf", laboral: "ink", turistic: "sea" };

/** The four theme cards (#ambits), each with its illustration. */
export function ThemeTiles() {
  const t = useT();
  const paths = localePaths(useLocale());
  return (
    <section id="ambits" aria-labelledby="ambits-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-section">
      <h2 id="ambits-title" className="text-title font-extrabold text-brand-dark">
        {t("public.themes.title")}
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
        {categories.map((scope) => (
          <li key={scope}>
            <Link
              to={paths.ambit(scope)}
              className="group flex h-full flex-col overflow-hidden rounded-card border border-ink/10 bg-white shadow-sm transition-[box-shadow,transform] hover:-translate-y-0.5 hover:shadow-lg focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none motion-reduce:hover:translate-y-0"
            >
              <img
                src={sceneUrl(scope)}
                alt=""
                width={1600}
                height={900}
                loading="lazy"
                className="aspect-[16/9] w-full bg-cream object-cover"
              />
              <span className="flex flex-1 flex-col items-start gap-2 p-3.5 sm:p-5">
                <span
                  className={cn(
                    "rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase",
                    TONE_BACKGROUNDS[THEME_TONES[scope]],
                  )}
                >
                  {t(categoryKey(scope))}
                </span>
                <span className="leading-snug font-bold sm:text-lg">{t(categoryTaglineKey(scope))}</span>
                <span className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-semibold text-brand-dark group-hover:underline">
                  {t("public.themes.discover")}{" "}
                  <ArrowRightIcon aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
