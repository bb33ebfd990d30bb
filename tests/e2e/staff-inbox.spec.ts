/**
 * Staff inboxes (issue 5, spec 3 §2–4): a receptionist assigns a new request to a GP; the GP
 * answers; the patient replies from their chat; the GP completes the request and undoes that. Every step is a plain form, so
 * the journey runs the same with JavaScript off (locked-down practice PCs) and on.
 *
 * Each project works on its own seeded request (tests/support/e2e-seed-users.ts), so the two
 * runs never meet; demo staff accounts are shared, so counts are not asserted exactly.
 */
import type { Page } from "@playwright/test";
import { checkPage, expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eInboxPatient } from "../support/e2e-users";


async function signIn(page: Page, email: string) {
  await signInAs(page, email);
  await expect(page).toHaveURL(/\/inboxes\/\d+$/, { timeout: 20_000 });
  // Staff of several practices land at their first; this journey is at Riverside (demo).
  await page.goto("/demo/inbox");
  await expect(page).toHaveURL(/\/demo\/inboxes\/\d+$/);
  await expect(page.getByRole("banner")).toContainText("Riverside Medical Centre");
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).not.toHaveURL(/inboxes/);
}

test("a receptionist assigns a request to a GP; the GP answers, the patient replies, the GP completes and undoes it", { tag: "@smoke" }, async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const patient = e2eInboxPatient(testInfo.project.name);
  const patientName = `${patient.firstName} ${patient.lastName}`;

  await signIn(page, "demo.reception@nhs.net");
  await expect(page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: /Inboxes/ })).toBeVisible();
  await page.getByRole("navigation", { name: "Inboxes" }).getByRole("link", { name: /^Unassigned/ }).click();
  await expect(page).toHaveTitle("Unassigned inbox – Frontdoor");
  // Other journeys send requests to demo at the same time, so the patient may not be on the
  // first page of the list: find them as a receptionist would, by the inbox search.
  await page.getByLabel(/Search by name/).fill(patient.lastName);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: patientName }).click();
  await expect(page.getByRole("heading", { name: new RegExp(patientName) })).toBeVisible();
  await expect(page.getByText("A letter for my employer, please.")).toBeVisible();

  await page.getByLabel("Assign to").selectOption({ label: "Priya Shah" });
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("Request assigned.")).toBeVisible({ timeout: 15_000 });
  await checkPage(page);
  await signOut(page);

  // The GP finds it in their own inbox.
  await signIn(page, "demo.gp@nhs.net");
  await page.getByRole("link", { name: patientName }).click();
  await page.getByLabel("Message to the patient").fill("Your letter is ready to collect from reception.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Your message has been sent to the patient.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Your letter is ready to collect from reception.")).toBeVisible();
  await expect(page.getByText("Awaiting the patient's reply")).toBeVisible();

  await signOut(page);

  // The patient reads the message in their chat and replies (a plain form).
  await signInAs(page, patient.email);
  await expect(page).toHaveURL(/\/demo\/my-requests-and-messages$/, { timeout: 20_000 });
  await page.getByRole("link", { name: /^FD-\d{6}/ }).first().click();
  await expect(page.getByText("Your letter is ready to collect from reception.")).toBeVisible();
  await page.getByLabel("Your message").fill("Thank you, I will collect it on Friday.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Your reply has been sent.")).toBeVisible({ timeout: 15_000 });
  await checkPage(page);
  await page.getByRole("button", { name: "Logout" }).click();

  // Back with the GP: the reply is in the thread and the request is theirs again.
  await signIn(page, "demo.gp@nhs.net");
  await page.getByRole("link", { name: patientName }).click();
  await expect(page.getByText("Thank you, I will collect it on Friday.")).toBeVisible();
  await expect(page.locator("#request-status").getByText("Open", { exact: true })).toBeVisible();

  // A missing reason is refused with the message, linked from the summary.
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.locator(".nhsuk-error-summary").getByRole("link", { name: "Enter a reason for rejecting this request" })).toBeVisible();

  await page.getByLabel("Outcome (optional)").fill("Letter written");
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByText("Request completed.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("This request is completed.")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Request reopened.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Complete" })).toBeVisible();
  await checkPage(page);
});
