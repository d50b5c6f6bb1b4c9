import { Link } from "react-router";
import { MapDialog } from "~/components/participation/map-dialog";
import { buttonVariants } from "~/components/ui/button";
import { localePaths } from "~/lib/routes";
import { useLocale, useT } from "~/i18n/react";
import { cn } from "~/lib/utils";

// The hero's buttons, on its solid colour (white text there passes AA): the main one white, the
// others outlined in white. The map dialog's trigger takes the main one's look.
export const HERO_PRIMARY = cn(
  buttonVariants({ size: "lg" }),
  "bg-white text-ink shadow-md hover:bg-cream hover:text-ink focus-visible:ring-white/70",
);
export const HERO_SECONDARY = cn(
  buttonVariants({ size: "lg", variant: "outline" }),
  "border-2 border-white bg-transparent text-white shadow-none hover:bg-white hover:text-ink focus-visible:ring-white/70",
);

/** The hero's three calls to action (home and landings): the map, /participa, /testimonis. */
export function HeroActions() {
  const t = useT();
  const paths = localePaths(useLocale());
  return (
    <div className="flex flex-wrap gap-3">
      <MapDialog label={t("public.hero.discoverNetwork")} className={HERO_PRIMARY} />
      <Link to={paths.participa} className={HERO_SECONDARY}>
        {t("public.common.sayYours")}
      </Link>
      <Link to={paths.testimonis} className={HERO_SECONDARY}>
        {t("public.hero.sendAudio")}
      </Link>
    </div>
  );
}
