import { describe, expect, it } from "vitest";
import { layoutChart } from "./chart";
import { csvFileName, neutralise, toCsv } from "./csv";

describe("report CSV", () => {
  it("quotes correctly and neutralises spreadsheet formulas", () => {
    expect(toCsv([["Type", "Requests"], ['Say "hi", then', 3], ["=SUM(A1)", 0], ["+1", 1], ["-2", 2], ["@cmd", 4]])).toBe(
      'Type,Requests\r\n"Say ""hi"", then",3\r\n\'=SUM(A1),0\r\n\'+1,1\r\n\'-2,2\r\n\'@cmd,4\r\n',
    );
    expect(neutralise("Monday")).toBe("Monday");
  });

  it("names the file safely", () => {
    expect(csvFileName("requests-monthly", "2026-01-01", "2026-02-01", "all practices")).toBe("all-practices-requests-monthly-2026-01-01-to-2026-02-01.csv");
  });
});

describe("chart layout", () => {
  it("draws one bar per category and series, heights in proportion", () => {
    const layout = layoutChart("bar", ["a", "b"], [{ values: [2, 4] }, { values: [1, 0] }]);
    expect(layout.bars).toHaveLength(4);
    expect(layout.bars[1]!.height).toBeCloseTo(layout.bars[0]!.height * 2);
    expect(layout.bars[3]!.height).toBe(0);
  });

  it("draws a line per series with d3-shape", () => {
    const layout = layoutChart("line", ["a", "b", "c"], [{ values: [1, 2, 3] }]);
    expect(layout.lines[0]!.d).toMatch(/^M[\d.]+,[\d.]+L/);
  });
});
