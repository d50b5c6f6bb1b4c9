import { Download } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/analysis";
import { PageTitle, Panel } from "~/components/admin/admin-ui";
import { LineChart } from "~/components/admin/line-chart";
import { Button } from "~/components/ui/button";
import { listHref, type ListQuery } from "~/lib/admin-list";
import { adminPaths } from "~/lib/admin-paths";
import { ANALYSIS_SHAPE, DIMENSION_LABELS, DIMENSIONS, formatShare, PERIOD_LABELS, PERIODS, shade, type Dimension } from "~/lib/analysis";
import { CODING_SHAPE } from "~/lib/coding";
import { formatNumber } from "~/i18n/locales";

export { loader } from "./analysis.server";

type Data = Route.ComponentProps["loaderData"];

/** The same screen with one filter changed (the dialect of decision 056: links, no script). */
const withFilter = (query: ListQuery, name: string, value: string) =>
  `${adminPaths.adminAnalysis}${listHref({ filters: { ...query.filters, [name]: value } }, ANALYSIS_SHAPE)}`;

/** The coding list a cell counts: the code and the column's value. */
const cellHref = (codeId: string, filter: [string, string]) =>
  `${adminPaths.adminCoding}${listHref({ filters: { codi: codeId, [filter[0]]: filter[1] } }, CODING_SHAPE)}`;

const n = (x: number) => formatNumber(x);

/** The analysis screen (issue 32, decision 077). */
export default function Analysis({ loaderData }: Route.ComponentProps) {
  const { query, table, time } = loaderData;
  return (
    <>
      <PageTitle title="Anàlisi de la codificació">
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={adminPaths.adminCoding}>Codificació</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={adminPaths.adminAnalysisMap}>Mapa dels codis</Link>
          </Button>
          <Button asChild variant="outline">
            <a href={adminPaths.adminCodebookXlsx} download>
              <Download aria-hidden="true" />
              Llibre de codis i dades (Excel)
            </a>
          </Button>
        </div>
      </PageTitle>
      <p className="-mt-4 mb-6 max-w-3xl text-sm text-ink/80">
        Quantes aportacions porta cada codi, de tots els tipus i estats (també les pendents i les amagades). Són notes de treball: no surten
        mai a la web.
      </p>
      <CrossTab query={query} table={table} />
      <Panel
        title="Codis al llarg del temps"
        className="mt-6"
        intro="Aportacions amb cada codi, per la data de l'aportació (hora de Catalunya); les setmanes comencen en dilluns."
      >
        <Switch
          label="Període"
          current={query.filters.periode!}
          values={PERIODS}
          labels={PERIOD_LABELS}
          href={(p) => withFilter(query, "periode", p)}
        />
        <TimeSeries time={time} />
      </Panel>
    </>
  );
}

/** Links that switch a view, the current one marked (aria-current). */
function Switch<V extends string>({
  label,
  current,
  values,
  labels,
  href,
}: {
  label: string;
  current: string;
  values: readonly V[];
  labels: Record<V, string>;
  href: (v: V) => string;
}) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold">{label}:</span>
      {values.map((v) => (
        <Button key={v} asChild size="sm" variant={v === current ? "default" : "outline"}>
          <Link to={href(v)} aria-current={v === current ? "page" : undefined} preventScrollReset>
            {labels[v]}
          </Link>
        </Button>
      ))}
    </nav>
  );
}

