import { lazy, Suspense, useEffect, useMemo } from "react";
import { useFetcher } from "react-router";
import type { CommentPlace } from "~/domain/contributions";
import { pointPlaceText } from "~/domain/map-places";
import type { MapSettings } from "~/lib/participation-texts";
import { useLocale, useT, type T } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import type { MapFocus, MapPlace } from "~/domain/map";

const LeafletMap = lazy(() => import("./leaflet-map.client"));

/** A placed comment's place in words: its segment, or the municipality nearest its pin. */
export function commentPlaceText(t: T, place: CommentPlace): string {
  if (place.segmentName)
    return place.municipality
      ? t("public.map.place.segmentIn", { name: place.segmentName, municipality: place.municipality })
      : t("public.map.place.segment", { name: place.segmentName });
  return place.municipality
    ? t("public.map.place.point", { where: pointPlaceText(t, place.municipality) })
    : t("public.map.place.pointUnknown");
}

/** A small map of where a comment was placed (issue 27, item 11), for its dialog on the public
 * pages and in the back office: the pin on the base map and the network, the place in words under
 * it. The map's settings come from the map page's loader (shared with the map dialog, fetched once);
 * Leaflet comes with the map's own chunk, only when such a dialog opens. With the external embed
 * chosen instead of our map, the words alone. */
export function PlaceMap({ place, className = "h-48" }: { place: CommentPlace; className?: string }) {
  const { load, state, data } = useFetcher<{ map: MapSettings }>({ key: "map-settings" });
  const t = useT();
  const mapPage = localePaths(useLocale()).map;
  useEffect(() => {
    if (!data && state === "idle") void load(mapPage);
  }, [data, state, load, mapPage]);
  const pin = useMemo<MapPlace>(() => ({ lat: place.lat, lng: place.lng }), [place.lat, place.lng]);
  const focus = useMemo<MapFocus>(() => ({ at: [place.lat, place.lng], n: 1 }), [place.lat, place.lng]);
  const words = commentPlaceText(t, place);
  const native = data?.map.kind === "native";
  return (
    <figure className="flex flex-col gap-1.5">
      {(!data || native) && (
        <div className={`relative w-full overflow-hidden rounded-lg border border-ink/10 bg-brand-soft/40 ${className}`}>
          {/* Fetcher data exists only in the browser: the server never reaches Leaflet. */}
          {native && (
            <Suspense fallback={<p className="p-3 text-sm">{t("public.map.loading")}</p>}>
              <LeafletMap
                label={t("public.map.place.mapOf", { place: words })}
                tiles={data.map.tiles}
                layers={data.map.layers}
                categories={null}
                place={pin}
                focus={focus}
                placeLabel={t("public.map.place.pin")}
              />
            </Suspense>
          )}
        </div>
      )}
      <figcaption className="text-sm font-semibold">{words}</figcaption>
    </figure>
  );
}
