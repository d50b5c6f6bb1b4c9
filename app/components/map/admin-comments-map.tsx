import { adminPaths } from "~/lib/admin-paths";
import { lazy, Suspense, useEffect, useState } from "react";
import { ADMIN_PIN_LIMIT, MAP_CATEGORIES, MAP_CATEGORY_COLOURS, type AdminMapPin } from "~/domain/map";
import { MAP_CATEGORY_LABELS, PIN_STATUS_LABELS } from "~/domain/map-labels";
import { moderationStatuses } from "~/domain/contributions";
import { listHref } from "~/lib/admin-list";
import { QUEUE_SHAPE } from "~/lib/moderation";
import type { MapView } from "~/domain/map";
import { MapLegend } from "./map-legend";
import { formatNumber } from "~/i18n/locales";

// The staff's map of the map comments (issue 17): every status, with the list's filters (they
// live in the URL, the server applies them). Leaflet is the public map's chunk, loaded after the
// page is shown, never with it (decision 038). The list below the map holds the same comments.

const LeafletMap = lazy(() => import("./leaflet-map.client"));

/** Where staff moderate a pin's comment: the queue's tab of its status, searched by its text. */
export const moderationHref = (pin: Pick<AdminMapPin, "status" | "comment">) =>
  `${adminPaths.adminModeration}${listHref(
    { filters: { estat: pin.status, tipus: "map_comment" }, q: pin.comment.split("\n")[0]!.slice(0, 80).replace(/…$/, "") },
    QUEUE_SHAPE,
  )}`;

/** The shape of each status, as the map draws it (the legend's samples). */
function StatusSample({ status }: { status: AdminMapPin["status"] }) {
  const colour = MAP_CATEGORY_COLOURS.altres;
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5 shrink-0">
      {status === "published" && <circle cx="10" cy="10" r="8" fill={colour} stroke="#fff" strokeWidth="2" />}
      {status === "pending" && (
        <>
          <rect x="2" y="2" width="16" height="16" rx="2" fill={colour} />
          <text x="10" y="14.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fff">
            ?
          </text>
        </>
      )}
      {status === "hidden" && (
        <>
          <circle cx="10" cy="10" r="7.5" fill="#fff" stroke={colour} strokeWidth="3" />
          <line x1="4.5" y1="15.5" x2="15.5" y2="4.5" stroke={colour} strokeWidth="3" />
        </>
      )}
    </svg>
  );
}

export function AdminCommentsMap({
  view,
  pins,
  more,
  matching,
}: {
  view: MapView;
  pins: AdminMapPin[];
  /** More comments with a place match than the map draws (the newest ADMIN_PIN_LIMIT are drawn). */
  more: boolean;
  /** Comments matching the filters, with a place or without. */
  matching: number;
}) {
  // Never on the server (the map's module is .client): the map starts at the first frame.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const n = (x: number) => formatNumber(x);
  return (
    <section aria-labelledby="admin-map-title" className="mb-6 flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm">
      <h2 id="admin-map-title" className="text-lg font-bold">
        Mapa dels comentaris
      </h2>
      <p className="text-sm">
        {more
          ? `El mapa mostra els ${n(ADMIN_PIN_LIMIT)} comentaris amb lloc més recents dels que coincideixen amb els filtres; afina'ls per veure'n la resta.`
          : `${n(pins.length)} dels ${n(matching)} comentaris que coincideixen amb els filtres tenen lloc al mapa.`}{" "}
        Cada punt obre el seu text, el seu estat i l'enllaç per moderar-lo; la llista de sota té els mateixos comentaris.
      </p>
      <div className="relative h-[60dvh] min-h-80 w-full overflow-hidden rounded-lg border border-ink/10 bg-brand-soft/40">
        {shown && (
          <Suspense fallback={<p className="p-4">Carregant el mapa...</p>}>
            <LeafletMap
              label="Mapa dels comentaris de tots els estats"
              tiles={view.tiles}
              layers={view.layers}
              categories={null}
              pins={pins}
              pinHref={moderationHref}
            />
          </Suspense>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-x-8 gap-y-3">
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-bold">Estat (forma del punt)</h3>
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {moderationStatuses.map((s) => (
              <li key={s} className="flex items-center gap-2">
                <StatusSample status={s} />
                {PIN_STATUS_LABELS[s]}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-bold">Categoria (color del punt)</h3>
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {MAP_CATEGORIES.map((c) => (
              <li key={c} className="flex items-center gap-2">
                <span aria-hidden="true" className="inline-block size-3 rounded-full" style={{ background: MAP_CATEGORY_COLOURS[c] }} />
                {MAP_CATEGORY_LABELS[c]}
              </li>
            ))}
          </ul>
        </div>
        <MapLegend layers={view.layers} />
      </div>
    </section>
  );
}