function CrossTab({ query, table }: { query: ListQuery; table: Data["table"] }) {
  const dimension = table.dimension as Dimension;
  const what = DIMENSION_LABELS[dimension].toLowerCase();
  const caption = `Codis per ${what}: aportacions amb cada codi i, entre parèntesis, el percentatge sobre el total de la columna`;
  return (
    <section aria-labelledby="crosstab-title" className="rounded-lg bg-white p-5 shadow-sm">
      <h2 id="crosstab-title" className="mb-1 text-lg font-bold">
        Codis creuats
      </h2>
      <p className="mb-3 text-sm text-ink/80">
        Cada casella diu quantes aportacions tenen el codi i el valor de la columna, i quina part són de totes les aportacions de la columna
        (codificades o no). Com més fosca, més gran és la part. Obre una casella per veure'n les aportacions.
      </p>
      <Switch
        label="Creua els codis amb"
        current={dimension}
        values={DIMENSIONS}
        labels={DIMENSION_LABELS}
        href={(d) => withFilter(query, "per", d)}
      />
      {table.rows.length === 0 ? (
        <p>El llibre de codis és buit.</p>
      ) : (
        <div
          role="region"
          aria-labelledby="crosstab-caption"
          tabIndex={0}
          className="max-w-full overflow-x-auto rounded border border-ink/15"
        >
          <table data-testid="crosstab" className="min-w-full border-collapse text-sm">
            <caption id="crosstab-caption" className="p-2 text-left font-semibold">
              {caption}
            </caption>
            <thead>
              <tr className="bg-cream">
                <th scope="col" className="sticky left-0 z-10 bg-cream p-2 text-left">
                  Codi
                </th>
                {table.columns.map((c) => (
                  <th key={c.value ?? "none"} scope="col" className="p-2 text-right align-bottom font-semibold whitespace-nowrap">
                    {c.label}
                  </th>
                ))}
                <th scope="col" className="p-2 text-right align-bottom">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.code.id} className="border-t border-ink/10">
                  <th scope="row" className="sticky left-0 z-10 bg-white p-2 text-left font-semibold">
                    <span className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="inline-block size-3 shrink-0 rounded-full"
                        style={{ background: row.code.colour }}
                      />
                      <span>
                        {row.code.name}
                        <span className="block text-xs font-normal text-ink/80">
                          {row.code.group}
                          {!row.code.isActive && " · retirat"}
                        </span>
                      </span>
                    </span>
                  </th>
                  {row.cells.map((cell, i) => {
                    const col = table.columns[i]!;
                    const colours = shade(cell.share ?? 0);
                    const text = (
                      <>
                        {n(cell.count)} <span className="text-xs">({formatShare(cell.share)})</span>
                      </>
                    );
                    return (
                      <td key={col.value ?? "none"} className="p-0 text-right whitespace-nowrap" style={colours}>
                        {cell.count > 0 && col.filter ? (
                          <Link
                            to={cellHref(row.code.id, col.filter)}
                            className="block p-2 underline underline-offset-2"
                            style={{ color: colours.color }}
                            aria-label={`${n(cell.count)} aportacions amb «${row.code.name}» i ${what} ${col.label} (${formatShare(cell.share)} de la columna)`}
                          >
                            {text}
                          </Link>
                        ) : (
                          <span className="block p-2">{text}</span>
                        )}
                      </td>
                    );
                  })}
                  <td className="p-2 text-right font-semibold">{n(row.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-ink/30">
                <th scope="row" className="sticky left-0 z-10 bg-white p-2 text-left">
                  Aportacions de la columna
                </th>
                {table.columns.map((c) => (
                  <td key={c.value ?? "none"} className="p-2 text-right font-semibold">
                    {n(c.total)}
                  </td>
                ))}
                <td className="p-2 text-right font-semibold">{n(table.contributions)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

function TimeSeries({ time }: { time: Data["time"] }) {
  if (time.series.length === 0 || time.periods.length === 0) return <p>Encara no hi ha cap aportació codificada.</p>;
  const unit = time.period === "mes" ? "Mes" : "Setmana del";
  return (
    <>
      {time.cut > 0 && <p className="mb-2 text-sm">Es mostren els {time.periods.length} períodes més recents.</p>}
      <LineChart
        title={`Aportacions per codi, ${time.period === "mes" ? "per mesos" : "per setmanes"}`}
        labels={time.labels}
        series={time.series.map((s) => ({ key: s.code.id, label: s.code.name, colour: s.code.colour, values: s.counts }))}
      />
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold">Taula de les xifres del gràfic</summary>
        <div
          role="region"
          aria-labelledby="time-caption"
          tabIndex={0}
          className="mt-2 max-w-full overflow-x-auto rounded border border-ink/15"
        >
          <table data-testid="time-table" className="min-w-full border-collapse text-sm">
            <caption id="time-caption" className="p-2 text-left font-semibold">
              Aportacions amb cada codi, {time.period === "mes" ? "per mesos" : "per setmanes"}
            </caption>
            <thead>
              <tr className="bg-cream">
                <th scope="col" className="p-2 text-left">
                  {unit}
                </th>
                {time.series.map((s) => (
                  <th key={s.code.id} scope="col" className="p-2 text-right whitespace-nowrap">
                    {s.code.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {time.labels.map((label, i) => (
                <tr key={time.periods[i]} className="border-t border-ink/10">
                  <th scope="row" className="p-2 text-left font-normal whitespace-nowrap">
                    {label}
                  </th>
                  {time.series.map((s) => (
                    <td key={s.code.id} className="p-2 text-right">
                      {n(s.counts[i]!)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
