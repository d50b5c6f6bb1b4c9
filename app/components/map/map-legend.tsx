import { DASH_ARRAYS, type LineStyle, type PublicMapLayer } from "~/domain/map";
import { useT } from "~/i18n/react";
import { cn } from "~/lib/utils";

/** A layer's line as the map draws it (colour and dash), for the legend and the admin cards. */
export function LineSample({ colour, lineStyle, className }: { colour: string; lineStyle: LineStyle; className?: string }) {
  return (
    <svg viewBox="0 0 48 8" aria-hidden="true" className={cn("h-2 w-12 shrink-0", className)} preserveAspectRatio="none">
      <line x1="2" y1="4" x2="46" y2="4" stroke={colour} strokeWidth="4" strokeLinecap="round" strokeDasharray={DASH_ARRAYS[lineStyle]} />
    </svg>
  );
}

/** The public legend of the network layers: server-rendered, so it is there before (and without) the map. */
export function MapLegend({
  layers,
  className,
}: {
  layers: Pick<PublicMapLayer, "id" | "name" | "colour" | "lineStyle">[];
  className?: string;
}) {
  const t = useT();
  if (layers.length === 0) return null;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <h3 className="text-sm font-bold">{t("public.map.legend")}</h3>
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {layers.map((l) => (
          <li key={l.id} className="flex items-center gap-2">
            <LineSample colour={l.colour} lineStyle={l.lineStyle} />
            {l.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
