/**
 * Issue "video": availability, leave and the calendar (decisions 0097–0099).
 *
 * A GP sets a weekly working pattern and records leave from today (UK date) with a colleague to
 * cover; the calendar shows both, by month and by week. A receptionist then assigns a request to
 * that GP: the page warns that they are away and offers the cover, and choosing the cover assigns
 * to the cover. The GP's own inbox says who covers and links to the cover's inbox, where the
 * request now is. Plain forms and links throughout, so it runs the same with JavaScript off and on.
 *
 * Each project has its own GP, cover, receptionist and request (tests/support/e2e-seed-leave.ts).
 */
import type { Page } from "@playwright/test";
import { checkPage, expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eLeavePeople } from "../support/e2e-users";

// Every click waits for its page, and with JS the page checks run first: slow on a busy machine.
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

/** Today's date in the UK, and days after it, as day, month, year and DD/MM/YYYY. */
function londonDay(offset = 0) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date()).map((p) => [p.type, p.value]),
  );
  const date = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) + offset));
  const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  const long = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(date).replace(",", "");
  return { day: String(d), month: String(m), year: String(y), shown: `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${y}`, long };
}

async function signInHere(page: Page, email: string) {
  await signInAs(page, email, "/demo/inbox");
  await expect(page).toHaveURL(/\/demo\/inboxes\/\d+$/, { timeout: 30_000 });
}

