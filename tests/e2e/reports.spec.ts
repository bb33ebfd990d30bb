/**
 * Reports (issue "reports"): a practice admin opens the report for 12 weeks and for a custom
 * period (after the period's error), downloads a section's CSV and finds the table's numbers in
 * it, follows the feedback drill-down to the patient feedback list; a regional-group admin
 * compares the group's two practices. Read-only on the demo data (history seeded by
 * app/db/seed-reports.server.ts and counted by the rollup the server refreshes at start), so
 * both projects (JS off and on) use the demo accounts. Every page: axe (SVG charts included)
 * and html-validate.
 */
import type { Page } from "@playwright/test";
import { expect as baseExpect, signInAs, test } from "../support/e2e-fixtures";

const expect = baseExpect.configure({ timeout: 30_000 });
// The report pages are long (a dozen charts and their tables): on a loaded 2-core machine a
// document navigation with JS off can take longer than the default 10 s action timeout.
test.use({ actionTimeout: 40_000, navigationTimeout: 60_000 });

/** The table's rows as text cells, heading row first. */
async function tableCells(page: Page, id: string): Promise<string[][]> {
  return page.locator(`#${id} tr`).evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").trim())));
}

/** Fetches a CSV link with the page's cookies and splits it (the report's cells hold no commas or quotes). */
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

test("a practice admin reads the report for 12 weeks and a custom period and downloads CSVs that match", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, "demo.practiceadmin@nhs.net");
  await page.goto("/demo/report");
  await expect(page.getByRole("heading", { level: 1, name: "Report" })).toBeVisible();
  await expect(page.getByText(/correct to \d\d\/\d\d\/\d{4} \d\d:00/)).toBeVisible();
  await expect(page.getByRole("img", { name: /Requests by week/ })).toBeVisible();

  // 12 weeks: the weekly table has 12 or 13 weeks (a period can start mid-week); its CSV is the same.
  await page.getByLabel("12 weeks").check();
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(/period=12-weeks/);
  const weekly = await tableCells(page, "table-requests-weekly");
  expect(weekly.length).toBeGreaterThanOrEqual(13);
  expect(await csvOf(page, "Download requests by week as CSV")).toEqual(weekly);
  const byType = await tableCells(page, "table-requests-by-type");
  expect(await csvOf(page, "Download requests by type as CSV")).toEqual(byType);

  // A custom period: both dates are required.
  await page.getByLabel("Custom period").check();
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page.getByRole("link", { name: "Enter a from date" })).toBeVisible();
  await page.getByLabel("From", { exact: true }).fill("2026-06-01");
  await page.getByLabel("To", { exact: true }).fill("2026-08-31");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page.getByText("Showing 01/06/2026 to 31/08/2026.")).toBeVisible();
  const monthly = await tableCells(page, "table-requests-monthly");
  expect(monthly.map((r) => r[0])).toEqual(["Month", "Jun 2026", "Jul 2026", "Aug 2026"]);
  expect(await csvOf(page, "Download requests by month as CSV")).toEqual(monthly);
  const response = await tableCells(page, "table-first-response");
  expect(await csvOf(page, "Download time to first response as CSV")).toEqual(response);
  await expect(page.getByText(/median within/).first()).toBeVisible();

  // The feedback section's drill-down: the patient feedback list, filtered by the rating.
  await page.goto("/demo/report#section-patient-feedback");
  await page.getByRole("link", { name: "Very good (5)" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Patient feedback" })).toBeVisible();
  await expect(page).toHaveURL(/rating=5/);
  await expect(page.getByLabel("Rating")).toHaveValue("5");
});

test("a regional-group admin compares the group's two practices", async ({ page }) => {
  test.setTimeout(150_000);
  await signInAs(page, "demo.ccg@nhs.net");
  await page.goto("/ccg-portal");
  await page.getByRole("link", { name: "Reports across the group" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports across the group" })).toBeVisible();
  const monthly = await tableCells(page, "table-requests-monthly");
  expect(monthly[0]).toEqual(["Month", "Hillside Surgery", "Riverside Medical Centre"]);
  expect(await csvOf(page, "Download requests by month as CSV")).toEqual(monthly);
  // One practice of the group on its own.
  await page.goto("/ccg-portal/practices");
  await page.getByRole("link", { name: "Report for Riverside Medical Centre" }).click();
  await expect(page.getByText("Riverside Medical Centre").first()).toBeVisible();
  await expect(page.getByRole("img", { name: /Requests by month/ })).toBeVisible();
});
