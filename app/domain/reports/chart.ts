/**
 * Lays out a section's chart for an SVG drawn on the server (d3-scale, d3-shape): bars grouped by
 * category (one bar per series) or one line per series. Pure numbers in, shapes out; the React
 * component only writes the elements. Colours are NHS palette colours with at least 3:1
 * contrast against white (WCAG 1.4.11).
 */
import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";

export const CHART = { width: 720, height: 300, top: 16, right: 16, bottom: 56, left: 56 } as const;
export const COLOURS = ["#005eb8", "#007f3b", "#330072", "#d5281b", "#7c2855", "#425563", "#003087", "#006747", "#ae2573", "#8a1538"];

export type Bar = { x: number; y: number; width: number; height: number; colour: string; value: number };
export type Line = { d: string; colour: string; points: { x: number; y: number }[] };
export type Tick = { y: number; label: string };
export type XLabel = { x: number; label: string };
export type ChartLayout = { bars: Bar[]; lines: Line[]; yTicks: Tick[]; xLabels: XLabel[]; baseline: number; plotLeft: number; plotRight: number };

export function layoutChart(kind: "bar" | "line", categories: string[], series: { values: number[] }[]): ChartLayout {
  const { width, height, top, right, bottom, left } = CHART;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const y = scaleLinear().domain([0, max]).nice(5).range([height - bottom, top]);
  const x = scaleBand<number>()
    .domain(categories.map((_, i) => i))
    .range([left, width - right])
    .paddingInner(kind === "bar" ? 0.2 : 0)
    .paddingOuter(0.1);
  const yTicks = y.ticks(5).filter(Number.isInteger).map((t) => ({ y: y(t), label: String(t) }));
  // Every nth category named under the axis, so labels never overlap.
  const every = Math.max(1, Math.ceil(categories.length / 12));
  const xLabels = categories.map((label, i) => ({ x: x(i)! + x.bandwidth() / 2, label })).filter((_, i) => i % every === 0);
  const bars: Bar[] = [];
  const lines: Line[] = [];
  if (kind === "bar") {
    const inner = scaleBand<number>().domain(series.map((_, i) => i)).range([0, x.bandwidth()]).padding(0.05);
    series.forEach((s, si) =>
      s.values.forEach((v, ci) =>
        bars.push({ x: x(ci)! + inner(si)!, y: y(v), width: inner.bandwidth(), height: y(0) - y(v), colour: COLOURS[si % COLOURS.length]!, value: v }),
      ),
    );
  } else {
    const path = line<{ x: number; y: number }>()
      .x((p) => p.x)
      .y((p) => p.y);
    series.forEach((s, si) => {
      const points = s.values.map((v, ci) => ({ x: x(ci)! + x.bandwidth() / 2, y: y(v) }));
      lines.push({ d: path(points) ?? "", colour: COLOURS[si % COLOURS.length]!, points });
    });
  }
  return { bars, lines, yTicks, xLabels, baseline: y(0), plotLeft: left, plotRight: width - right };
}
