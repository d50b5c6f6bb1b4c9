import { lazy, Suspense, useEffect, useState } from "react";
import type { PublicMapLayer, TileSettings } from "~/domain/map";
import { useT } from "~/i18n/react";

// The plan tracker's map (issue 35): the site's own Leaflet map (decision 038), drawing only the
// results' segments, each in its status colour. Leaflet and the map's code are their own chunk,
// imported in the browser once the page has loaded: this page only, and never on the server. The
// list of results beside it says the same in words, with or without JavaScript.

const LeafletMap = lazy(() => import("./leaflet-map.client"));

export function TrackerMap({
  label,
  tiles,
  layers,
  colours,
  className = "h-[50dvh] min-h-72",
}: {
  label: string;
  tiles: TileSettings;
  layers: PublicMapLayer[];
  colours: Record<string, string>;
  className?: string;
}) {
  const t = useT();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className={`relative w-full overflow-hidden rounded-lg border border-ink/10 bg-brand-soft/40 ${className}`}>
      {ready && (
        <Suspense fallback={<p className="p-3 text-sm">{t("public.map.loading")}</p>}>
          <LeafletMap label={label} tiles={tiles} layers={layers} categories={null} segmentColours={colours} />
        </Suspense>
      )}
    </div>
  );
}
