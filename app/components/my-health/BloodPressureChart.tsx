import { CHART, type ChartGeometry } from "~/domain/my-health/chart";

/**
 * The readings as an SVG line chart drawn on the server (no script): systolic and diastolic
 * lines, the NICE home thresholds as dashed labelled lines. It is an image with a text
 * alternative that points to the table beside it, which holds every number.
 */
export function BloodPressureChart({ geometry, summary }: { geometry: ChartGeometry; summary: string }) {
  const { width, height, left, right } = CHART;
  const end = width - right;
  return (
    <figure className="app-bp-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-labelledby="bp-chart-title bp-chart-desc"
        focusable="false"
      >
        <title id="bp-chart-title">Blood pressure readings chart</title>
        <desc id="bp-chart-desc">{summary} Every reading is listed in the table below the chart.</desc>
        <rect x={left} y={CHART.top} width={end - left} height={height - CHART.top - CHART.bottom} fill="#ffffff" stroke="#aeb7bd" />
        {geometry.ticks.map((t) => (
          <g key={t.value}>
            <line x1={left} x2={end} y1={t.y} y2={t.y} stroke="#e8edee" />
            <text x={left - 6} y={t.y + 4} textAnchor="end" fontSize="12" fill="#4c6272">
              {t.value}
            </text>
          </g>
        ))}
        {geometry.thresholds.map((t) => (
          <g key={`${t.kind}-${t.y}`}>
            <line x1={left} x2={end} y1={t.y} y2={t.y} stroke={t.kind === "stage2" ? "#d5281b" : "#ffb81c"} strokeWidth="2" strokeDasharray="6 4" />
            <text x={end + 6} y={t.y + 4} fontSize="12" fill="#212b32">
              {t.label}
            </text>
          </g>
        ))}
        <text x={12} y={CHART.top + 4} fontSize="12" fill="#4c6272" transform={`rotate(-90 12 ${CHART.top + 4})`} textAnchor="end">
          mmHg
        </text>
        <path d={geometry.systolicPath} fill="none" stroke="#005eb8" strokeWidth="3" />
        <path d={geometry.diastolicPath} fill="none" stroke="#330072" strokeWidth="3" strokeDasharray="2 3" />
        {geometry.points.map((p, i) => (
          <g key={i}>
            <circle cx={p.x} cy={p.systolicY} r="5" fill="#005eb8" />
            <rect x={p.x - 4.5} y={p.diastolicY - 4.5} width="9" height="9" fill="#330072" />
          </g>
        ))}
        {geometry.points.length > 0 ? (
          <>
            <text x={geometry.points[0]!.x} y={height - CHART.bottom + 18} fontSize="12" fill="#4c6272" textAnchor="start">
              {geometry.points[0]!.label}
            </text>
            {geometry.points.length > 1 ? (
              <text x={geometry.points[geometry.points.length - 1]!.x} y={height - CHART.bottom + 34} fontSize="12" fill="#4c6272" textAnchor="end">
                {geometry.points[geometry.points.length - 1]!.label}
              </text>
            ) : null}
          </>
        ) : null}
      </svg>
      <figcaption className="nhsuk-body-s">
        Solid blue line with circles: systolic (top number). Dotted purple line with squares: diastolic (bottom number).
        Dashed lines: the stage 1 (135/85) and stage 2 (150/95) high blood pressure thresholds for home readings.
      </figcaption>
    </figure>
  );
}
