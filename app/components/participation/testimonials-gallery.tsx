import { PauseIcon, PlayIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Skeleton } from "~/components/ui/skeleton";
import { Slider } from "~/components/ui/slider";
import { categories, type Category } from "~/domain/themes";
import type { PublicTestimonial } from "~/lib/participation-texts";
import { categoryKey } from "~/domain/themes";
import { useLocale, useT } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { cn } from "~/lib/utils";
import { EmptyState } from "~/components/empty-state";
import { TranscriptDisclosure } from "~/components/site/transcript";

const FILTERS = ["tots", ...categories] as const;

/** m:ss, or '--:--' when unknown. */
export const formatDuration = (seconds: number | null) =>
  seconds === null || !Number.isFinite(seconds) || seconds < 0
    ? "--:--"
    : `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

/** Bar heights (0.2..1) derived from the id: the same testimonial always draws the same wave. */
export function waveform(id: string, bars = 24): number[] {
  let h = 2166136261;
  const out: number[] = [];
  for (let i = 0; i < bars; i++) {
    for (const ch of id + i) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    out.push(0.2 + ((h >>> 0) % 80) / 100);
  }
  return out;
}

/** What the one audio element is doing: which testimonial it holds, whether it plays, where it is. */
interface Playback {
  id: string | null;
  playing: boolean;
  time: number;
  /** The element's own duration, when it knows one (a recorded WebM often says Infinity). */
  mediaDuration: number | null;
}

/** The approved testimonials with the theme filter (links: ?ambit=<theme>, so a filtered grid
 * has an address of its own and works without JavaScript); one player at a time, with its elapsed
 * time and a position slider (arrow keys seek a second, Page Up/Down ten). While another theme
 * loads, six skeleton cards stand in for the grid. */
export function TestimonialsGallery({ filter, testimonials }: { filter: Category | null; testimonials: PublicTestimonial[] }) {
  const navigation = useNavigation();
  const location = useLocation();
  const loadingOther =
    navigation.state === "loading" && navigation.location.pathname === location.pathname && navigation.location.search !== location.search;
  const items = loadingOther ? null : testimonials;
  const [playback, setPlayback] = useState<Playback>({ id: null, playing: false, time: 0, mediaDuration: null });
  const audio = useRef<HTMLAudioElement>(null);
  const t = useT();
  const paths = localePaths(useLocale());

  const toggle = (t: PublicTestimonial) => {
    const el = audio.current;
    if (!el) return;
    if (playback.id === t.id && playback.playing) {
      el.pause();
      return;
    }
    if (playback.id !== t.id) {
      el.src = t.audioUrl;
      setPlayback({ id: t.id, playing: true, time: 0, mediaDuration: null });
    } else setPlayback((p) => ({ ...p, playing: true }));
    el.play().catch(() => setPlayback((p) => (p.id === t.id ? { ...p, playing: false } : p)));
  };

  const seek = (t: PublicTestimonial, seconds: number) => {
    const el = audio.current;
    if (!el || playback.id !== t.id) return;
    el.currentTime = seconds;
    setPlayback((p) => ({ ...p, time: seconds }));
  };

  const readDuration = (el: HTMLAudioElement) =>
    setPlayback((p) => ({ ...p, mediaDuration: Number.isFinite(el.duration) && el.duration > 0 ? el.duration : null }));

  return (
    <section aria-label={t("public.testimonis.gallery")} className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <div role="group" aria-label={t("public.testimonis.filter")} className="flex flex-wrap gap-2">
        {FILTERS.map((value) => {
          const current = (filter ?? "tots") === value;
          return (
            <Link
              key={value}
              to={value === "tots" ? paths.testimonis : `${paths.testimonis}?ambit=${value}`}
              preventScrollReset
              aria-current={current ? "true" : undefined}
              className={cn(
                "rounded-full border px-4 py-2 text-sm font-semibold focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none",
                current ? "border-brand bg-brand text-white" : "border-ink/20 bg-white text-ink hover:bg-brand-soft",
              )}
            >
              {value === "tots" ? t("public.testimonis.all") : t(categoryKey(value))}
            </Link>
          );
        })}
      </div>
      {/* One element plays every testimonial, so two never sound at once. */}
      <audio
        ref={audio}
        preload="none"
        onPause={() => setPlayback((p) => ({ ...p, playing: false }))}
        onEnded={(e) => {
          e.currentTarget.currentTime = 0;
          setPlayback((p) => ({ ...p, playing: false, time: 0 }));
        }}
        onTimeUpdate={(e) => {
          const time = e.currentTarget.currentTime;
          setPlayback((p) => (p.time === time ? p : { ...p, time }));
        }}
        onLoadedMetadata={(e) => readDuration(e.currentTarget)}
        onDurationChange={(e) => readDuration(e.currentTarget)}
        className="hidden"
      >
        {t("public.contributions.audioUnsupported")}
      </audio>
      {items === null ? (
        <ul aria-busy="true" aria-label={t("public.testimonis.loading")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-40 w-full" />
            </li>
          ))}
        </ul>
      ) : items.length === 0 ? (
        <EmptyState className="p-8" action={{ to: paths.testimonial, label: t("public.testimonis.emptyAction") }}>
          {t("public.testimonis.empty")}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((t) => (
            <TestimonialCard
              key={t.id}
              testimonial={t}
              playback={playback.id === t.id ? playback : null}
              onToggle={() => toggle(t)}
              onSeek={(seconds) => seek(t, seconds)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function TestimonialCard({
  testimonial: t,
  playback,
  onToggle,
  onSeek,
}: {
  testimonial: PublicTestimonial;
  /** This card's playback, when the player holds its testimonial. */
  playback: Playback | null;
  onToggle: () => void;
  onSeek: (seconds: number) => void;
}) {
  const playing = playback?.playing ?? false;
  // The stored length first: a recorded WebM rarely tells the browser its own.
  const duration = t.duration ?? playback?.mediaDuration ?? null;
  const elapsed = Math.min(playback?.time ?? 0, duration ?? Infinity);
  const progress = duration ? elapsed / duration : 0;
  const bars = waveform(t.id);
  const say = useT();
  const locale = useLocale();
  const lang = t.locale === locale ? undefined : t.locale;
  const transcriptId = `${useId()}-transcript`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-ink/10 p-5 shadow-sm">
      <Badge variant="secondary" className="self-start">
        {say(categoryKey(t.category))}
      </Badge>
      {/* The author's words, in the language they wrote them in (WCAG 3.1.2). */}
      <p lang={lang} className="font-semibold">
        {t.title}
      </p>
      <div aria-hidden="true" className="flex h-10 items-center gap-0.5">
        {bars.map((v, i) => (
          <span
            key={i}
            className={cn(
              "w-1.5 rounded-full",
              playback && (i + 0.5) / bars.length <= progress ? "bg-brand" : playing ? "bg-brand/40" : "bg-ink/30",
            )}
            style={{ height: `${v * 100}%` }}
          />
        ))}
      </div>
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={onToggle}
          aria-label={say(playing ? "public.testimonis.pause" : "public.testimonis.play", { title: t.title })}
          aria-describedby={t.transcript ? transcriptId : undefined}
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand text-white hover:bg-brand-dark focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
        >
          {playing ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
        </button>
        <Slider
          min={0}
          max={duration ?? 0}
          step={1}
          value={[elapsed]}
          onValueChange={([seconds]) => seconds !== undefined && onSeek(seconds)}
          disabled={!playback || !duration}
          thumbLabel={say("public.testimonis.position", { title: t.title })}
          thumbValueText={say("public.testimonis.positionValue", { elapsed: formatDuration(elapsed), duration: formatDuration(duration) })}
        />
        <span className="shrink-0 text-sm tabular-nums">
          {playback && (
            <>
              <span className="sr-only">{say("public.testimonis.elapsed")} </span>
              {formatDuration(elapsed)}
              <span aria-hidden="true"> / </span>
            </>
          )}
          <span className="sr-only">{say("public.testimonis.duration")} </span>
          {formatDuration(duration)}
        </span>
      </div>
      {t.transcript && <TranscriptDisclosure id={transcriptId} transcript={t.transcript} title={t.title} lang={lang} />}
    </li>
  );
}
