/**
 * Proxy access is granted by the practice (issue "security", docs/decisions/0070): a carer asks
 * to act for someone, waits with nothing to do, a receptionist approves from the Carer requests
 * inbox, and the carer can then make a request for them. Plain forms: JS off and on alike.
 */
import type { Page } from "@playwright/test";
import { expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eApprovalCarerEmail, e2eApprovalDependent } from "../support/e2e-users";


async function signIn(page: Page, email: string) {
  await signInAs(page, email);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: /Log ?in|Sign in/i }).first()).toBeVisible();
}

test("a carer asks to act for someone, the practice approves, and only then can the carer make a request for them", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const carerEmail = e2eApprovalCarerEmail(testInfo.project.name);
  const person = e2eApprovalDependent(testInfo.project.name);
  const name = `${person.firstName} ${person.lastName}`;

  await signIn(page, carerEmail);
  await page.goto("/carer/dependents");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("People I care for");
  await page.getByRole("link", { name: "Add someone you care for" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add someone you care for");

  // Nothing chosen: the reason is asked for, in the summary and at the field.
  await page.getByLabel("Their first name").fill(person.firstName);
  await page.getByLabel("Their last name").fill(person.lastName);
  await page.getByLabel("Day").fill(person.day);
  await page.getByLabel("Month").fill(person.month);
  await page.getByLabel("Year").fill(person.year);
  await page.getByLabel("Your relationship to them").fill("Neighbour");
  await page.getByRole("button", { name: "Ask the practice" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Select why you act for them" })).toBeVisible();

  await page.getByRole("radio", { name: /have agreed that I can act for them/ }).check();
  await page.getByRole("button", { name: "Ask the practice" }).click();
  await expect(page).toHaveURL(/\/carer\/dependents$/);
  await expect(page.getByText(`to confirm that you care for ${name}`)).toBeVisible();
  const row = page.locator(".nhsuk-summary-list__row", { hasText: name });
  await expect(row.getByText("Waiting for the practice")).toBeVisible();
  await expect(row.getByRole("link", { name: /Make a request/ })).toHaveCount(0);
  await signOut(page);

  // The receptionist finds it where staff work, and approves.
  await signIn(page, "demo.reception@nhs.net");
  await page.goto("/demo/inbox");
  await page.getByRole("navigation", { name: "Inboxes" }).getByRole("link", { name: /^Carer requests/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carer requests");
  await page.getByRole("link", { name }).click();
  await expect(page.getByText("Waiting for a decision")).toBeVisible();
  await page.getByRole("button", { name: "Save decision" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Select approve or decline" })).toBeVisible();
  await page.getByRole("radio", { name: /^Approve/ }).check();
  await page.getByRole("button", { name: "Save decision" }).click();
  await expect(page.getByText("Carer approved. They can now act for this patient.")).toBeVisible();
  await signOut(page);

  // The carer can now act for them.
  await signIn(page, carerEmail);
  await page.goto("/carer/dependents");
  const approved = page.locator(".nhsuk-summary-list__row", { hasText: name });
  await expect(approved.getByText("Approved")).toBeVisible();
  await approved.getByRole("link", { name: /Make a request/ }).click();
  await expect(page).toHaveURL(/\/demo\/message\/carer\/\d+$/);
  await expect(page.getByText(`You are making this request for ${name}.`)).toBeVisible();
});
