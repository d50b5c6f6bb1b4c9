/** The external proposal map, sandboxed. Shown only when its URL is configured. */
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
