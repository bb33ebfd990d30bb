/**
 * Reports (issue "reports"): a practice admin meets the custom period's error, opens the report
 * for a custom period (the whole page: every section, chart and table, checked once), compares
 * sections' tables with their CSVs fetched by request, opens 12 weeks for one section and the
 * request details list (paged, its CSV of every request), and
 * follows the feedback drill-down to the patient feedback list; a regional-group admin compares
 * the group's two practices and opens one practice's report. Read-only on the demo data (history
 * seeded by app/db/seed-reports.server.ts and counted by the rollup the server refreshes at
 * start), so both projects (JS off and on) use the demo accounts. Every page visited: axe (SVG
 * charts included) and html-validate. Kept short: the long full report is visited once; other
 * views use `?section=` (one section on its own) and CSVs are checked by request, not by click.
 */
import type { Page } from "@playwright/test";
import { expect as baseExpect, signInAs, test } from "../support/e2e-fixtures";

const expect = baseExpect.configure({ timeout: 20_000 });

/** The table's rows as text cells, heading row first. */
async function tableCells(page: Page, id: string): Promise<string[][]> {
  return page.locator(`#${id} tr`).evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").trim())));
}

/** Fetches a section's CSV link with the page's cookies and splits it (the report's cells hold no commas or quotes). */
async function csvOf(page: Page, linkName: string): Promise<string[][]> {
  const href = await page.getByRole("link", { name: linkName }).getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/csv");
  return (await response.text())
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
}

async function sameAsCsv(page: Page, id: string, name: string) {
  const link = `Download ${name.toLowerCase()} as CSV`;
  let cells = await tableCells(page, `table-${id}`);
  expect(cells.length).toBeGreaterThan(1);
  let csv = await csvOf(page, link);
  if (JSON.stringify(csv) !== JSON.stringify(cells)) {
    // The report is correct to the last full hour: when the rollup's first run after the hour
    // comes between the page and its CSV, the current month gains that hour's requests (other
    // journeys add some). The page read again must then agree with a CSV fetched after it.
    await page.reload();
    cells = await tableCells(page, `table-${id}`);
    csv = await csvOf(page, link);
  }
  expect(csv).toEqual(cells);
  return cells;
}

test("a practice admin reads the report for a custom period and 12 weeks, and its CSVs match", async ({ page }) => {
  test.setTimeout(150_000);
  await signInAs(page, "demo.practiceadmin@nhs.net");
  // A custom period: both dates are required (the error page has no sections: short).
  await page.goto("/demo/report?period=custom");
  await expect(page.getByRole("link", { name: "Enter a from date" })).toBeVisible();
  await page.getByLabel("From", { exact: true }).fill("2026-06-01");
  await page.getByLabel("To", { exact: true }).fill("2026-08-31");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page.getByText("Showing 01/06/2026 to 31/08/2026.")).toBeVisible();
  await expect(page.getByText(/correct to \d\d\/\d\d\/\d{4} \d\d:00/)).toBeVisible();
  await expect(page.getByRole("img", { name: /Requests by week/ })).toBeVisible();
  const monthly = await sameAsCsv(page, "requests-monthly", "Requests by month");
  expect(monthly.map((r) => r[0])).toEqual(["Month", "Jun 2026", "Jul 2026", "Aug 2026"]);
  for (const [id, name] of [
    ["requests-by-type", "Requests by type"],
    ["first-response-percentiles", "Time to first response: median and 90th percentile"],
    ["triage-decision", "Triage decisions"],
    ["requests-by-user", "Requests by user"],
    ["pharmacy-first-links", "Pharmacy First links shown"],
    ["pharmacy-first-clicks", "Pharmacy First link clicks"],
    ["telephone-by-hour", "Telephone appointments by hour of the day"],
  ]) {
    await sameAsCsv(page, id!, name!);
  }
  await expect(page.getByText(/All responses: median \d/).first()).toBeVisible();

  // 12 weeks, one section on its own: 12 or 13 weeks (a period can start mid-week).
  await page.goto("/demo/report?period=12-weeks&section=requests-weekly");
  await expect(page.getByLabel("12 weeks")).toBeChecked();
  const weekly = await sameAsCsv(page, "requests-weekly", "Requests by week");
  expect(weekly.length).toBeGreaterThanOrEqual(13);

  // Request details: the counts by status match their CSV; the list pages through the period
  // newest first, and its own CSV holds every request of it (the first row the page's first).
  await page.goto("/demo/report?period=12-weeks&section=request-details");
  await sameAsCsv(page, "request-details", "Request details");
  const showing = await page.getByText(/^Showing requests 1 to \d+ of \d+, newest first\.$/).textContent();
  const total = Number(/of (\d+)/.exec(showing!)![1]);
  const list = page.getByRole("table", { name: "Requests in this period" });
  const firstRow = await list.locator("tbody tr").first().locator("th, td").allTextContents();
  const rows = await csvOf(page, total === 1 ? "Download the list of this request as CSV" : `Download the list of all ${total} requests as CSV`);
  expect(rows).toHaveLength(total + 1);
  expect(rows[1]!.map((c) => c.replace(/^"|"$/g, ""))).toEqual(firstRow.map((c) => c.trim()));
  if (total > 25) {
    await page.getByRole("link", { name: /Next/ }).click();
    await expect(page.getByText(/^Showing requests 26 to \d+ of \d+, newest first\.$/)).toBeVisible();
  }

  // The feedback section's drill-down: the patient feedback list, filtered by the rating.
  await page.goto("/demo/report?section=patient-feedback");
  await page.getByRole("link", { name: "Very good (5)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Patient feedback" })).toBeVisible();
  await expect(page).toHaveURL(/rating=5/);
  await expect(page.getByLabel("Rating")).toHaveValue("5");
});

test("a regional-group admin compares the group's two practices", async ({ page }) => {
  test.setTimeout(150_000);
  await signInAs(page, "demo.ccg@nhs.net");
  await page.goto("/ccg-portal");
  await expect(page.getByRole("link", { name: "Reports across the group" })).toHaveAttribute("href", "/ccg-portal/reports");
  await page.goto("/ccg-portal/reports?section=requests-monthly");
  await expect(page.getByRole("heading", { level: 1, name: "Reports across the group" })).toBeVisible();
  const monthly = await sameAsCsv(page, "requests-monthly", "Requests by month");
  expect(monthly[0]).toEqual(["Month", "Hillside Surgery", "Riverside Medical Centre"]);
  // One practice of the group on its own, found by the practices list's search.
  await page.goto("/ccg-portal/practices?search=Riverside");
  await expect(page.getByText("1 practice matching")).toBeVisible();
  const href = await page.getByRole("link", { name: "Report for Riverside Medical Centre" }).getAttribute("href");
  await page.goto(`${href}?section=telephone-by-weekday`);
  await expect(page.getByText("Riverside Medical Centre").first()).toBeVisible();
  await expect(page.getByRole("img", { name: /Telephone appointments by day of the week/ })).toBeVisible();
  await sameAsCsv(page, "telephone-by-weekday", "Telephone appointments by day of the week");
});
