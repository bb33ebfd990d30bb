/**
 * A section as CSV: exactly the table on the page (heading row, one row per category), quoted by
 * csv-stringify, with spreadsheet formulas neutralised: a text cell starting =, +, -, @ (or a tab
 * or carriage return) gets a leading apostrophe so a spreadsheet shows it as text (OWASP CSV
 * injection). Numbers are written as numbers.
 */
import { createRequire } from "node:module";
import type { stringify as Stringify } from "csv-stringify/sync";
import { sectionTable, type SectionData } from "./sections";

const FORMULA = /^[=+\-@\t\r]/;

export function neutralise(cell: string): string {
  return FORMULA.test(cell) ? `'${cell}` : cell;
}

/** Loaded on the first download, not at start (decision 0164); CommonJS, so `require` serves. */
const stringify: typeof Stringify = (...args) => (createRequire(import.meta.url)("csv-stringify/sync") as { stringify: typeof Stringify }).stringify(...args);

export function toCsv(rows: (string | number)[][]): string {
  return stringify(
    rows.map((r) => r.map((c) => (typeof c === "number" ? String(c) : neutralise(c)))),
    { record_delimiter: "\r\n" },
  );
}

export function sectionCsv(section: SectionData): string {
  return toCsv(sectionTable(section));
}

/** The download's file name: the section and the period, letters, digits and dashes only. */
export function csvFileName(sectionId: string, from: string, to: string, scopeName: string): string {
  return `${scopeName}-${sectionId}-${from}-to-${to}.csv`.replace(/[^A-Za-z0-9.-]+/g, "-");
}
