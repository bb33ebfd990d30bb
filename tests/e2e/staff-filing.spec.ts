/**
 * Issue "staff integrations": the staff screen and filing to the clinical record.
 *
 * 1. A GP triages a request (difficulty, role, actions, a long-term-condition topic, a review
 *    date), finds it through the inbox's long-term-condition filter, files it to the GP record
 *    with a SNOMED code found by search, and sees when and by whom. Plain forms throughout.
 * 2. The inbox at 1280×800 is a dense table showing at least 15 requests beside the open one,
 *    counted from the top of the page (the compact staff header, decision 0132);
 *    at 1024×768 nothing overflows; below 1024 px the request stacks under the list. With JS,
 *    J opens the next request (every request is also a link).
 *
 * Each project files its own seeded request (tests/support/e2e-seed-filing.ts).
 */
import type { Page } from "@playwright/test";
import { checkPage, expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eFilingPatient } from "../support/e2e-users";

// Every click waits for its page, and with JS the page checks run first: slow on a busy machine.
test.use({ actionTimeout: 30_000 });

async function signInAsGp(page: Page) {
  await signInAs(page, "demo.gp@nhs.net");
  await expect(page).toHaveURL(/\/inboxes\/\d+$/, { timeout: 20_000 });
}

test("a GP triages a request, finds it by the long-term-condition filter and files it to the GP record with a SNOMED code", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const patient = e2eFilingPatient(testInfo.project.name);
  const patientName = `${patient.firstName} ${patient.lastName}`;
  await signInAsGp(page);
  await page.goto(`/demo/inboxes/all?q=${patient.lastName}`);
  await page.getByRole("link", { name: patientName }).click();
  // With JS the page checks run before each data request, which takes a while on a busy machine.
  await expect(page.getByText(patient.request)).toBeVisible({ timeout: 30_000 });

  // Triage, with a review date a month ahead.
  const review = new Date(Date.now() + 30 * 86_400_000);
  await page.getByText("Change triage").click();
  await page.getByLabel("Difficulty", { exact: true }).selectOption({ label: "Moderate" });
  await page.getByLabel("To be resolved by").selectOption({ label: "Practice nurse" });
  await page.getByLabel("Book an appointment").check();
  await page.getByLabel("Long-term condition", { exact: true }).check();
  await page.getByLabel("Day").fill(String(review.getUTCDate()));
  await page.getByLabel("Month").fill(String(review.getUTCMonth() + 1));
  await page.getByLabel("Year").fill(String(review.getUTCFullYear()));
  await page.getByRole("button", { name: "Save triage" }).click();
  await expect(page.getByText("Triage saved.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Triage recorded by .*Difficulty: Moderate; To resolve: Practice nurse/)).toBeVisible();
  await checkPage(page);

  // The long-term-condition filter: hidden, then the only kind shown.
  await page.goto(`/demo/inboxes/all?q=${patient.lastName}&ltc=hide`);
  await expect(page.getByText("No requests match your search.")).toBeVisible();
  // Each choice says how many of the inbox's requests (this search) it lists.
  await page.getByLabel("Long-term conditions").selectOption({ label: "Show only them (1)" });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("link", { name: patientName })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: patientName }).click();

  // Filing: search a code, tick it, file; the request says when and by whom.
  await page.getByRole("link", { name: "File to GP record" }).click();
  await expect(page.getByRole("heading", { name: "File this request to the GP record" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "File to GP record" }).click();
  await expect(page.locator(".nhsuk-error-summary").getByRole("link", { name: "Choose at least one SNOMED code" })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Search SNOMED codes").fill("asthma");
  await page.getByRole("button", { name: "Search codes" }).click();
  await page.getByLabel("Asthma (195967001)").check({ timeout: 30_000 });
  await checkPage(page);
  await page.getByRole("button", { name: "File to GP record" }).click();
  await expect(page.getByText("Request filed to the GP record.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Filed \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} by /)).toBeVisible();
  await expect(page.getByText(/Filed to the GP record by .*Asthma \(195967001\)/)).toBeVisible();
  await page.getByRole("link", { name: "View what was filed" }).click();
  await expect(page.getByRole("heading", { name: "Filed to the GP record" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Asthma (195967001)")).toBeVisible();
  await checkPage(page);
});

/** Whether anything in main sticks out of the page or of its column. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push(`page scrolls sideways (${document.documentElement.scrollWidth} > ${window.innerWidth})`);
    // Checkbox and radio inputs are NHS.UK's invisible overlays, 2 px outside their box by design.
    for (const el of Array.from(document.querySelectorAll("main select, main input:not([type=checkbox]):not([type=radio]), main textarea, main table, main button"))) {
      const column = el.closest(".app-inbox-split__list, .app-inbox-split__request, main");
      if (!column) continue;
      const r = el.getBoundingClientRect();
      const c = column.getBoundingClientRect();
      if (r.width > 0 && (r.right > c.right + 3 || r.left < c.left - 3)) found.push(`${el.tagName.toLowerCase()}#${el.id || "?"} leaves its column (${Math.round(r.left)}–${Math.round(r.right)} vs ${Math.round(c.left)}–${Math.round(c.right)})`);
    }
    return found;
  });
}

test("the inbox is a dense table beside the open request at 1280×800, nothing overflows at 1024×768, and it stacks below 1024 px", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsGp(page);
  await page.goto("/demo/inboxes/all");
  // The cookie choice and the maintenance banner (on for the e2e server) are dealt with once, on a
  // staff member's first visit; then the page opens afresh, without the flash that confirmed them.
  await page.getByRole("button", { name: "Do not use additional cookies" }).click();
  await expect(page.getByRole("button", { name: "Do not use additional cookies" })).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("button", { name: "Dismiss" })).toHaveCount(0, { timeout: 30_000 });
  await page.goto("/demo/inboxes/all");
  const rows = page.locator(".app-inbox-table tbody tr");
  // The demo practice's "All" inbox holds well over a page (20) of seeded requests.
  await expect(rows).toHaveCount(20, { timeout: 30_000 });
  await rows.first().getByRole("link").click();
  await expect(page.locator(".app-inbox-split__request h2").first()).toBeVisible({ timeout: 30_000 });
  // A screen of the list as it opens, counted from the top of the page (no scrolling): the staff
  // header is one row plus the menu bar (decision 0132), so at least 15 rows fit beside the request.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const shown = await rows.evaluateAll((trs) => trs.filter((tr) => tr.getBoundingClientRect().top >= 0 && tr.getBoundingClientRect().bottom <= window.innerHeight).length);
  expect(shown).toBeGreaterThanOrEqual(15);
  // The account links are in a menu that opens without JS and lies over the page.
  const account = page.getByRole("navigation", { name: "Account" });
  await expect(account.getByRole("link", { name: "Account Settings" })).toBeHidden();
  await account.locator("summary").click();
  await expect(account.getByRole("link", { name: "Account Settings" })).toBeVisible();
  expect(await rows.evaluateAll((trs) => trs.filter((tr) => tr.getBoundingClientRect().bottom <= window.innerHeight).length)).toBeGreaterThanOrEqual(15);
  await account.locator("summary").click();
  await expect(account.getByRole("link", { name: "Account Settings" })).toBeHidden();
  const list = (await page.locator(".app-inbox-split__list").boundingBox())!;
  const request = (await page.locator(".app-inbox-split__request").boundingBox())!;
  expect(request.x).toBeGreaterThanOrEqual(list.x + list.width);
  expect(await overflows(page)).toEqual([]);
  await expect(page.getByText("Keyboard (with JavaScript):")).toBeVisible();
  await checkPage(page);

  await page.setViewportSize({ width: 1024, height: 768 });
  expect(await overflows(page)).toEqual([]);
  await page.setViewportSize({ width: 1000, height: 768 });
  const listBelow = (await page.locator(".app-inbox-split__list").boundingBox())!;
  const requestBelow = (await page.locator(".app-inbox-split__request").boundingBox())!;
  expect(requestBelow.y).toBeGreaterThanOrEqual(listBelow.y + listBelow.height);
  expect(await overflows(page)).toEqual([]);

  if (testInfo.project.name === "js-on") {
    // J opens the next request in the list; K goes back.
    const first = page.url();
    await page.locator("h1").first().click();
    await page.keyboard.press("j");
    await expect(rows.nth(1)).toHaveClass(/app-inbox-table__row--open/, { timeout: 30_000 });
    expect(page.url()).not.toBe(first);
    await page.keyboard.press("k");
    await expect(page).toHaveURL(first, { timeout: 30_000 });
  }
});
