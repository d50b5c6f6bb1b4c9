import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import {
  MAP_CATEGORIES,
  MAP_CATEGORY_COLOURS,
  MAP_CATEGORY_LABELS,
  type MapCategory,
  type PublicMapLayer,
  type TileSettings,
} from "~/domain/map";
import { MapLegend } from "./map-legend";

// Our own map (issue 17), as the pages use it. Leaflet and the map's code are a separate chunk,
// imported only when the map comes near the screen (the home and landing pages) or at once (the
// map dialog and page): the first load of every page carries none of it (decision 038).

/** A place for a comment: a pin, or a segment of the network (its middle, for the pin). */
export interface MapPlace {
  lat: number;
  lng: number;
  segment?: string;
  segmentName?: string;
}

export interface MapView {
  tiles: TileSettings;
  layers: PublicMapLayer[];
}

const LeafletMap = lazy(() => import("./leaflet-map.client"));

export const COMMENTS_URL = "/api/map-comments.geojson";

export function ParticipationMap({
  view,
  eager = false,
  onPlace,
  place,
  className = "h-[60dvh] min-h-80",
  commentsUrl = COMMENTS_URL,
}: {
  view: MapView;
  /** Load at once (a dialog), rather than when near the screen. */
  eager?: boolean;
  onPlace?: (place: MapPlace) => void;
  place?: MapPlace | null;
  className?: string;
  commentsUrl?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Never on the server (the map's module is .client): a dialog's map starts at its first effect.
  const [near, setNear] = useState(false);
  const [shown, setShown] = useState<(MapCategory | "none")[] | null>(null);
  const id = useId();
  useEffect(() => {
    const el = box.current;
    if (near || !el) return;
    if (eager) {
      const frame = requestAnimationFrame(() => setNear(true));
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: "300px 0px",
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, eager]);
  const toggle = (c: MapCategory) =>
    setShown((s) => {
      const now = s ?? [...MAP_CATEGORIES, "none"];
      return now.includes(c) ? now.filter((x) => x !== c) : [...now, c];
    });
  const label = onPlace
    ? "Mapa per marcar el lloc del comentari. Amb el teclat: mou el mapa amb les fletxes fins que el punt de mira quedi al lloc i prem Retorn."
    : "Mapa de la xarxa ciclable i dels comentaris";
  return (
    <div className="flex flex-col gap-3">
      {onPlace && (
        <p id={`${id}-help`} className="text-sm">
          Clica el mapa per marcar el lloc del comentari, o clica un tram de la xarxa. Amb el teclat: entra al mapa amb el tabulador, mou-lo
          amb les fletxes fins que el punt de mira quedi al lloc i prem Retorn; o tabula fins a un tram i prem Retorn.
        </p>
      )}
      <div ref={box} className={`relative w-full overflow-hidden rounded-lg border border-ink/10 bg-brand-soft/40 ${className}`}>
        {near && (
          <Suspense fallback={<p className="p-4">Carregant el mapa...</p>}>
            <LeafletMap
              label={label}
              tiles={view.tiles}
              layers={view.layers}
              categories={shown}
              onPlace={onPlace}
              place={place}
              commentsUrl={commentsUrl}
            />
          </Suspense>
        )}
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <MapLegend layers={view.layers} />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-bold">Comentaris que es mostren</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {MAP_CATEGORIES.map((c) => (
              <label key={c} className="flex items-center gap-1.5">
                <input type="checkbox" checked={shown === null || shown.includes(c)} onChange={() => toggle(c)} className="size-4" />
                <span aria-hidden="true" className="inline-block size-3 rounded-full" style={{ background: MAP_CATEGORY_COLOURS[c] }} />
                {MAP_CATEGORY_LABELS[c]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </div>
  );
}
