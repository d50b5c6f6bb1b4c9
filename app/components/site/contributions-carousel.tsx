import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { Contribution } from "~/domain/contributions";
import { useLocale, useT } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { ContributionCard } from "./contribution-dialog";
import { EmptyState } from "~/components/empty-state";

/** How much of a card must be in view for it to be reachable with the keyboard. */
const VISIBLE_RATIO = 0.6;

/** The latest contributions: a scroll-snapping row (3 per view large, 2 medium, 1 small) whose
 * buttons and arrow keys loop from the last card back to the first. Only the cards in view can be
 * reached with Tab (the others are inert until they scroll in), and a link before it skips it:
 * the keyboard passes a few stops, not two for each of a dozen cards (issue 27, item 12). Without
 * JavaScript it is a plain scrollable list. */
export function ContributionsCarousel({ items }: { items: Contribution[] }) {
  const track = useRef<HTMLUListElement>(null);
  /** The cards in view, by index; null until the browser has said (the server renders them all). */
  const [inView, setInView] = useState<ReadonlySet<number> | null>(null);
  const t = useT();
  const paths = localePaths(useLocale());

  useEffect(() => {
    const el = track.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const cards = [...el.children];
    const ratios = new Map<Element, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratios.set(entry.target, entry.intersectionRatio);
        setInView(new Set(cards.flatMap((card, i) => ((ratios.get(card) ?? 0) >= VISIBLE_RATIO ? [i] : []))));
      },
      { root: el, threshold: [0, VISIBLE_RATIO, 1] },
    );
    for (const card of cards) observer.observe(card);
    return () => observer.disconnect();
  }, [items]);

  const step = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const card = el.querySelector("li");
    const width = card ? card.getBoundingClientRect().width + 16 : el.clientWidth;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
    const atStart = el.scrollLeft <= 4;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const behavior: ScrollBehavior = reduce ? "auto" : "smooth";
    if (direction === 1 && atEnd) el.scrollTo({ left: 0, behavior });
    else if (direction === -1 && atStart) el.scrollTo({ left: el.scrollWidth, behavior });
    else el.scrollBy({ left: direction * width, behavior });
  };

  return (
    <section aria-labelledby="aportacions-title" className="mx-auto max-w-6xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="aportacions-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
          {t("public.contributions.latest.title")}
        </h2>
        <Link to={paths.aportacions} className="font-semibold text-brand-dark underline underline-offset-4">
          {t("public.contributions.latest.seeAll")}
        </Link>
      </div>
      {items.length === 0 ? (
        <EmptyState className="mt-6" action={{ to: paths.participa, label: t("public.contributions.participate") }}>
          {t("public.contributions.latest.empty")}
        </EmptyState>
      ) : (
        <>
          <a
            href="#despres-aportacions"
            className="sr-only rounded-md bg-white p-2 font-semibold text-brand-dark focus:not-sr-only focus:mt-4 focus:inline-block"
          >
            {t("public.contributions.latest.skip")}
          </a>
          <div
            role="region"
            aria-roledescription={t("public.contributions.latest.carousel")}
            aria-label={t("public.contributions.latest.region")}
            className="relative mt-6"
            onKeyDown={(e) => {
              // React events bubble through portals: keys pressed in a contribution's dialog (its
              // audio player, say) reach this handler too, and must keep their own meaning there.
              if (!e.currentTarget.contains(e.target as Node)) return;
              if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                e.preventDefault();
                // Focus on a card that scrolls out of view would be lost: it goes to the row.
                if (track.current?.contains(e.target as Node) && e.target !== track.current) track.current.focus({ preventScroll: true });
                step(e.key === "ArrowRight" ? 1 : -1);
              }
            }}
          >
            <ul
              ref={track}
              tabIndex={0}
              aria-label={t("public.contributions.latest.list")}
              className="focus-inside flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-4 motion-reduce:scroll-auto"
            >
              {items.map((item, i) => (
                <li
                  key={item.id}
                  aria-roledescription={t("public.contributions.latest.slide")}
                  aria-label={t("public.contributions.latest.slideN", { n: i + 1, total: items.length })}
                  inert={inView !== null && !inView.has(i)}
                  className="w-full shrink-0 snap-start md:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2rem)/3)]"
                >
                  <ContributionCard item={item} withParticipate />
                </li>
              ))}
            </ul>
            <div className="mt-2 flex justify-end gap-2">
              <Button variant="outline" size="icon" onClick={() => step(-1)} aria-label={t("public.contributions.latest.previous")}>
                <ChevronLeftIcon aria-hidden="true" />
              </Button>
              <Button variant="outline" size="icon" onClick={() => step(1)} aria-label={t("public.contributions.latest.next")}>
                <ChevronRightIcon aria-hidden="true" />
              </Button>
            </div>
          </div>
          <span id="despres-aportacions" tabIndex={-1} />
        </>
      )}
    </section>
  );
}
