/**
 * The blood pressure chart's geometry, computed on the server so the page draws it as plain
 * SVG (no script): readings oldest to newest across, mmHg up, the NICE thresholds as labelled
 * lines. The numbers themselves are in the table beside it, which is what a screen reader reads.
 */
import { THRESHOLDS } from "./blood-pressure";

export const CHART = { width: 640, height: 320, left: 48, right: 120, top: 16, bottom: 40, min: 40, max: 220 } as const;

export type ChartPoint = { x: number; systolicY: number; diastolicY: number; label: string };
export type ChartLine = { y: number; label: string; kind: "stage1" | "stage2" };
export type ChartGeometry = {
  points: ChartPoint[];
  systolicPath: string;
  diastolicPath: string;
  thresholds: ChartLine[];
  ticks: { y: number; value: number }[];
};

/** y of a value in mmHg, clamped to the drawing. */
export function yOf(mmHg: number): number {
  const { top, height, bottom, min, max } = CHART;
  const v = Math.min(max, Math.max(min, mmHg));
  const plot = height - top - bottom;
  return Math.round((top + ((max - v) / (max - min)) * plot) * 10) / 10;
}

export function chartGeometry(readings: readonly { systolic: number; diastolic: number; label: string }[]): ChartGeometry {
  const { left, right, width } = CHART;
  const plotWidth = width - left - right;
  const n = readings.length;
  const xOf = (i: number) => Math.round((n <= 1 ? left + plotWidth / 2 : left + (i / (n - 1)) * plotWidth) * 10) / 10;
  const points = readings.map((r, i) => ({ x: xOf(i), systolicY: yOf(r.systolic), diastolicY: yOf(r.diastolic), label: r.label }));
  const path = (pick: (p: ChartPoint) => number) => points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x} ${pick(p)}`).join(" ");
  return {
    points,
    systolicPath: path((p) => p.systolicY),
    diastolicPath: path((p) => p.diastolicY),
    thresholds: [
      { y: yOf(THRESHOLDS.stage2.systolic), label: `Stage 2: ${THRESHOLDS.stage2.systolic}`, kind: "stage2" },
      { y: yOf(THRESHOLDS.stage1.systolic), label: `Stage 1: ${THRESHOLDS.stage1.systolic}`, kind: "stage1" },
      { y: yOf(THRESHOLDS.stage2.diastolic), label: `Stage 2: ${THRESHOLDS.stage2.diastolic}`, kind: "stage2" },
      { y: yOf(THRESHOLDS.stage1.diastolic), label: `Stage 1: ${THRESHOLDS.stage1.diastolic}`, kind: "stage1" },
    ],
    ticks: [60, 80, 100, 120, 140, 160, 180, 200].map((value) => ({ value, y: yOf(value) })),
  };
}
