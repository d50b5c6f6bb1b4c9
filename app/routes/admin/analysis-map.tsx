import { Link } from "react-router";
import type { Route } from "./+types/analysis-map";
import { PageTitle, EmptyState } from "~/components/admin/admin-ui";
import { ListControls } from "~/components/admin/list-controls";
import { ModerationBadge } from "~/components/admin/moderation-badge";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import { CodedCommentsMap } from "~/components/map/coded-comments-map";
import { Button } from "~/components/ui/button";
import { ADMIN_PIN_LIMIT, type AdminMapPin } from "~/domain/map";
import { adminPaths } from "~/lib/admin-paths";
import { formatShortDate } from "~/lib/dates";
import { formatNumber } from "~/i18n/locales";

export { loader } from "./analysis-map.server";

/** Where staff code a pin's comment: the coding screen, on that comment. */
const codingHref = (pin: Pick<AdminMapPin, "id">) => `${adminPaths.adminCoding}?aportacio=map_comment:${pin.id}`;

/** The analysis map (issue 32, decision 077). */
export default function AnalysisMap({ loaderData }: Route.ComponentProps) {
  const { query, code, codes, pins, more, view } = loaderData;
  const colourOf = new Map(codes.map((c) => [c.name, c]));
  const legend = code ? [code] : codes.filter((c) => pins.some((p) => p.codes[0] === c.name));
  const n = formatNumber(pins.length);
  return (
    <>
      <PageTitle title="Mapa dels codis">
        <Button asChild variant="outline">
          <Link to={adminPaths.adminAnalysis}>Anàlisi</Link>
        </Button>
      </PageTitle>
      <p className="-mt-4 mb-4 max-w-3xl text-sm text-ink/80">
        Els comentaris del mapa codificats, de tots els estats, sobre les capes de la xarxa. Cada punt té el color del seu codi (del primer,
        si en té més d&apos;un i no n&apos;has triat cap).
      </p>
      <ListControls
        id="analysis-map"
        query={query}
        dates={false}
        filters={[{ name: "codi", label: "Codi", options: codes.map((c) => [c.id, `${c.group}: ${c.name}`] as const) }]}
      />
      <section aria-labelledby="coded-map-title" className="mb-6 flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm">
        <h2 id="coded-map-title" className="text-lg font-bold">
          {code ? `Comentaris amb el codi «${code.name}»` : "Comentaris codificats"}
        </h2>
        <p role="status" className="text-sm">
          {more
            ? `El mapa mostra els ${formatNumber(ADMIN_PIN_LIMIT)} comentaris codificats més recents.`
            : pins.length === 1
              ? "1 comentari codificat amb lloc al mapa."
              : `${n} comentaris codificats amb lloc al mapa.`}{" "}
          La llista de sota té els mateixos comentaris.
        </p>
        {pins.length > 0 && <CodedCommentsMap view={view} pins={pins} legend={legend} pinHref={codingHref} />}
      </section>
      <section aria-labelledby="coded-list-title">
        <h2 id="coded-list-title" className="mb-3 text-lg font-bold">
          Llista dels comentaris del mapa
        </h2>
        {pins.length === 0 ? (
          <EmptyState>Cap comentari del mapa amb lloc no té {code ? "aquest codi" : "cap codi"}.</EmptyState>
        ) : (
          <ul data-testid="coded-list" className="flex flex-col gap-3">
            {pins.map((p) => (
              <li key={p.id} className="rounded-lg bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  {p.codes.map((name) => (
                    <AnswerStateBadge key={name} label={name} colour={colourOf.get(name)?.colour ?? "#37474f"} />
                  ))}
                  <span className="text-ink/80">{formatShortDate(p.createdAt)}</span>
                  {p.municipality && <span>{p.municipality}</span>}
                  {p.segmentName && <span>{p.segmentName}</span>}
                  <ModerationBadge status={p.status} />
                </div>
                <p className="mt-2 break-words whitespace-pre-line">{p.comment}</p>
                <Link to={codingHref(p)} className="mt-2 inline-block text-sm font-semibold underline underline-offset-2">
                  Codifica aquest comentari
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
