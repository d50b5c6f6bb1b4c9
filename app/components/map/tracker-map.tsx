import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { PublicMapLayer, TileSettings } from "~/domain/map";
import { useT } from "~/i18n/react";

// The plan tracker's map (issue 35): the site's own Leaflet map (decision 038), drawing only the
// results' segments, each in its status colour. Leaflet and the map's code are their own chunk,
// imported in the browser only once the map comes into view (or near it): this page only, never on
// the server, and not at all for a visitor who reads the figures and the list and leaves. On the
// tracker, what it draws is its own request too (TRACKER_MAP_DATA), made at that moment; a result's
// page gives its few segments with the page. The list of results beside it says the same in words,
// with or without JavaScript.

const LeafletMap = lazy(() => import("./leaflet-map.client"));

export interface TrackerMapData {
  layers: PublicMapLayer[];
  colours: Record<string, string>;
}

/** How far below the screen the map starts loading, so that it is drawn as it scrolls in. */
const NEAR_SCREEN = "300px 0px";

export function TrackerMap({
  label,
  tiles,
  source,
  className = "h-[50dvh] min-h-72",
}: {
  label: string;
  tiles: TileSettings;
  /** What it draws, or the address to fetch it from when it comes into view. */
  source: TrackerMapData | string;
  className?: string;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [data, setData] = useState<TrackerMapData | "failed" | null>(typeof source === "string" ? null : source);

  useEffect(() => {
    const el = box.current;
    if (!el || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          seen.disconnect();
        }
      },
      { rootMargin: NEAR_SCREEN },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, []);

  useEffect(() => {
    if (!near || typeof source !== "string") return;
    let live = true;
    fetch(source)
      .then((res) => (res.ok ? (res.json() as Promise<TrackerMapData>) : Promise.reject(new Error(String(res.status)))))
      .then(
        (d) => live && setData(d),
        () => live && setData("failed"),
      );
    return () => {
      live = false;
    };
  }, [near, source]);

  const loading = <p className="p-3 text-sm">{t("public.map.loading")}</p>;
  return (
    <div
      ref={box}
      className={`relative w-full overflow-hidden rounded-lg border border-ink/10 bg-brand-soft/40 ${className}`}
      data-testid="tracker-map"
    >
      {!near ? null : data === "failed" ? (
        <p className="p-3 text-sm" role="status">
          {t("public.tracker.mapFailed")}
        </p>
      ) : data === null ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <LeafletMap label={label} tiles={tiles} layers={data.layers} categories={null} segmentColours={data.colours} />
        </Suspense>
      )}
    </div>
  );
}
