import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import {
  MAP_CATEGORIES,
  MAP_CATEGORY_COLOURS,
  mapCategoryKey,
  type MapCategory,
  type MapFocus,
  type MapPlace,
  type MapView,
} from "~/domain/map";
import type { PlaceOption } from "~/domain/map-places";
import { MapLegend } from "./map-legend";
import { MapSearch } from "./map-search";
import { useT } from "~/i18n/react";

// Our own map (issue 17), as the pages use it. Leaflet and the map's code are a separate chunk,
// imported only when the map comes near the screen (the home and landing pages) or at once (the
// map dialog and page): the first load of every page carries none of it (decision 038).

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
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const goTo = (o: PlaceOption) => setFocus((f) => ({ at: o.at, ref: o.ref, n: (f?.n ?? 0) + 1 }));
  const id = useId();
  const t = useT();
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
  const label = t(onPlace ? "public.map.labelPick" : "public.map.label");
  return (
    <div className="flex flex-col gap-3">
      {onPlace && (
        <p id={`${id}-help`} className="text-sm">
          {t("public.map.helpPick")}
        </p>
      )}
      <div ref={box} className={`relative w-full overflow-hidden rounded-lg border border-ink/10 bg-brand-soft/40 ${className}`}>
        {near && (
          // Over the map, beside the zoom buttons: it comes with the map (it needs it), and moves nothing.
          <MapSearch layers={view.layers} onChoose={goTo} className="absolute top-2.5 right-2.5 left-14 z-[1100] sm:right-auto sm:w-80" />
        )}
        {near && (
          <Suspense fallback={<p className="p-4">{t("public.map.loading")}</p>}>
            <LeafletMap
              label={label}
              tiles={view.tiles}
              layers={view.layers}
              categories={shown}
              onPlace={onPlace}
              place={place}
              commentsUrl={commentsUrl}
              focus={focus}
            />
          </Suspense>
        )}
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <MapLegend layers={view.layers} />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-bold">{t("public.map.shown")}</legend>
          {/* Each box 24 px and each row 44 px tall on a phone, 32 px where a mouse points (WCAG 2.5.8). */}
          <div className="flex flex-wrap gap-x-4 text-sm">
            {MAP_CATEGORIES.map((c) => (
              <label key={c} className="flex min-h-11 cursor-pointer items-center gap-2 sm:min-h-8">
                <input
                  type="checkbox"
                  checked={shown === null || shown.includes(c)}
                  onChange={() => toggle(c)}
                  className="size-6 shrink-0 accent-brand"
                />
                <span aria-hidden="true" className="inline-block size-3 rounded-full" style={{ background: MAP_CATEGORY_COLOURS[c] }} />
                {t(mapCategoryKey(c))}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </div>
  );
}
