import { CaptionsIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/react";
import { useHydrated } from "~/lib/utils";

/** A video with sound (issue 33, WCAG 1.2.2 and 1.2.3): its WebVTT captions as a <track> (shown by
 * default, so they show without JavaScript), a visible "Subtítols" toggle once the page runs, and
 * its audio description as text in a disclosure beside it, named by the player's aria-describedby. */
export function CaptionedVideo({
  src,
  captionsUrl,
  audioDescription,
  title,
}: {
  src: string;
  captionsUrl: string | null;
  audioDescription: { text: string; lang?: string } | null;
  title: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const ref = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState(true);
  const describedBy = useId();
  const toggle = () => {
    const track = ref.current?.textTracks[0];
    if (!track) return;
    track.mode = shown ? "hidden" : "showing";
    setShown(!shown);
  };
  return (
    <div className="flex flex-col gap-2">
      <video
        ref={ref}
        src={src}
        controls
        preload="metadata"
        playsInline
        aria-label={t("public.recursos.videoOf", { title })}
        aria-describedby={audioDescription ? describedBy : undefined}
        className="aspect-video w-full bg-black"
        data-captioned-video
      >
        {captionsUrl && <track kind="captions" srcLang="ca" label={t("public.recursos.captionsTrack")} src={captionsUrl} default />}
      </video>
      {(captionsUrl && hydrated) || audioDescription ? (
        <div className="flex flex-col gap-2 px-5">
          {captionsUrl && hydrated && (
            <Button type="button" variant="outline" size="sm" aria-pressed={shown} onClick={toggle} className="self-start">
              <CaptionsIcon aria-hidden="true" />
              {t("public.recursos.captions")}
            </Button>
          )}
          {audioDescription && (
            <details className="relative" data-audio-description>
              <summary className="flex min-h-6 cursor-pointer items-center text-sm font-semibold text-brand-dark">
                {t("public.recursos.audioDescription")}
              </summary>
              <p id={describedBy} lang={audioDescription.lang} className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line">
                {audioDescription.text}
              </p>
            </details>
          )}
        </div>
      ) : null}
    </div>
  );
}
