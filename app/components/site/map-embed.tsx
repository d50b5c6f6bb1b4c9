import { useEffect, useRef, useState } from "react";
import { COMMENTS_URL, ParticipationMap } from "~/components/map/participation-map";
import type { MapView } from "~/domain/map";
import type { MapKind } from "~/domain/map";
import { localePaths } from "~/lib/routes";
import { useLocale, useT } from "~/i18n/react";
import { ExternalFrame } from "./external-frame";

/** The external proposal map, sandboxed (the home's section and the map dialog). Shown only when its URL is configured. */
export function MapEmbed({ src, className }: { src: string | null; className?: string }) {
  const t = useT();
  if (!src) return null;
  return (
    <ExternalFrame
      what="map"
      src={src}
      title={t("public.mapSection.frameTitle")}
      sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      className={className ?? "h-[60dvh] min-h-80 w-full rounded-lg border border-ink/10"}
    />
  );
}

/** The map of the home and landing pages, far down the page: its frame is made only when the
 * section comes near the screen, so the third-party page never competes with the page's own first
 * paint on a slow phone network (Chrome's loading="lazy" starts frames much further away). The box
 * keeps its size meanwhile, so nothing moves; without JavaScript the frame is there from the start. */
function MapEmbedWhenNear({ src }: { src: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: "400px 0px",
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="h-[60dvh] min-h-80 w-full rounded-lg border border-ink/10 bg-brand-soft/40">
      {near ? (
        <MapEmbed src={src} className="size-full rounded-lg" />
      ) : (
        <noscript>
          <MapEmbed src={src} className="size-full rounded-lg" />
        </noscript>
      )}
    </div>
  );
}

/** The map section (#mapa) of the home and landing pages: our own map (issue 17) when there is
 * something to draw, or the external embed when it is chosen; nothing otherwise. */
export function MapSection({
  embedUrl,
  fullUrl,
  map,
}: {
  embedUrl: string | null;
  fullUrl: string | null;
  map?: MapView & { kind: MapKind };
}) {
  const t = useT();
  const paths = localePaths(useLocale());
  const native = map?.kind === "native" && (map.layers.length > 0 || map.tiles.tileUrl !== null);
  if (!native && (!embedUrl || map?.kind === "native")) return null;
  return (
    <section id="mapa" aria-labelledby="mapa-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <h2 id="mapa-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
        {t("public.mapSection.title")}
      </h2>
      <p className="mt-2 text-lg">{t("public.mapSection.text")}</p>
      <div className="mt-6">{native ? <ParticipationMap view={map} /> : <MapEmbedWhenNear src={embedUrl!} />}</div>
      {native ? (
        <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          <a href={`${paths.map}#llista`} className="font-semibold text-brand-dark underline">
            {t("public.mapSection.asList")}
          </a>
          <a href={COMMENTS_URL} className="font-semibold text-brand-dark underline">
            {t("public.mapSection.download")}
          </a>
        </p>
      ) : (
        fullUrl && (
          <a href={fullUrl} target="_blank" rel="noopener noreferrer" className="mt-3 inline-block font-semibold text-brand-dark underline">
            {t("public.mapSection.openFull")}
            <span className="sr-only"> {t("public.common.opensNewTab")}</span>
          </a>
        )
      )}
    </section>
  );
}
