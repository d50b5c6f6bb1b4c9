// The map itself, drawn with Leaflet (decision 038); .client: the server never loads it (Leaflet
// needs a window). This module and Leaflet load only when a map
// comes near the screen or the map dialog opens (participation-map.tsx imports it dynamically).
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./map.css";
import { useEffect, useRef } from "react";
import {
  AREA_BBOX,
  DASH_ARRAYS,
  MAP_CATEGORY_COLOURS,
  mapCategoryKey,
  type AdminMapPin,
  type MapFocus,
  type MapPlace,
  type MapCategory,
  type PublicMapLayer,
  type TileSettings,
  nearestMunicipality,
} from "~/domain/map";
import { MAP_CATEGORY_LABELS, PIN_STATUS_LABELS } from "~/domain/map-labels";
import { nearestSegment, type LatLng, type SegmentShape } from "~/domain/map-places";
import { INTL_LOCALE, type Locale } from "~/i18n/locales";
import { useLocale, useT, type T } from "~/i18n/react";
import { cooperativeGestures, gestureHints } from "./cooperative-gestures.client";
import { LabelledIcon, PinLayer, type Pin } from "./pin-layer.client";

interface CommentFeature {
  geometry: { coordinates: [number, number] };
  properties: { id: string; comment: string; category: MapCategory | null; municipality: string | null; created_at: string };
}

export interface LeafletMapProps {
  label: string;
  tiles: TileSettings;
  layers: PublicMapLayer[];
  /** Which comment categories to show (all when null). */
  categories: readonly (MapCategory | "none")[] | null;
  /** Picking a place for a comment: a click, a segment, or Enter at the crosshair. */
  onPlace?: (place: MapPlace) => void;
  place?: MapPlace | null;
  /** Where the comments come from (the public GeoJSON). */
  commentsUrl?: string;
  /** The staff's map: these pins (any status), drawn instead of the public comments, each showing
   * its status by its shape and in words, with a link to moderate it (`pinHref`). */
  pins?: AdminMapPin[];
  pinHref?: (pin: AdminMapPin) => string;
  /** The words of a pin's link ("Modera aquest comentari" when not given). */
  pinLinkLabel?: string;
  onReady?: (info: { pins: number; ms: number }) => void;
  /** Centre the map here (the place search): a municipality's centre, or a segment framed whole. */
  focus?: MapFocus | null;
  /** The name of the placed pin's mark ("El lloc del teu comentari" when not given). */
  placeLabel?: string;
  /** The plan's tracker (issue 35): only these segments are drawn, each in its colour (by ref). */
  segmentColours?: Record<string, string>;
}

/** Half the width of what a finger or a click may hit around a line or a point, in CSS pixels:
 * a tap up to 14 px from a segment picks it (a target 28 px across; WCAG 2.2 asks for 24). */
export const TAP_RADIUS_PX = 14;

/** A drawn feature of a network layer: its shape (for the nearest one), its segment and its layer. */
interface DrawnFeature {
  shape: SegmentShape;
  seg: PublicMapLayer["segments"][number];
  item: L.Layer;
}

const toLatLng = ([lng, lat]: GeoJSON.Position): LatLng => [lat!, lng!];
function shapeOf(seg: PublicMapLayer["segments"][number], geometry: GeoJSON.Geometry | null): SegmentShape {
  const base = { ref: seg.ref, name: seg.name };
  if (geometry?.type === "Point") return { ...base, lines: null, point: toLatLng(geometry.coordinates) };
  if (geometry?.type === "LineString") return { ...base, lines: [geometry.coordinates.map(toLatLng)], point: null };
  if (geometry?.type === "MultiLineString") return { ...base, lines: geometry.coordinates.map((l) => l.map(toLatLng)), point: null };
  return { ...base, lines: null, point: seg.at };
}

