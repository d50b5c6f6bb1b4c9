import { useEffect, useRef, useState } from "react";

/** The external proposal map, sandboxed (the home's section and the map dialog). Shown only when its URL is configured. */
export function MapEmbed({ src, className }: { src: string | null; className?: string }) {
  if (!src) return null;
  return (
    <iframe
      src={src}
      title="Mapa interactiu de propostes de la xarxa ciclable"
      loading="lazy"
      sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
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

/** The map section (#mapa) of the home and landing pages; nothing when no map is configured. */
export function MapSection({ embedUrl, fullUrl }: { embedUrl: string | null; fullUrl: string | null }) {
  if (!embedUrl) return null;
  return (
    <section id="mapa" aria-labelledby="mapa-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <h2 id="mapa-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
        El mapa de la xarxa
      </h2>
      <p className="mt-2 text-lg">Explora les propostes de carrils bici i digues-hi la teva.</p>
      <div className="mt-6">
        <MapEmbedWhenNear src={embedUrl} />
      </div>
      {fullUrl && (
        <a href={fullUrl} target="_blank" rel="noopener noreferrer" className="mt-3 inline-block font-semibold text-brand-dark underline">
          Obre el mapa complet<span className="sr-only"> (s'obre en una pestanya nova)</span>
        </a>
      )}
    </section>
  );
}
