import { lazy, Suspense, useId } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import type { Contribution } from "~/domain/contributions";
import { useLocale, useT } from "~/i18n/react";
import { contributionKindKey, excerpt } from "~/lib/contributions";
import { localePaths } from "~/lib/routes";
import { ContributionAnswer } from "./contribution-answer";
import { ReportDialog } from "./report-dialog";
import { TranscriptDisclosure } from "./transcript";

/** A map comment's small map: its code comes when such a dialog opens (the pages that list
 * contributions do not carry it). */
const PlaceMap = lazy(() => import("~/components/map/place-map").then((m) => ({ default: m.PlaceMap })));

/** A contribution as a card, with 'Veure aportació' opening the full text (and the audio). */
export function ContributionCard({ item, withParticipate = false }: { item: Contribution; withParticipate?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const paths = localePaths(locale);
  const label = t(contributionKindKey(item.type));
  // A visitor's words stay as written: marked with their language where the page's is another (WCAG 3.1.2).
  const written = item.locale ?? "ca";
  const lang = written === locale ? undefined : written;
  const id = useId();
  // A testimonial's transcript (issue 33): on the card, so it reads without JavaScript, and beside
  // the player in the dialog, which names it as the player's description.
  const transcript = item.type === "testimonial" && item.transcript ? item.transcript : null;
  return (
    <article className="flex h-full flex-col gap-3 rounded-card border border-ink/10 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="rounded-full bg-brand-soft px-2.5 py-0.5 font-bold text-brand-dark">{label}</span>
        <time dateTime={item.createdAt} className="text-ink/75">
          {item.dateLabel}
        </time>
      </div>
      <p lang={lang} className="flex-1 text-[1.0625rem] leading-relaxed break-words whitespace-pre-line">
        {excerpt(item.text)}
      </p>
      {item.name && <p className="text-sm font-semibold text-ink/80">{item.name}</p>}
      {transcript && <TranscriptDisclosure id={`${id}-card-transcript`} transcript={transcript} title={item.text} lang={lang} />}
      {item.answer && <ContributionAnswer answer={item.answer} />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="outline" size="sm" className="w-fit">
              {t("public.contributions.open")}
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{label}</DialogTitle>
              <DialogDescription>
                <time dateTime={item.createdAt}>{item.dateLabel}</time>
                {item.name ? ` · ${item.name}` : ""}
              </DialogDescription>
            </DialogHeader>
            <p lang={lang} className="max-h-[50dvh] overflow-y-auto break-words whitespace-pre-line">
              {item.text}
            </p>
            {item.type === "map_comment" && item.place && (
              <Suspense fallback={<p className="text-sm">{t("public.map.loading")}</p>}>
                <PlaceMap place={item.place} />
              </Suspense>
            )}
            {item.answer && <ContributionAnswer answer={item.answer} full />}
            {item.type === "testimonial" && item.audioUrl && (
              <audio
                controls
                preload="none"
                src={item.audioUrl}
                className="w-full"
                aria-label={t("public.contributions.audio", { title: item.title ?? label })}
                aria-describedby={transcript ? `${id}-transcript` : undefined}
              >
                {t("public.contributions.audioUnsupported")}
              </audio>
            )}
            {transcript && <TranscriptDisclosure id={`${id}-transcript`} transcript={transcript} title={item.text} lang={lang} />}
            <DialogFooter className="items-center sm:justify-between">
              <ReportDialog type={item.type} id={item.id} />
              {withParticipate && (
                <Button asChild>
                  <Link to={paths.participa}>{t("public.contributions.participate")}</Link>
                </Button>
              )}
            </DialogFooter>
          </DialogContent>
        </Dialog>
        <ReportDialog type={item.type} id={item.id} />
      </div>
    </article>
  );
}
