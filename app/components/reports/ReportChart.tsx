/**
 * A report section's chart as SVG, drawn on the server (the layout comes from d3-scale and
 * d3-shape in domain/reports/chart.ts): role="img" with a <title> and a <desc> that say what it
 * shows and its largest values, so it reads the same in a screen reader or a text browser; the
 * data table beside it holds every number.
 */
import { CHART, COLOURS, layoutChart } from "~/domain/reports/chart";
import type { SectionData } from "~/domain/reports/sections";

export function ReportChart({ section }: { section: Pick<SectionData, "id" | "name" | "description" | "chart" | "categories" | "series"> }) {
  const layout = layoutChart(
    section.chart,
    section.categories.map((c) => c.label),
    section.series,
  );
  const titleId = `chart-${section.id}-title`;
  const descId = `chart-${section.id}-desc`;
  const totals = section.series.map((s) => `${s.name}: ${s.values.reduce((a, b) => a + b, 0)} in total`).join("; ");
  const { width, height } = CHART;
  return (
    <svg
      className="app-report-chart"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      preserveAspectRatio="xMinYMin meet"
    >
      <title id={titleId}>{section.name}</title>
      <desc id={descId}>{`${section.description} ${totals}. The table below the chart gives each value.`}</desc>
      <g aria-hidden="true">
        {layout.yTicks.map((t) => (
          <g key={t.label}>
            <line x1={layout.plotLeft} x2={layout.plotRight} y1={t.y} y2={t.y} stroke="#d8dde0" />
            <text x={layout.plotLeft - 8} y={t.y + 4} textAnchor="end" fontSize="12" fill="#212b32">
              {t.label}
            </text>
          </g>
        ))}
        <line x1={layout.plotLeft} x2={layout.plotRight} y1={layout.baseline} y2={layout.baseline} stroke="#4c6272" />
        {layout.bars.map((b, i) => (
          <rect key={i} x={b.x} y={b.y} width={Math.max(0, b.width)} height={Math.max(0, b.height)} fill={b.colour} />
        ))}
        {layout.lines.map((l, i) => (
          <g key={i}>
            <path d={l.d} fill="none" stroke={l.colour} strokeWidth="2" />
            {(l.points.length <= 24 ? l.points : []).map((p, j) => (
              <circle key={j} cx={p.x} cy={p.y} r="3" fill={l.colour} />
            ))}
          </g>
        ))}
        {layout.xLabels.map((l, i) => (
          <text key={i} x={l.x} y={layout.baseline + 16} textAnchor="end" fontSize="11" fill="#212b32" transform={`rotate(-30 ${l.x} ${layout.baseline + 16})`}>
            {l.label.length > 18 ? `${l.label.slice(0, 17)}…` : l.label}
          </text>
        ))}
      </g>
    </svg>
  );
}

/** The colour key when several practices share a chart. */
export function ChartKey({ names }: { names: string[] }) {
  if (names.length < 2) return null;
  return (
    <ul className="nhsuk-list app-report-key">
      {names.map((n, i) => (
        <li key={n}>
          <svg width="14" height="14" aria-hidden="true" focusable="false">
            <rect width="14" height="14" fill={COLOURS[i % COLOURS.length]} />
          </svg>{" "}
          {n}
        </li>
      ))}
    </ul>
  );
}
