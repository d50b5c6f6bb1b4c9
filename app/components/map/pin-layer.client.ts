// The comments' pins on the map, clustered with Supercluster (issue 17's measure): the points are
// indexed once, in a few milliseconds for thousands of them, and only the clusters and pins in view
// become markers, again after each move. (Leaflet.markercluster built a cluster tree of DOM-ready
// markers for every zoom level: 5,000 pins took seconds on a slow phone.) .client: Leaflet needs a window.
import L from "leaflet";
import Supercluster from "supercluster";
import type { ModerationStatus } from "~/domain/contributions";
import { formatNumber } from "~/i18n/locales";

/** A pin to draw: its place, its marker's icon and name, its popup (built when opened). */
export interface Pin {
  lat: number;
  lng: number;
  /** Counted in a cluster's name on the staff's map; the public map's pins are all published. */
  status: ModerationStatus;
  title: string;
  icon: () => L.DivIcon;
  popup: () => HTMLElement;
}

interface ClusterCounts {
  pending: number;
  hidden: number;
}

/** A divIcon with a name for screen readers (a cluster's count, a staff pin's status and text). */
export const LabelledIcon = L.DivIcon.extend({
  createIcon(this: L.DivIcon & { options: { label?: string } }, old?: HTMLElement) {
    const icon = L.DivIcon.prototype.createIcon.call(this, old);
    if (this.options.label) icon.setAttribute("aria-label", this.options.label);
    return icon;
  },
}) as unknown as new (options: L.DivIconOptions & { label: string }) => L.DivIcon;

// The staff's map is in Catalan (the back office): its clusters' statuses are counted in Catalan.
const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** A cluster's name in the page's language: "12 comentaris", and what Enter does. */
export interface ClusterWords {
  count: (n: number) => string;
  zoom: (name: string) => string;
}

export class PinLayer {
  private readonly layer = L.layerGroup();
  private index: Supercluster<{ i: number }, ClusterCounts> | null = null;
  private pins: Pin[] = [];
  /** The markers in view, by a key stable across moves (a pin's index, a cluster's id), so that a
   * marker with its popup open, or with the focus, survives the move its popup causes. */
  private markers = new Map<string, L.Marker>();

  constructor(
    private readonly map: L.Map,
    /** Name the clusters' statuses (the staff's map). */
    private readonly withStatuses: boolean,
    private readonly words: ClusterWords,
    private readonly radius = 45,
  ) {
    this.layer.addTo(map);
    map.on("moveend", this.render, this);
  }

  /** Draws these pins in place of the others. */
  setPins(pins: Pin[]) {
    this.pins = pins;
    this.index = new Supercluster<{ i: number }, ClusterCounts>({
      radius: this.radius,
      // Leaflet's tiles are 256 px (Supercluster's default is 512): the radius is then in screen
      // pixels, so that no two marks (24 px pins, 36 px clusters) overlap as targets (WCAG 2.5.8).
      extent: 256,
      minZoom: Math.floor(this.map.getMinZoom()),
      // Past this zoom every pin is drawn on its own.
      maxZoom: 16,
      map: (p) => ({ pending: pins[p.i]!.status === "pending" ? 1 : 0, hidden: pins[p.i]!.status === "hidden" ? 1 : 0 }),
      reduce: (a, b) => {
        a.pending += b.pending;
        a.hidden += b.hidden;
      },
    }).load(pins.map((p, i) => ({ type: "Feature", geometry: { type: "Point", coordinates: [p.lng, p.lat] }, properties: { i } })));
    for (const marker of this.markers.values()) this.layer.removeLayer(marker);
    this.markers.clear();
    this.render();
  }

  private render() {
    if (!this.index) return;
    const b = this.map.getBounds().pad(0.25);
    const zoom = Math.floor(this.map.getZoom());
    const features = this.index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom);
    const next = new Map<string, L.Marker>();
    for (const f of features) {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      const p = f.properties;
      const key = "cluster" in p ? `c${p.cluster_id}` : `p${p.i}`;
      let marker = this.markers.get(key);
      if (!marker) {
        marker = "cluster" in p ? this.clusterMarker(lat, lng, p.cluster_id, p.point_count, p) : this.pinMarker(this.pins[p.i]!);
        this.layer.addLayer(marker);
      }
      next.set(key, marker);
    }
    for (const [key, marker] of this.markers) if (!next.has(key)) this.layer.removeLayer(marker);
    this.markers = next;
  }

  private pinMarker(pin: Pin) {
    return L.marker([pin.lat, pin.lng], { icon: pin.icon(), title: pin.title, alt: pin.title, keyboard: true }).bindPopup(pin.popup);
  }

  private clusterMarker(lat: number, lng: number, id: number, n: number, counts: ClusterCounts) {
    let name = this.words.count(n);
    let className = "map-cluster";
    if (this.withStatuses) {
      const published = n - counts.pending - counts.hidden;
      name += `: ${plural(published, "publicat", "publicats")}, ${plural(counts.pending, "pendent", "pendents")}, ${plural(counts.hidden, "amagat", "amagats")}`;
      // Not only published ones inside: a dashed ring, and the name says so in words.
      if (counts.pending || counts.hidden) className += " map-cluster--review";
    }
    const icon = new LabelledIcon({ className, html: `<span>${n}</span>`, iconSize: [36, 36], label: this.words.zoom(name) });
    // A click, or Enter on the focused cluster (Leaflet's keyboard markers), zooms to where it opens up.
    return L.marker([lat, lng], { icon, keyboard: true }).on("click", () => {
      const zoom = Math.min(this.index!.getClusterExpansionZoom(id), this.map.getMaxZoom());
      this.map.setView([lat, lng], zoom);
      this.map.getContainer().focus({ preventScroll: true });
    });
  }
}