/** Waits for the page a link or form leads to (with JS a client-side navigation). */
async function arrive(page: Page, heading: string, url: RegExp) {
  await page.waitForURL(url, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
}

test("a GP sets a working pattern and records leave with cover; the calendar shows them; assigning to the GP offers the cover; their inbox says who covers", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const people = e2eLeavePeople(testInfo.project.name);
  const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
  const [gp, cover, patient] = [name(people.gp), name(people.cover), name(people.patient)];
  const today = londonDay();
  const last = londonDay(2);

  // The GP opens their own calendar from the inbox menu: nothing recorded yet.
  await signInHere(page, people.gp.email);
  await page.getByRole("link", { name: "My calendar" }).click();
  await arrive(page, "Calendar", /\/demo\/calendar\/\d+(\?|$)/);
  const calendarUrl = page.url().split("?")[0];
  const gpId = calendarUrl.split("/").at(-1)!;

  // A weekly pattern: every weekday morning, and Tuesday afternoon too.
  await page.getByRole("link", { name: "Working pattern" }).click();
  await arrive(page, "Working pattern", /\/demo\/availability\/\d+$/);
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) {
    await page.getByLabel(`First session starts on ${day}`).fill("08:30");
    await page.getByLabel(`First session ends on ${day}`).fill("12:30");
  }
  await page.getByLabel("Second session starts on Tuesday").fill("14:00");
  // An end before its start is refused, with the spec's kind of message linked to the field.
  await page.getByLabel("Second session ends on Tuesday").fill("13:00");
  await page.getByRole("button", { name: "Save working pattern" }).click();
  const summary = page.locator(".nhsuk-error-summary");
  await expect(summary.getByRole("link", { name: "The end of Tuesday's second session must be after its start" })).toBeVisible({ timeout: 30_000 });
  await checkPage(page);
  await page.getByLabel("Second session ends on Tuesday").fill("17:30");
  await page.getByRole("button", { name: "Save working pattern" }).click();
  await expect(page.getByText("Working pattern saved.")).toBeVisible({ timeout: 30_000 });
  const pattern = page.getByRole("table", { name: `Working pattern of ${gp}` });
  await expect(pattern.getByRole("row", { name: /Tuesday/ })).toContainText("08:30");
  await expect(pattern.getByRole("row", { name: /Tuesday/ })).toContainText("17:30");
  await expect(pattern.getByRole("row", { name: /Saturday/ })).toContainText("Not working");
  await checkPage(page);

  // Leave from today for three days (UK dates), covered by a GP colleague.
  await page.getByRole("link", { name: "Leave and out of office" }).click();
  await arrive(page, "Leave and out of office", /\/demo\/leave\/\d+$/);
  await page.getByLabel("Leave", { exact: true }).check();
  const first = page.getByRole("group", { name: "First day" });
  await first.getByLabel("Day").fill(today.day);
  await first.getByLabel("Month").fill(today.month);
  await first.getByLabel("Year").fill(today.year);
  const lastDay = page.getByRole("group", { name: "Last day" });
  await lastDay.getByLabel("Day").fill(last.day);
  await lastDay.getByLabel("Month").fill(last.month);
  await lastDay.getByLabel("Year").fill(last.year);
  await page.getByLabel(cover, { exact: true }).check();
  await page.getByLabel("Note (optional)").fill("Annual leave");
  await page.getByRole("button", { name: "Record leave" }).click();
  await expect(page.getByText("Leave recorded.")).toBeVisible({ timeout: 30_000 });
  const leaveRow = page.getByRole("table", { name: `Leave and out of office of ${gp}` }).getByRole("row", { name: new RegExp(today.shown) });
  await expect(leaveRow).toContainText(last.shown);
  await expect(leaveRow).toContainText(cover);
  await expect(leaveRow).toContainText("Now");
  await checkPage(page);

  // The calendar, month view: today is leave with who covers; working days show the sessions.
  await page.getByRole("link", { name: "Calendar", exact: true }).click();
  await arrive(page, "Calendar", /\/demo\/calendar\/\d+/);
  const todayCell = page.locator('td[aria-current="date"]');
  await expect(todayCell).toContainText("Leave");
  await expect(todayCell).toContainText(`Covered by ${cover}`);
  await expect(todayCell).not.toContainText("Working");
  await expect(page.locator("td").filter({ hasText: "Working 08:30–12:30" }).first()).toBeVisible();
  await checkPage(page);

  // Week view: a row per day; today's row shows the leave, and the week has working days left.
  await page.getByRole("link", { name: "Week", exact: true }).click();
  await page.waitForURL(/view=week/, { timeout: 30_000 });
  await expect(page.getByRole("table", { name: /^Week of / })).toBeVisible({ timeout: 30_000 });
  const todayRow = page.getByRole("row", { name: new RegExp(`${today.long} \\(today\\)`) });
  await expect(todayRow).toContainText("Leave");
  await expect(todayRow).toContainText(`Covered by ${cover}`);
  await expect(page.getByRole("table", { name: /^Week of / })).toContainText("Working 08:30–12:30");
  await checkPage(page);

  // A receptionist assigns the GP a request: warned, and offered the cover instead.
  await signInHere(page, people.reception.email);
  await page.goto(`/demo/inboxes/all?q=${people.patient.lastName}`);
  await page.getByRole("link", { name: patient }).click();
  await expect(page.getByText(people.patient.request)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Assign to").selectOption({ label: `${gp} (away until ${last.shown})` });
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  const warning = page.locator("#leave-warning");
  await expect(warning).toContainText(`${gp} is on leave until ${last.shown}. ${cover} is covering.`, { timeout: 30_000 });
  await expect(warning.getByRole("button", { name: `Assign to ${gp} anyway` })).toBeVisible();
  await checkPage(page);
  await warning.getByRole("button", { name: `Assign to ${cover} instead` }).click();
  await expect(page.getByText("Request assigned.")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("#leave-warning")).toHaveCount(0);
  await expect(page.locator(".nhsuk-summary-list__row").filter({ hasText: "Assigned to" })).toContainText(cover);
  // The assignee list shows who has it now (with JS too, where the page is not reloaded).
  await expect(page.getByLabel("Assign to").locator("option:checked")).toHaveText(cover);
  await checkPage(page);

  // The GP's personal inbox says who covers, and links to the cover's inbox, where the request is.
  await page.goto(`/demo/inboxes/${gpId}`);
  const away = page.locator(".nhsuk-inset-text").filter({ hasText: "is covering" });
  await expect(away).toContainText(`${gp} is on leave until ${last.shown}. ${cover} is covering.`);
  await checkPage(page);
  await away.getByRole("link", { name: `${cover}'s inbox` }).click();
  await page.waitForURL((url) => /\/demo\/inboxes\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${gpId}`), { timeout: 30_000 });
  await expect(page.getByRole("link", { name: patient })).toBeVisible({ timeout: 30_000 });
  await checkPage(page);
});
