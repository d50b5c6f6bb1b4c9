// A line chart drawn on the server as SVG (decision 037's way: no chart library, no script). One
// line per series in its colour, each point marked; the chart is a picture (role="img" with a
// summary) and its figures are in the table that goes with it, which the page shows beside it.

export interface LineSeries {
  key: string;
  label: string;
  /** #rrggbb */
  colour: string;
  values: number[];
}

export function LineChart({
  title,
  labels,
  series,
  height = 180,
}: {
  title: string;
  labels: string[];
  series: LineSeries[];
  height?: number;
}) {
  const width = 640;
  const left = 32;
  const bottom = 20;
  const top = 8;
  const plot = height - bottom - top;
  // An even top, so that the middle line is a whole number too.
  const highest = Math.max(1, ...series.flatMap((s) => s.values));
  const max = highest === 1 ? 2 : highest + (highest % 2);
  const step = labels.length > 1 ? (width - left - 8) / (labels.length - 1) : 0;
  const x = (i: number) => left + (labels.length > 1 ? i * step : (width - left) / 2);
  const y = (v: number) => top + plot - (v / max) * plot;
  const every = Math.ceil(labels.length / 8);
  const peak = series.map((s) => ({ s, top: Math.max(0, ...s.values) })).sort((a, b) => b.top - a.top)[0];
  const summary = labels.length
    ? `${title}: ${series.length} codis, de ${labels[0]} a ${labels.at(-1)}; el màxim, ${highest}${peak ? ` (${peak.s.label})` : ""}. Les xifres són a la taula.`
    : `${title}: cap aportació codificada encara.`;
  return (
    <figure className="mt-2 max-w-3xl">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="h-auto w-full">
        {[0, max / 2, max].map((v) => (
          <g key={v}>
            <line x1={left} x2={width} y1={y(v)} y2={y(v)} className="stroke-ink/15" />
            <text x={left - 4} y={y(v) + 4} textAnchor="end" className="fill-ink text-[10px]">
              {v}
            </text>
          </g>
        ))}
        {labels.map((label, i) =>
          i % every === 0 || i === labels.length - 1 ? (
            <text
              key={label}
              x={x(i)}
              y={height - 6}
              textAnchor={labels.length > 1 && i === labels.length - 1 ? "end" : i === 0 && labels.length > 1 ? "start" : "middle"}
              className="fill-ink text-[10px]"
            >
              {label}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.key}>
            {s.values.length > 1 && (
              <polyline fill="none" stroke={s.colour} strokeWidth={2} points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(" ")} />
            )}
            {s.values.map((v, i) => (
              <circle key={i} cx={x(i)} cy={y(v)} r={2.5} fill={s.colour} />
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {series.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-2">
            <svg width="16" height="4" aria-hidden="true">
              <rect width="16" height="4" fill={s.colour} />
            </svg>
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
