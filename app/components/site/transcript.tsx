import { useT } from "~/i18n/react";

/** A testimonial's transcript under its player (issue 33, WCAG 1.2.1): a 'Transcripció' disclosure
 * (a <details>, so it opens without JavaScript). The player names the text by `id` in its
 * aria-describedby, so a screen reader tells what the audio says even while it is closed. */
export function TranscriptDisclosure({
  id,
  transcript,
  title,
  lang,
  className,
}: {
  id: string;
  transcript: string;
  /** The testimonial's title: the summary names it for screen readers (several on one page). */
  title: string;
  /** The language the visitor wrote in, where it is not the page's (WCAG 3.1.2). */
  lang?: string;
  className?: string;
}) {
  const t = useT();
  return (
    // Relative: its screen-reader-only words are placed inside it, so in a scrolling row of cards
    // they stay inside the row instead of widening the page (the home page at 800 px did).
    <details className={`relative ${className ?? ""}`} data-transcript>
      <summary className="flex min-h-6 cursor-pointer items-center text-sm font-semibold text-brand-dark">
        {t("public.contributions.transcript")}
        <span className="sr-only" lang={lang}>
          : {title}
        </span>
      </summary>
      <p id={id} lang={lang} className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line">
        {transcript}
      </p>
    </details>
  );
}
