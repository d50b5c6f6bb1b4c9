import { Link } from "react-router";
import { PlaceMap } from "~/components/map/place-map";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import type { Contribution } from "~/domain/contributions";
import { contributionLabel, excerpt } from "~/lib/contributions";
import { paths } from "~/lib/routes";
import { ContributionAnswer } from "./contribution-answer";
import { ReportDialog } from "./report-dialog";

/** A contribution as a card, with 'Veure aportació' opening the full text (and the audio). */
export function ContributionCard({ item, withParticipate = false }: { item: Contribution; withParticipate?: boolean }) {
  const label = contributionLabel(item.type);
  return (
    <article className="flex h-full flex-col gap-3 rounded-card border border-ink/10 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="rounded-full bg-brand-soft px-2.5 py-0.5 font-bold text-brand-dark">{label}</span>
        <time dateTime={item.createdAt} className="text-ink/75">
          {item.dateLabel}
        </time>
      </div>
      <p className="flex-1 text-[1.0625rem] leading-relaxed break-words whitespace-pre-line">{excerpt(item.text)}</p>
      {item.name && <p className="text-sm font-semibold text-ink/80">{item.name}</p>}
      {item.answer && <ContributionAnswer answer={item.answer} />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="outline" size="sm" className="w-fit">
              Veure aportació
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
            <p className="max-h-[50dvh] overflow-y-auto break-words whitespace-pre-line">{item.text}</p>
            {item.type === "map_comment" && item.place && <PlaceMap place={item.place} />}
            {item.answer && <ContributionAnswer answer={item.answer} full />}
            {item.type === "testimonial" && item.audioUrl && (
              <audio controls preload="none" src={item.audioUrl} className="w-full" aria-label={`Àudio: ${item.title ?? label}`}>
                El teu navegador no suporta la reproducció d'àudio.
              </audio>
            )}
            <DialogFooter className="items-center sm:justify-between">
              <ReportDialog type={item.type} id={item.id} />
              {withParticipate && (
                <Button asChild>
                  <Link to={paths.participa}>Digues la teva</Link>
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
