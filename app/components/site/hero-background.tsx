import { PauseIcon, PlayIcon } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { imageSrcSet, imageVariantUrl } from "~/lib/images";
import type { Scene } from "~/domain/campaign";
import { cn } from "~/lib/utils";
import { useT } from "~/i18n/react";

export interface BackgroundMedia {
  key: string;
  url: string;
  type: "image" | "video";
}

/** The campaign's illustrations (app/seed/scenes.ts), served from public/images/scenes/. */
export const sceneUrl = (scene: Scene) => `/images/scenes/${scene}.svg`;

/** The hero's solid colours: white text on each of them passes AA (at least 6:1), and axe can
 * measure it, since nothing but the colour lies behind the text. */
export const TONE_BACKGROUNDS = {
  brand: "bg-brand",
  leaf: "bg-leaf",
  ink: "bg-ink",
  sea: "bg-[#0b5872]",
} as const;
export type HeroTone = keyof typeof TONE_BACKGROUNDS;

/** A muted looping background video and its pause / play button (WCAG 2.2.2: moving content that
 * lasts more than five seconds can be paused). It plays on its own only when the visitor has not
 * asked for reduced motion (and not before JavaScript runs); the poster shows while it loads. */
function BackgroundVideo({ src, poster }: { src: string; poster: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const t = useT();
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const apply = () => (query.matches ? video.pause() : void video.play().catch(() => {}));
    apply();
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, []);
  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => {});
    else video.pause();
  };
  return (
    <>
      <div aria-hidden="true" className="absolute inset-0">
        <video
          ref={ref}
          src={src}
          poster={poster}
          muted
          loop
          playsInline
          preload="metadata"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          className="absolute inset-0 size-full object-cover"
        />
      </div>
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? t("public.hero.video.pauseLabel") : t("public.hero.video.playLabel")}
        className="absolute right-4 bottom-4 z-10 inline-flex min-h-11 items-center gap-2 rounded-full bg-black/70 px-4 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-black/85 focus-visible:ring-[3px] focus-visible:ring-white focus-visible:outline-none"
      >
        {playing ? <PauseIcon aria-hidden="true" className="size-4" /> : <PlayIcon aria-hidden="true" className="size-4" />}
        {playing ? t("public.hero.video.pause") : t("public.hero.video.play")}
      </button>
      <p role="status" className="sr-only">
        {playing ? t("public.hero.video.playing") : t("public.hero.video.paused")}
      </p>
    </>
  );
}

/** The hero's picture: the given image or video, or the page's illustration, in a frame of a
 * fixed shape (nothing moves while it loads). */
function HeroMedia({ media, scene }: { media: BackgroundMedia | null; scene: Scene }) {
  const poster = sceneUrl(scene);
  return (
    <div className="relative aspect-[16/10] overflow-hidden rounded-card bg-cream shadow-xl ring-4 ring-white/25 lg:aspect-[4/3]">
      {media?.type === "video" ? (
        <BackgroundVideo src={media.url} poster={poster} />
      ) : (
        <img
          src={media ? imageVariantUrl(media.key, 1200) : poster}
          srcSet={media ? imageSrcSet(media.key) : undefined}
          sizes={media ? "(min-width: 1024px) 600px, 100vw" : undefined}
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </div>
  );
}

const HEIGHTS = {
  /** The home page and the landings. */
  tall: "lg:min-h-[36rem]",
  /** A theme page: its video fills the screen below the sticky header (h-16); its illustration
   * is framed like the home page's. */
  screen: "lg:min-h-[36rem]",
  short: "",
};

/** The top of a public page: its title (and what goes with it) in white on a solid colour, beside
 * (below, on a phone) its picture: the page's illustration, or the image or video staff chose. A
 * theme page's video fills the whole screen behind it (spec), the text on a panel of the colour. */
export function Hero({
  media,
  scene,
  tone = "brand",
  height,
  eyebrow,
  title,
  titleLang,
  children,
}: {
  media: BackgroundMedia | null;
  /** The illustration shown when there is no media (and the video's poster). */
  scene: Scene;
  tone?: HeroTone;
  height: keyof typeof HEIGHTS;
  /** A label above the title. */
  eyebrow?: ReactNode;
  title: ReactNode;
  /** The title's language when it is not the page's (the campaign's name is Catalan in every language). */
  titleLang?: string;
  children?: ReactNode;
}) {
  const text = (
    <>
      {eyebrow}
      <h1 lang={titleLang} className="max-w-3xl text-display font-extrabold text-balance">
        {title}
      </h1>
      {children}
    </>
  );
  if (media?.type === "video" && height === "screen")
    return (
      <section data-hero className="relative isolate flex min-h-[calc(100dvh-4rem)] bg-ink text-white">
        <BackgroundVideo src={media.url} poster={sceneUrl(scene)} />
        <div className="relative mx-auto w-full max-w-6xl px-4 pt-[12dvh] pb-24">
          <div className={cn("flex max-w-2xl flex-col items-start gap-5 rounded-card p-6 shadow-2xl md:p-10", TONE_BACKGROUNDS[tone])}>
            {text}
          </div>
        </div>
      </section>
    );
  return (
    <section data-hero className={cn("relative isolate text-white", TONE_BACKGROUNDS[tone])}>
      <div
        className={cn(
          "mx-auto grid max-w-6xl content-start gap-8 px-4 pt-10 pb-14 md:pt-14 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:content-center lg:items-center lg:gap-12 lg:py-16",
          HEIGHTS[height],
        )}
      >
        <div className="flex flex-col items-start gap-5">{text}</div>
        <HeroMedia media={media} scene={scene} />
      </div>
    </section>
  );
}
