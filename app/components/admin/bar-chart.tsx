// A bar chart drawn on the server as SVG (decision 037): no chart library, no script, nothing
// for the public pages to load. The chart is a picture (role="img" with a summary); its figures,
// each a link to the filtered list, are in the table that goes with it (DataTable).

export interface Series {
  key: string;
  label: string;
  /** A Tailwind fill class. */
  fill: string;
}

export interface BarChartProps {
  title: string;
  labels: string[];
  /** One value per label for each series; bars are stacked. */
  values: Record<string, number[]>;
  series: Series[];
  height?: number;
}

export function BarChart({ title, labels, values, series, height = 160 }: BarChartProps) {
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + (values[s.key]?.[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const width = 600;
  const gap = 2;
  const barWidth = width / labels.length - gap;
  const summary = `${title}: ${totals.reduce((a, b) => a + b, 0)} en total, màxim ${max === 1 && totals.every((t) => t === 0) ? 0 : max} (${labels[0]} – ${labels[labels.length - 1]})`;
  return (
    <figure className="mt-2">
      <svg viewBox={`0 0 ${width} ${height + 18}`} role="img" aria-label={summary} className="h-auto w-full">
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-ink/30" />
        {labels.map((label, i) => {
          let y = height;
          const x = i * (barWidth + gap);
          return (
            <g key={label}>
              {series.map((s) => {
                const v = values[s.key]?.[i] ?? 0;
                const h = (v / max) * (height - 4);
                y -= h;
                return v ? <rect key={s.key} x={x} y={y} width={barWidth} height={h} className={s.fill} /> : null;
              })}
              {(labels.length <= 12 || i % Math.ceil(labels.length / 12) === 0) && (
                <text x={x + barWidth / 2} y={height + 14} textAnchor="middle" className="fill-ink text-[10px]">
                  {label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {series.length > 1 && (
        <figcaption className="mt-2 flex flex-wrap gap-4 text-sm">
          {series.map((s) => (
            <span key={s.key} className="inline-flex items-center gap-2">
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" className={s.fill} />
              </svg>
              {s.label}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  );
}
