/**
 * The federated inbox (practice code `all`, spec 3 §2; docs/decisions/0062-federated-inbox.md):
 * a staff member of two practices lands in their first practice's inbox, switches to All
 * practices, finds a request of their second practice there, opens it, assigns it to
 * themselves and finds it in their own inbox across practices. Plain links and forms, so it
 * runs the same with JavaScript off and on.
 *
 * Each project has its own staff member and request (tests/support/e2e-seed-users.ts).
 */
import { checkPage, expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eFederatedPatient, e2eFederatedStaff } from "../support/e2e-users";

test("a staff member of two practices opens a request of the second in All practices, assigns it to themselves and finds it in their own inbox", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const staff = e2eFederatedStaff(testInfo.project.name);
  const patient = e2eFederatedPatient(testInfo.project.name);
  const patientName = `${patient.firstName} ${patient.lastName}`;
  const me = `${staff.firstName} ${staff.lastName}`;

  await signInAs(page, staff.email);
  // Their first practice by name is Hillside (demotpp): the request is not there.
  await expect(page).toHaveURL(/\/demotpp\/inboxes\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole("banner")).toContainText("Hillside Surgery");
  const inboxes = page.getByRole("navigation", { name: "Inboxes" });
  await inboxes.getByRole("link", { name: /^Unassigned/ }).click();
  await expect(page).toHaveTitle("Unassigned inbox – Frontdoor");
  await expect(page.getByRole("link", { name: patientName })).toHaveCount(0);

  // All practices keeps the inbox they were looking at.
  await inboxes.getByRole("link", { name: "All practices" }).click();
  await expect(page).toHaveURL(/\/all\/inboxes\/unassigned$/);
  await expect(page).toHaveTitle("Unassigned inbox – All practices – Frontdoor");
  await expect(page.getByRole("banner")).toContainText("All practices");
  await inboxes.getByRole("link", { name: /^All \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/all\/inboxes\/all$/);
  const searchBox = page.getByLabel("Search by name, NHS number, date of birth, reference or words in the request");
  // Words the patient wrote find the request (stemmed: "notes" finds "note"), in every practice.
  await searchBox.fill("repeat sick notes");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row", { name: new RegExp(patientName) })).toHaveCount(1);
  await searchBox.fill(patient.lastName);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row", { name: new RegExp(patientName) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Riverside Medical Centre");
  await checkPage(page);

  await row.getByRole("link", { name: patientName }).click();
  await expect(page).toHaveURL(/\/all\/inboxes\/all\/request-details\/\d+\?q=/);
  await expect(page.getByRole("heading", { name: new RegExp(patientName) })).toBeVisible();
  await expect(page.getByText(patient.request)).toBeVisible();
  const summary = page.locator("#request-status");
  await expect(summary).toContainText("Riverside Medical Centre");
  await page.getByLabel("Assign to").selectOption({ label: `${me} (me)` });
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("Request assigned.")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/all\/inboxes\/all\/request-details\/\d+\?q=/);
  await expect(summary).toContainText(me);
  await checkPage(page);

  // Their own inbox across practices: the request of Riverside, now theirs.
  await inboxes.getByRole("link", { name: /^My inbox/ }).click();
  await expect(page).toHaveURL(/\/all\/inboxes\/\d+$/);
  await expect(page).toHaveTitle(`${me} inbox – All practices – Frontdoor`);
  const mine = page.getByRole("row", { name: new RegExp(patientName) });
  await expect(mine).toContainText("Riverside Medical Centre");
  await mine.getByRole("link", { name: patientName }).click();
  await expect(page.getByRole("heading", { name: new RegExp(patientName) })).toBeVisible();
  await checkPage(page);
});