/** Metres a CSS pixel covers at this latitude and zoom (Web Mercator, 256 px tiles). */
const metresPerPixel = (lat: number, zoom: number) => (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / 2 ** (zoom + 8);

const el = (tag: string, text?: string, className?: string) => {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
};

/** A segment's card, in the page's language. */
function segmentPopup(t: T, layerName: string, p: Record<string, unknown>, seg: PublicMapLayer["segments"][number] | undefined) {
  const box = el("div");
  box.append(el("strong", seg?.name ?? String(p.name ?? p.nom ?? layerName)));
  box.append(el("div", layerName, "map-popup-meta"));
  if (seg?.status) box.append(el("div", t("public.map.popup.status", { status: seg.status })));
  if (seg?.lengthKm) box.append(el("div", t("public.map.popup.length", { km: seg.lengthKm })));
  if (seg?.municipality) box.append(el("div", t("public.map.popup.municipality", { name: seg.municipality })));
  return box;
}

/** A public comment's card: its category, its text, its municipality and date in the page's language. */
function commentPopup(t: T, locale: Locale, f: CommentFeature) {
  const box = el("div");
  const { category, comment, municipality, created_at } = f.properties;
  box.append(el("strong", t(category ? mapCategoryKey(category) : "public.map.comment")));
  box.append(el("p", comment));
  const date = new Date(created_at).toLocaleDateString(INTL_LOCALE[locale]);
  box.append(el("div", [municipality, date].filter(Boolean).join(" · "), "map-popup-meta"));
  return box;
}

/** A comment's pin: 18 px of colour in a 24 px box, the box being what a finger hits. */
const pinIcon = (colour: string) =>
  L.divIcon({ className: "map-pin", html: `<span style="background:${colour}"></span>`, iconSize: [24, 24], iconAnchor: [12, 12] });

/** The staff's pins: the category's colour, and the status as a shape with a mark (a round pin
 * published, a square with "?" pending, a hollow circle crossed out hidden): never the colour alone. */
const STATUS_MARKS: Record<AdminMapPin["status"], string> = { published: "", pending: "?", hidden: "" };
const statusIcon = (colour: string, status: AdminMapPin["status"], label: string) =>
  new LabelledIcon({
    className: `map-pin map-pin--${status}`,
    html: `<span aria-hidden="true" style="--pin:${colour}">${STATUS_MARKS[status]}</span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
    label,
  });

const categoryOf = (category: MapCategory | null) => (category ? MAP_CATEGORY_LABELS[category] : "Comentari");

/** What a staff pin is named by: its codes on the analysis map, else its category. */
const pinWhat = (pin: AdminMapPin) => (pin.codes?.length ? pin.codes.join(", ") : categoryOf(pin.category));

function adminPinPopup(pin: AdminMapPin, href: string | undefined, linkLabel = "Modera aquest comentari") {
  const box = el("div");
  box.append(el("strong", pinWhat(pin)));
  box.append(el("div", `Estat: ${PIN_STATUS_LABELS[pin.status]}`, `map-popup-status map-popup-status--${pin.status}`));
  box.append(el("p", pin.comment));
  const meta = [pin.municipality, pin.segmentName, new Date(pin.createdAt).toLocaleDateString(INTL_LOCALE.ca)].filter(Boolean).join(" · ");
  box.append(el("div", meta, "map-popup-meta"));
  if (href) {
    const link = el("a", linkLabel, "map-popup-link") as HTMLAnchorElement;
    link.href = href;
    box.append(link);
  }
  return box;
}

export default function LeafletMap({
  label,
  tiles,
  layers,
  categories,
  onPlace,
  place,
  commentsUrl,
  pins: adminPins,
  pinHref,
  pinLinkLabel,
  onReady,
  focus,
  placeLabel,
  segmentColours,
}: LeafletMapProps) {
  const t = useT();
  const locale = useLocale();
  const pinName = placeLabel ?? t("public.map.place.yourPin");
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pinLayer = useRef<PinLayer | null>(null);
  /** The public comments drawn (for the category filter). */
  const comments = useRef<{ pin: Pin; category: MapCategory | null }[]>([]);
  const hrefRef = useRef(pinHref);
  const drawnPins = useRef<AdminMapPin[] | null>(null);
  const picked = useRef<L.Layer | null>(null);
  const placeRef = useRef(onPlace);
  /** The network's features as drawn, for the nearest segment and the tap tolerance. */
  const features = useRef<DrawnFeature[]>([]);
  useEffect(() => {
    placeRef.current = onPlace;
    hrefRef.current = pinHref;
  }, [onPlace, pinHref]);

  /** Draws the staff's pins in place of those drawn; the map's `data-pins` gives their number
   * (the tests wait for it). */
  function drawAdminPins(list: AdminMapPin[]): number {
    drawnPins.current = list;
    pinLayer.current!.setPins(
      list.map((pin) => {
        const title = `${PIN_STATUS_LABELS[pin.status]} · ${pinWhat(pin)}: ${pin.comment.slice(0, 80)}`;
        return {
          lat: pin.lat,
          lng: pin.lng,
          status: pin.status,
          title,
          icon: () => statusIcon(pin.colour ?? MAP_CATEGORY_COLOURS[pin.category ?? "altres"], pin.status, title),
          popup: () => adminPinPopup(pin, hrefRef.current?.(pin), pinLinkLabel),
        };
      }),
    );
    map.current!.getContainer().dataset.pins = String(list.length);
    return list.length;
  }

  useEffect(() => {
    const started = performance.now();
    const [w, s, e, n] = AREA_BBOX;
    const m = L.map(box.current!, {
      maxBounds: L.latLngBounds([s - 0.2, w - 0.3], [n + 0.2, e + 0.3]),
      minZoom: 9,
      maxZoom: 18,
      zoomSnap: 0.5,
    }).fitBounds([
      [41.25, 1.52],
      [41.52, 1.92],
    ]);
    map.current = m;
    features.current = [];
    m.attributionControl.setPrefix(false);
    const container = m.getContainer();
    container.setAttribute("aria-label", label);
    container.setAttribute("role", "application");
    container.setAttribute("aria-roledescription", t("public.map.roleDescription"));
    // The base map is decoration: when its server cannot be reached, the network is drawn all the same.
    if (tiles.tileUrl) L.tileLayer(tiles.tileUrl, { attribution: tiles.tileAttribution ?? "", subdomains: "abc", maxZoom: 19 }).addTo(m);

    const stopGestures = cooperativeGestures(m, gestureHints(t));
    container.dataset.zoom = String(m.getZoom());
    m.on("zoomend", () => (container.dataset.zoom = String(m.getZoom())));

    const pick = (p: MapPlace) => placeRef.current?.(p);
    const pickSegment = (seg: PublicMapLayer["segments"][number]) =>
      pick({ segment: seg.ref, segmentName: seg.name, lat: seg.at[0], lng: seg.at[1], municipality: seg.municipality });
    /** A pin, named by the nearest municipality and the nearest named segment (never by its coordinates). */
    const pickPoint = (lat: number, lng: number) => {
      const near = nearestSegment(
        [lat, lng],
        features.current.map((f) => f.shape),
      );
      pick({ lat, lng, municipality: nearestMunicipality(lat, lng), near: near && { name: near.shape.name, metres: near.metres } });
    };
    m.on("click", (ev: L.LeafletMouseEvent) => {
      const { lat, lng } = ev.latlng;
      // A click beside a thin line or a small point, within the tap radius, is a click on it.
      const hit = nearestSegment(
        [lat, lng],
        features.current.map((f) => f.shape),
        false,
      );
      const feature =
        hit && hit.metres / metresPerPixel(lat, m.getZoom()) <= TAP_RADIUS_PX
          ? features.current.find((f) => f.shape === hit.shape)
          : undefined;
      if (feature) {
        feature.item.openPopup?.(ev.latlng);
        if (placeRef.current) pickSegment(feature.seg);
        return;
      }
      if (placeRef.current) pickPoint(lat, lng);
    });
    // The keyboard's way to place a pin: arrows move the map under the crosshair, Enter drops it.
    container.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" || ev.target !== container || !placeRef.current) return;
      ev.preventDefault();
      const c = m.getCenter();
      pickPoint(c.lat, c.lng);
    });

    const drawn = layers.map(async (layer) => {
      const res = await fetch(layer.url);
      const json = (await res.json()) as GeoJSON.FeatureCollection;
      // Each feature's index in its file (its segment is `<layer id>:<index>`), and its colour: the
      // layer's, or on the tracker its result's (where only the results' segments are drawn).
      const indexOf = new Map(json.features.map((f, i) => [f, i]));
      // The layer's segments by ref: the tracker sends only those it draws.
      const segmentOf = new Map(layer.segments.map((seg) => [seg.ref, seg]));
      const colourOf = (f: GeoJSON.Feature | undefined) =>
        (segmentColours && f ? segmentColours[`${layer.id}:${indexOf.get(f)}`] : undefined) ?? layer.colour;
      const shown = segmentColours ? json.features.filter((f) => segmentColours[`${layer.id}:${indexOf.get(f)}`]) : json.features;
      return L.geoJSON({ ...json, features: shown } as GeoJSON.FeatureCollection, {
        style: (f) => ({ color: colourOf(f), weight: 5, opacity: 0.9, dashArray: DASH_ARRAYS[layer.lineStyle], lineCap: "round" }),
        // A point 24 px across (radius 12): what a finger can hit, and what a focus ring can circle.
        pointToLayer: (f, latlng) =>
          L.circleMarker(latlng, { radius: 12, color: "#fff", weight: 2, fillColor: colourOf(f), fillOpacity: 1 }),
        onEachFeature: (feature, item) => {
          const seg = segmentOf.get(`${layer.id}:${indexOf.get(feature)}`);
          if (seg) features.current.push({ shape: shapeOf(seg, feature.geometry), seg, item });
          item.bindPopup(() => segmentPopup(t, layer.name, feature.properties ?? {}, seg));
          item.on("click", (ev) => {
            if (!placeRef.current || !seg) return;
            L.DomEvent.stopPropagation(ev);
            pickSegment(seg);
          });
          item.on("add", () => {
            // Segments are reachable by keyboard: Tab focuses one, its properties open, Enter picks it.
            const path = (item as L.Path).getElement?.() as SVGElement | undefined;
            if (!path || !seg) return;
            path.setAttribute("tabindex", "0");
            path.setAttribute("role", "button");
            path.setAttribute("aria-label", `${seg.name} (${layer.name})`);
            path.addEventListener("focus", () => item.openPopup());
            path.addEventListener("keydown", (ev: KeyboardEvent) => {
              if (ev.key !== "Enter" || !placeRef.current) return;
              ev.preventDefault();
              pickSegment(seg);
            });
          });
        },
      }).addTo(m);
    });

    pinLayer.current = new PinLayer(m, Boolean(adminPins), {
      count: (n) => t("public.map.cluster", { n }),
      zoom: (name) => t("public.map.clusterZoom", { name }),
    });
    const loaded = adminPins
      ? Promise.resolve(drawAdminPins(adminPins))
      : commentsUrl
        ? fetch(commentsUrl)
            .then((r) => r.json() as Promise<{ features: CommentFeature[] }>)
            .then(({ features }) => {
              comments.current = features.map((f) => {
                const colour = MAP_CATEGORY_COLOURS[f.properties.category ?? "altres"];
                const [lng, lat] = f.geometry.coordinates;
                const category = t(f.properties.category ? mapCategoryKey(f.properties.category) : "public.map.comment");
                const title = `${category}: ${f.properties.comment.slice(0, 80)}`;
                const pin: Pin = {
                  lat,
                  lng,
                  status: "published",
                  title,
                  icon: () => pinIcon(colour),
                  popup: () => commentPopup(t, locale, f),
                };
                return { pin, category: f.properties.category };
              });
              pinLayer.current!.setPins(comments.current.map((c) => c.pin));
              return features.length;
            })
        : Promise.resolve(0);
    void Promise.allSettled([...drawn, loaded]).then(([...results]) => {
      const last = results.at(-1);
      // The tracker draws only its results' segments: the map shows them, not the whole county
      // (a result's page zooms to its few segments; a filter, to what it keeps).
      if (segmentColours) {
        const bounds = L.latLngBounds([]);
        for (const r of results.slice(0, drawn.length)) if (r.status === "fulfilled") bounds.extend((r.value as L.GeoJSON).getBounds());
        if (bounds.isValid()) m.fitBounds(bounds, { padding: [24, 24], maxZoom: 15, animate: false });
      }
      container.dataset.ready = "true";
      onReady?.({ pins: last?.status === "fulfilled" ? (last.value as number) : 0, ms: performance.now() - started });
    });
    return () => {
      stopGestures();
      m.remove();
      map.current = null;
    };
    // The map is made once; its inputs are read again by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // A new filter: the new pins replace the old (the first ones were drawn with the map).
    if (adminPins && pinLayer.current && drawnPins.current !== adminPins) drawAdminPins(adminPins);
  }, [adminPins]);

  useEffect(() => {
    if (!pinLayer.current || comments.current.length === 0) return;
    pinLayer.current.setPins(
      comments.current.filter((c) => categories === null || categories.includes(c.category ?? "none")).map((c) => c.pin),
    );
  }, [categories]);

  useEffect(() => {
    const m = map.current;
    if (!m || !focus) return;
    const feature = focus.ref ? features.current.find((f) => f.seg.ref === focus.ref) : undefined;
    const bounds = (feature?.item as L.Polyline | undefined)?.getBounds?.();
    if (bounds?.isValid()) m.fitBounds(bounds, { padding: [40, 40], maxZoom: 16 });
    else m.setView(focus.at, Math.max(m.getZoom(), feature ? 16 : 14));
    if (feature) feature.item.openPopup?.();
  }, [focus]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (picked.current) m.removeLayer(picked.current);
    picked.current = place
      ? L.marker([place.lat, place.lng], {
          icon: L.divIcon({ className: "map-picked", html: "<span></span>", iconSize: [28, 28], iconAnchor: [14, 28] }),
          title: pinName,
          alt: pinName,
          keyboard: false,
          interactive: false,
        }).addTo(m)
      : null;
  }, [place, pinName]);

  return <div ref={box} className="map-canvas size-full" data-picking={onPlace ? "true" : undefined} />;
}
