// Cooperative gestures (issue 27, item 4; decision 049): a map in the middle of a page must not
// take the page's scroll. One finger on a touch screen scrolls the page and two move the map; the
// mouse wheel scrolls the page and Ctrl (⌘ on a Mac) + wheel zooms the map. A short hint over the
// map says so when the plain gesture is tried. Dragging with the mouse, the keyboard, the zoom
// buttons, a tap (to place a pin or open a card) and a pinch all work as before.
//
// How: listeners on the map's container in the capture phase run before Leaflet's own (which are
// on the container and its panes, in the bubble phase). A plain wheel, and a one-finger touch,
// are stopped there, so Leaflet never sees them, and not prevented, so the browser scrolls the
// page. The container's touch-action lets the browser pan (map.css, .map-cooperative); a pinch
// stays the map's (touch-action has no pinch-zoom), and Leaflet's TouchZoom both zooms and moves
// the map with two fingers.
import type L from "leaflet";
import type { T } from "~/i18n/react";

/** The key held to zoom with the wheel. */
type WheelKey = "⌘" | "Ctrl";

/** The hints, in the page's language: the wheel's names the key to hold. */
export interface GestureHints {
  touch: string;
  wheel: (key: WheelKey) => string;
}

export const gestureHints = (t: T): GestureHints => ({
  touch: t("public.map.hint.touch"),
  wheel: (key) => t("public.map.hint.wheel", { key }),
});

/** A Mac, iPhone or iPad: the hint names ⌘, the key people press there. */
export function isApple(nav: Pick<Navigator, "platform" | "userAgent"> & { userAgentData?: { platform?: string } } = navigator) {
  return /mac|iphone|ipad|ipod/i.test(nav.userAgentData?.platform || nav.platform || nav.userAgent);
}

/** ⌘ on a Mac, iPhone or iPad; Ctrl elsewhere. */
export const wheelKey = (nav?: Parameters<typeof isApple>[0]): WheelKey => (isApple(nav) ? "⌘" : "Ctrl");

/** How long the hint stays after the last plain gesture, in ms. */
const HINT_MS = 1500;

export function cooperativeGestures(map: L.Map, hints: GestureHints): () => void {
  const container = map.getContainer();
  container.classList.add("map-cooperative");
  const hint = document.createElement("div");
  hint.className = "map-gesture-hint";
  // The hint is for pointers and fingers; keyboard users have the map's own instructions.
  hint.setAttribute("aria-hidden", "true");
  hint.append(document.createElement("span"));
  container.append(hint);
  const key = wheelKey();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (text: string) => {
    hint.firstChild!.textContent = text;
    hint.dataset.shown = "true";
    container.dataset.gestureHint = text;
    clearTimeout(timer);
    timer = setTimeout(hide, HINT_MS);
  };
  const hide = () => {
    clearTimeout(timer);
    delete hint.dataset.shown;
    delete container.dataset.gestureHint;
  };

  const onWheel = (ev: WheelEvent) => {
    // Inside a card (a popup), the wheel scrolls the card as it always did.
    if ((ev.target as Element).closest?.(".leaflet-popup-content-wrapper")) return;
    if (ev.ctrlKey || ev.metaKey) {
      // Leaflet zooms; the browser must not zoom the page (Ctrl + wheel, a trackpad's pinch).
      ev.preventDefault();
      hide();
      return;
    }
    ev.stopImmediatePropagation();
    show(hints.wheel(key));
  };

  let moved = false;
  const onTouch = (ev: TouchEvent) => {
    if (ev.type === "touchstart") moved = false;
    if (ev.touches.length >= 2) {
      hide();
      return;
    }
    if (ev.type === "touchend" || ev.type === "touchcancel") return;
    // One finger: the page's. A tap still becomes a click (Leaflet's clicks are the browser's).
    ev.stopImmediatePropagation();
    if (ev.type === "touchmove" && !moved) {
      moved = true;
      show(hints.touch);
    }
  };

  const capture = { capture: true, passive: false } as const;
  container.addEventListener("wheel", onWheel, capture);
  for (const type of ["touchstart", "touchmove", "touchend", "touchcancel"] as const) container.addEventListener(type, onTouch, capture);
  return () => {
    clearTimeout(timer);
    container.removeEventListener("wheel", onWheel, capture);
    for (const type of ["touchstart", "touchmove", "touchend", "touchcancel"] as const)
      container.removeEventListener(type, onTouch, capture);
    hint.remove();
    container.classList.remove("map-cooperative");
  };
}
