import { lazy, Suspense, useEffect, useState } from "react";
import type { AdminMapPin, MapView } from "~/domain/map";
import { MapLegend } from "./map-legend";

// The analysis map (issue 32, decision 077): the coded map comments over the network's layers, each
// pin in its code's colour and named by its codes. Leaflet is the public map's chunk, loaded after
// the page is shown and on this screen only (decision 038); the list beside it holds the same
// comments, so nothing is reachable only by pointing.

const LeafletMap = lazy(() => import("./leaflet-map.client"));

export function CodedCommentsMap({
  view,
  pins,
  legend,
  pinHref,
}: {
  view: MapView;
  pins: AdminMapPin[];
  /** The codes the pins are coloured by. */
  legend: { id: string; name: string; colour: string }[];
  pinHref: (pin: AdminMapPin) => string;
}) {
  // Never on the server (the map's module is .client): the map starts at the first frame.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className="flex flex-col gap-3">
      <div className="relative h-[60dvh] min-h-80 w-full overflow-hidden rounded-lg border border-ink/10 bg-brand-soft/40">
        {shown && (
          <Suspense fallback={<p className="p-4">Carregant el mapa...</p>}>
            <LeafletMap
              label="Mapa dels comentaris codificats"
              tiles={view.tiles}
              layers={view.layers}
              categories={null}
              pins={pins}
              pinHref={pinHref}
              pinLinkLabel="Codifica aquest comentari"
            />
          </Suspense>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-x-8 gap-y-3">
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-bold">Codi (color del punt)</h3>
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {legend.map((c) => (
              <li key={c.id} className="flex items-center gap-2">
                <span aria-hidden="true" className="inline-block size-3 rounded-full" style={{ background: c.colour }} />
                {c.name}
              </li>
            ))}
          </ul>
        </div>
        <MapLegend layers={view.layers} />
      </div>
    </div>
  );
}
