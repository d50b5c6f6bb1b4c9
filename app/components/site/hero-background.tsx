import { useEffect, useRef, type ReactNode } from "react";
import { imageSrcSet, imageVariantUrl } from "~/lib/images";
import { cn } from "~/lib/utils";

export interface BackgroundMedia {
  key: string;
  url: string;
  type: "image" | "video";
}

const DEFAULT_SRCSET = "/images/hero-640.webp 640w, /images/hero-1280.webp 1280w, /images/hero-1920.webp 1920w";

/** A muted looping background video that only plays when the visitor has not asked for
 * reduced motion (and not before JavaScript runs). */
function BackgroundVideo({ src }: { src: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const apply = () => (query.matches ? video.pause() : void video.play().catch(() => {}));
    apply();
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, []);
  return (
    <video
      ref={ref}
      src={src}
      muted
      loop
      playsInline
      preload="metadata"
      aria-hidden="true"
      className="absolute inset-0 size-full object-cover"
    />
  );
}

/** The full-bleed background of a hero: the given image or video, or the default image. */
function HeroBackground({ media, fallbackSrcSet = DEFAULT_SRCSET }: { media: BackgroundMedia | null; fallbackSrcSet?: string }) {
  return (
    <div aria-hidden="true" className="absolute inset-0 -z-10 overflow-hidden bg-brand-dark">
      {media?.type === "video" ? (
        <BackgroundVideo src={media.url} />
      ) : (
        <img
          src={media ? imageVariantUrl(media.key, 1200) : "/images/hero-1280.webp"}
          srcSet={media ? imageSrcSet(media.key) : fallbackSrcSet}
          sizes="100vw"
          alt=""
          width={1920}
          height={1080}
          fetchPriority="high"
          className="size-full object-cover"
        />
      )}
      <div className="absolute inset-0 bg-gradient-to-r from-black/75 via-black/55 to-black/30" />
    </div>
  );
}

const HEIGHTS = {
  /** The home page and the landings. */
  tall: "min-h-[70dvh] gap-6 pt-[14dvh]",
  /** The whole screen below the sticky header (h-16): a theme's video fills it. */
  screen: "min-h-[calc(100dvh-4rem)] gap-5 pt-[18dvh]",
  short: "min-h-[50dvh] gap-4 pt-[12dvh]",
};

/** The top of a public page: its title (and what goes with it) in white over a background. */
export function Hero({
  media,
  fallbackSrcSet,
  height,
  eyebrow,
  title,
  children,
}: {
  media: BackgroundMedia | null;
  fallbackSrcSet?: string;
  height: keyof typeof HEIGHTS;
  /** A label above the title. */
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate text-white">
      <HeroBackground media={media} fallbackSrcSet={fallbackSrcSet} />
      <div className={cn("mx-auto flex max-w-6xl flex-col justify-start px-4 pb-16", HEIGHTS[height])}>
        {eyebrow}
        <h1 className="max-w-3xl text-4xl font-extrabold drop-shadow md:text-6xl">{title}</h1>
        {children}
      </div>
    </section>
  );
}
