import { Link } from "react-router";
import { MapDialog } from "~/components/participation/map-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { paths } from "~/lib/routes";

// The map dialog's trigger, styled as the hero's main button.
const HERO_PRIMARY = buttonVariants({
  size: "lg",
  className: "border-transparent bg-brand text-white hover:bg-brand-dark hover:text-white",
});

/** The hero's three calls to action (home and landings): the map, /participa, /testimonis. */
export function HeroActions() {
  return (
    <div className="flex flex-wrap gap-3">
      <MapDialog label="Descobreix la xarxa" className={HERO_PRIMARY} />
      <Button asChild size="lg" variant="outline">
        <Link to={paths.participa}>Digues la teva</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={paths.testimonis}>Envia'ns un àudio</Link>
      </Button>
    </div>
  );
}
