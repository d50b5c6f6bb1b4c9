import { adminPaths } from "~/lib/admin-paths";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { CalendarClock, CircleAlert, CircleCheck, Download } from "lucide-react";
import { BarChart } from "~/components/admin/bar-chart";
import { Button } from "~/components/ui/button";
import { contributionTypes, testimonialStatusLabels, type ContributionType } from "~/domain/contributions";
import { categories, categoryLabels } from "~/domain/themes";
import { formatLongDate } from "~/lib/dates";
import { cn } from "~/lib/utils";
import { formatNumber } from "~/i18n/locales";

export { loader } from "./dashboard.server";

/** Each type's admin list: every figure links to it, filtered. */
const LISTS: Record<ContributionType, string> = {
  reflection: adminPaths.adminReflections,
  map_comment: adminPaths.adminMapComments,
  testimonial: adminPaths.adminTestimonials,
};
const TYPE_LABELS: Record<ContributionType, string> = {
  reflection: "Reflexions",
  map_comment: "Comentaris al mapa",
  testimonial: "Testimonis",
};
const FILLS: Record<ContributionType, string> = {
  reflection: "fill-brand",
  map_comment: "fill-sky-700",
  testimonial: "fill-amber-500",
};

const n = (x: number) => formatNumber(x);
const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const range = (from: string, to: string) => `?des-de=${from}&fins-a=${to}`;
const figureLink = "font-semibold text-brand-dark underline-offset-2 hover:underline focus-visible:ring-[3px] focus-visible:ring-brand/50";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { granularity, totals, overTime, hours, byStatus, newsletter } = loaderData;
  // The first card is the moderation queue's own count (every type, as /admin/moderacio counts
  // it), not the testimonials' pending ones: those are in the testimonials panel below.
  const cards: [string, number, string][] = [
    ["Aportacions pendents de moderació", loaderData.waiting, adminPaths.adminModeration],
    ["Total testimonis", totals.byType.testimonial, LISTS.testimonial],
    ["Reflexions", totals.byType.reflection, LISTS.reflection],
    ["Comentaris al mapa", totals.byType.map_comment, LISTS.map_comment],
    ["Subscriptors confirmats", newsletter.confirmed, `${adminPaths.adminSubscribers}?estat=confirmed`],
  ];
  const period = granularity === "day" ? "dia" : "setmana";
  return (
    <>
      <h1 className="text-2xl font-extrabold">Dashboard</h1>
      <Todo waiting={loaderData.waiting} {...loaderData.todo} />
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cards.map(([label, value, to]) => (
          <div
            key={label}
            className="relative rounded-lg bg-white p-5 shadow-sm focus-within:ring-[3px] focus-within:ring-brand/50 hover:bg-brand-soft"
          >
            <dt className="text-sm font-semibold text-ink/80">
              <Link to={to} className="after:absolute after:inset-0 focus-visible:outline-none">
                {label}
              </Link>
            </dt>
            <dd className="mt-1 text-3xl font-extrabold">{n(value)}</dd>
          </div>
        ))}
      </dl>

      <Panel title={`Aportacions per ${period}`}>
        <nav aria-label="Període del gràfic" className="flex gap-2 text-sm">
          {(["week", "day"] as const).map((g) => (
            <Link
              key={g}
              to={g === "week" ? "?" : "?per=day"}
              aria-current={g === granularity ? "page" : undefined}
              className={cn(
                "rounded-full border px-3 py-1 font-semibold",
                g === granularity ? "border-brand bg-brand text-white" : "border-ink/20",
              )}
            >
              {g === "week" ? "Per setmana" : "Per dia"}
            </Link>
          ))}
        </nav>
        <BarChart
          title={`Aportacions per ${period}`}
          labels={overTime.map((b) => dayMonth(b.from))}
          values={Object.fromEntries(contributionTypes.map((t) => [t, overTime.map((b) => b.counts[t])]))}
          series={contributionTypes.map((t) => ({ key: t, label: TYPE_LABELS[t], fill: FILLS[t] }))}
        />
        <DataTable
          caption={`Aportacions per ${period} i tipus`}
          columns={[granularity === "day" ? "Dia" : "Setmana (des de)", ...contributionTypes.map((t) => TYPE_LABELS[t])]}
          rows={overTime.map((b) => [
            dayMonth(b.from),
            ...contributionTypes.map((t) => (
              <Link key={t} to={`${LISTS[t]}${range(b.from, b.to)}`} className={figureLink}>
                {n(b.counts[t])}
              </Link>
            )),
          ])}
        />
      </Panel>

      <Audience audience={loaderData.audience} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Testimonis per àmbit">
          <FigureList
            items={categories.map((c) => [categoryLabels[c], totals.byTheme[c], `${LISTS.testimonial}?ambit=${c}`])}
            label="testimonis"
          />
        </Panel>
        <Panel title="Testimonis per estat">
          <FigureList
            items={(["pending", "published", "hidden"] as const).map((s) => [
              testimonialStatusLabels[s],
              byStatus[s],
              `${LISTS.testimonial}?estat=${s}`,
            ])}
            label="testimonis"
          />
        </Panel>
      </div>

      <Panel title="Creixement de la newsletter">
        <p className="text-sm">
          <Link to={`${adminPaths.adminSubscribers}?estat=confirmed`} className={figureLink}>
            {n(newsletter.confirmed)} confirmades
          </Link>{" "}
          ·{" "}
          <Link to={`${adminPaths.adminSubscribers}?estat=pending`} className={figureLink}>
            {n(newsletter.pending)} pendents de confirmar
          </Link>
        </p>
        <BarChart
          title="Altes a la newsletter per setmana"
          labels={newsletter.series.map((w) => dayMonth(w.from))}
          values={{ added: newsletter.series.map((w) => w.added) }}
          series={[{ key: "added", label: "Altes", fill: "fill-brand" }]}
        />
        <DataTable
          caption="Altes a la newsletter per setmana"
          columns={["Setmana (des de)", "Altes", "Total acumulat"]}
          rows={newsletter.series.map((w) => [
            dayMonth(w.from),
            <Link key="a" to={`${adminPaths.adminSubscribers}${range(w.from, w.to)}`} className={figureLink}>
              {n(w.added)}
            </Link>,
            n(w.total),
          ])}
        />
      </Panel>

      <Panel title="Hores amb més aportacions">
        <BarChart
          title="Aportacions per hora del dia"
          labels={hours.map((_, h) => `${h}h`)}
          values={{ all: hours }}
          series={[{ key: "all", label: "Aportacions", fill: "fill-sky-700" }]}
        />
        <DataTable
          caption="Aportacions per hora del dia (hora de Catalunya)"
          columns={["Hora", "Aportacions"]}
          rows={hours.map((v, h) => [`${String(h).padStart(2, "0")}:00–${String(h).padStart(2, "0")}:59`, n(v)])}
        />
      </Panel>

      <h2 className="mt-10 text-lg font-bold">Accessos ràpids</h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {QUICK_LINKS.map(([label, to]) => (
          <li key={to}>
            <Link
              to={to}
              className="block rounded-lg bg-white p-4 font-semibold shadow-sm hover:bg-brand-soft focus-visible:ring-[3px] focus-visible:ring-brand/50"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

type Tone = "todo" | "warn" | "ok";
const TONES: Record<Tone, { icon: typeof CircleAlert; className: string; label: string }> = {
  todo: { icon: CircleAlert, className: "text-red-700", label: "Per fer" },
  warn: { icon: CalendarClock, className: "text-amber-700", label: "Atenció" },
  ok: { icon: CircleCheck, className: "text-leaf", label: "Al dia" },
};

/** One thing to look at: its state, what it is, and where to see to it. */
function TodoItem({ tone, text, to, action }: { tone: Tone; text: ReactNode; to: string; action: string }) {
  const { icon: Icon, className, label } = TONES[tone];
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-ink/10 py-3 last:border-b-0">
      <Icon aria-hidden="true" className={cn("size-5 shrink-0", className)} />
      <span className="sr-only">{label}: </span>
      <span className="min-w-0 flex-1">{text}</span>
      <Link to={to} className={figureLink}>
        {action}
      </Link>
    </li>
  );
}

const n_ = (x: number, one: string, many: string) => (x === 1 ? `1 ${one}` : `${n(x)} ${many}`);

/** What needs doing, first on the dashboard (issue 27, item 13). */
function Todo({
  waiting,
  reported,
  deadline,
  unsent,
  accessibility,
  untranscribed,
}: { waiting: number } & Route.ComponentProps["loaderData"]["todo"]) {
  const calendar = `${adminPaths.adminSettings}#calendar-settings`;
  const days = deadline.daysLeft === 0 ? "avui és l'últim dia" : `queden ${n_(deadline.daysLeft ?? 0, "dia", "dies")}`;
  const deadlineItem = deadline.needsDate ? (
    <TodoItem tone="todo" text="La consulta no té data de tancament: la web no n'anuncia cap." to={calendar} action="Indica la data" />
  ) : deadline.closedBy === "date" ? (
    <TodoItem
      tone="warn"
      text={`La participació es va tancar el ${formatLongDate(deadline.closedOn!)}. Si cal allargar-la, afegeix una pròrroga.`}
      to={calendar}
      action="Calendari"
    />
  ) : deadline.closedBy === "staff" ? (
    <TodoItem tone="warn" text="La participació està tancada." to={calendar} action="Calendari" />
  ) : deadline.endingSoon ? (
    <TodoItem
      tone="warn"
      text={`La participació es tanca el ${formatLongDate(deadline.deadline!)}${deadline.extended ? " (pròrroga)" : ""}: ${days}.`}
      to={calendar}
      action="Calendari"
    />
  ) : (
    <TodoItem
      tone="ok"
      text={`Participació oberta fins al ${formatLongDate(deadline.deadline!)}${deadline.extended ? " (pròrroga)" : ""}.`}
      to={calendar}
      action="Calendari"
    />
  );
  return (
    <section aria-labelledby="todo-title" className="mt-6 rounded-lg bg-white p-5 shadow-sm">
      <h2 id="todo-title" className="text-lg font-bold">
        Què cal fer
      </h2>
      <ul className="mt-2 text-sm">
        <TodoItem
          tone={waiting > 0 ? "todo" : "ok"}
          text={waiting > 0 ? `${n_(waiting, "aportació espera", "aportacions esperen")} moderació.` : "Cap aportació no espera moderació."}
          to={adminPaths.adminModeration}
          action="Modera"
        />
        <TodoItem
          tone={reported > 0 ? "todo" : "ok"}
          text={
            reported > 0
              ? `${n_(reported, "aportació publicada té", "aportacions publicades tenen")} denúncies per revisar.`
              : "Cap aportació publicada no té denúncies."
          }
          to={`${adminPaths.adminModeration}?estat=published&denunciades=1`}
          action="Revisa les denúncies"
        />
        <TodoItem
          tone={untranscribed > 0 ? "todo" : "ok"}
          text={
            untranscribed > 0
              ? `${n_(untranscribed, "testimoni publicat no té", "testimonis publicats no tenen")} transcripció.`
              : "Tots els testimonis publicats tenen transcripció."
          }
          to={`${adminPaths.adminTestimonials}?estat=published`}
          action="Escriu-les"
        />
        {deadlineItem}
        <TodoItem
          tone={unsent > 0 ? "todo" : "ok"}
          text={
            unsent > 0
              ? `${n_(unsent, "newsletter no s'ha acabat", "newsletters no s'han acabat")} d'enviar (en curs o amb enviaments fallits).`
              : "Cap newsletter pendent d'enviar."
          }
          to={adminPaths.adminNewsletterSend}
          action="Newsletter"
        />
        <TodoItem
          tone={accessibility.overdue > 0 ? "todo" : accessibility.pending > 0 ? "warn" : "ok"}
          text={
            accessibility.pending > 0
              ? `${n_(accessibility.pending, "sol·licitud d'accessibilitat espera", "sol·licituds d'accessibilitat esperen")} resposta${accessibility.overdue > 0 ? ` (${n_(accessibility.overdue, "fora de termini", "fora de termini")})` : ""}.`
              : "Cap sol·licitud d'accessibilitat no espera resposta."
          }
          to={adminPaths.adminAccessibilityRequests}
          action="Sol·licituds"
        />
      </ul>
      <p className="mt-3 flex flex-wrap items-center gap-2 border-t border-ink/10 pt-3 text-sm">
        <span>Totes les aportacions en una taula:</span>
        {(["csv", "xlsx"] as const).map((format) => (
          <Button key={format} asChild variant="outline" size="sm">
            <a href={`${adminPaths.adminExports}/contributions.${format}`} download>
              <Download aria-hidden="true" />
              <span className="sr-only">Exporta totes les aportacions en </span>
              {format === "csv" ? "CSV" : "Excel"}
            </a>
          </Button>
        ))}
      </p>
    </section>
  );
}

const DEVICE_LABELS = { mobile: "Mòbil", tablet: "Tauleta", desktop: "Ordinador" } as const;

/** The site's visits, counted without cookies (issue 34, decision 066), beside the contributions
 * of the same days: a chart of the last 30 days with its table, and the pages, referring sites and
 * devices of those days. */
function Audience({ audience }: { audience: Route.ComponentProps["loaderData"]["audience"] }) {
  const { days, pages, referrers, devices, total } = audience;
  return (
    <Panel title="Visites al web (últims 30 dies)">
      <p className="text-sm text-ink/80">
        {n(total)} pàgines vistes. Comptades al servidor, sense cookies ni cap dada que identifiqui ningú; els visitants d&apos;un dia són
        navegadors diferents aquell dia (no persones). No hi ha els robots ni qui ha demanat no ser comptat.
      </p>
      <BarChart
        title="Pàgines vistes per dia"
        labels={days.map((d) => dayMonth(d.day))}
        values={{ views: days.map((d) => d.views) }}
        series={[{ key: "views", label: "Pàgines vistes", fill: "fill-brand" }]}
      />
      <DataTable
        caption="Pàgines vistes, visitants i aportacions per dia"
        columns={["Dia", "Pàgines vistes", "Visitants", "Aportacions"]}
        rows={days.map((d) => [dayMonth(d.day), n(d.views), n(d.visitors), n(d.contributions)])}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Ranking
          title="Pàgines més vistes"
          column="Pàgina"
          rows={pages.map((p) => [p.page, p.views])}
          empty="Encara no hi ha visites comptades."
        />
        <Ranking
          title="Llocs d'on venen"
          column="Lloc"
          rows={referrers.map((r) => [r.referrer, r.views])}
          empty="Cap visita no ve d'un altre lloc web."
        />
        <Ranking
          title="Dispositius"
          column="Dispositiu"
          rows={(["mobile", "desktop", "tablet"] as const).map((d) => [DEVICE_LABELS[d], devices[d]])}
          empty=""
        />
      </div>
    </Panel>
  );
}

/** A short ranking as a table, each figure with a bar drawn in CSS. */
function Ranking({ title, column, rows, empty }: { title: string; column: string; rows: [string, number][]; empty: string }) {
  const max = Math.max(1, ...rows.map(([, v]) => v));
  return (
    <div>
      <h3 className="font-bold">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm">{empty}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">{title} (pàgines vistes, últims 30 dies)</caption>
          <thead>
            <tr className="border-b border-ink/10">
              <th scope="col" className="p-1">
                {column}
              </th>
              <th scope="col" className="p-1 text-right">
                Vistes
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, value]) => (
              <tr key={name} className="border-b border-ink/5">
                <th scope="row" className="p-1 font-normal break-all">
                  {name}
                  <span className="mt-1 block h-2 rounded bg-ink/10" aria-hidden="true">
                    <span className="block h-2 rounded bg-brand" style={{ width: `${(value / max) * 100}%` }} />
                  </span>
                </th>
                <td className="p-1 text-right align-top">{n(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8 rounded-lg bg-white p-5 shadow-sm">
      <h2 className="mb-3 text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

function FigureList({ items, label }: { items: [string, number, string][]; label: string }) {
  const max = Math.max(1, ...items.map(([, v]) => v));
  return (
    <ul className="flex flex-col gap-2">
      {items.map(([name, value, to]) => (
        <li key={name} className="grid grid-cols-[8rem_1fr_auto] items-center gap-3 text-sm">
          <span>{name}</span>
          <span className="h-3 rounded bg-ink/10" aria-hidden="true">
            <span className="block h-3 rounded bg-brand" style={{ width: `${(value / max) * 100}%` }} />
          </span>
          <Link to={to} className={figureLink} aria-label={`${n(value)} ${label}: ${name}`}>
            {n(value)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold">Taula de dades</summary>
      <div className="mt-2 max-h-80 overflow-auto">
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-ink/10">
              {columns.map((c) => (
                <th key={c} scope="col" className="p-2">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([first, ...rest], i) => (
              <tr key={i} className="border-b border-ink/5">
                <th scope="row" className="p-2 font-normal">
                  {first}
                </th>
                {rest.map((cell, j) => (
                  <td key={j} className="p-2">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

const QUICK_LINKS = [
  // Worded apart from the navigation, so each link has a name of its own.
  ["Moderació d'àudios", adminPaths.adminTestimonials],
  ["Aportacions escrites", adminPaths.adminReflections],
  ["Agenda", adminPaths.adminActivities],
  ["Audiovisuals per àmbit", adminPaths.adminVideos],
  ["Imatge de portada", adminPaths.adminHomeBackground],
] as const;
