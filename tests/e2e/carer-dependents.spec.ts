/**
 * Carers and the people they care for (issue "patient side", spec 2 §2.3): a carer account is
 * created from the practice's address; a carer with an approved link opens the person's page,
 * sends a request for them, the practice sees who sent it, and the carer stops acting for them.
 * (Asking for a link and the practice approving it is carer-approval.spec.ts.) Plain forms: JS
 * off and on alike.
 */
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "../support/e2e-fixtures";
import { e2eDependentsCarerEmail, e2eDependentsChild } from "../support/e2e-users";

async function continueOn(page: Page, name = "Continue") {
  await page.getByRole("button", { name, exact: true }).click();
}

async function heading(page: Page, text: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text);
}

test("a carer creates an account from the practice's address", async ({ page }, testInfo) => {
  const email = `e2e.carer.register.${testInfo.project.name}.${Date.now()}@example.com`;
  await page.goto("/demo/carer/register");
  await heading(page, "Create a carer account");
  await page.getByLabel("Your first name").fill("Casey");
  await page.getByLabel("Your last name").fill("Carer");
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Confirm email address").fill(email);
  await page.getByLabel("Mobile phone number").fill("07700 900 456");
  await page.getByLabel("Password").fill("Carer-password-2026");
  await continueOn(page, "Create carer account");
  await expect(page).toHaveURL(/\/demo\/email-sent$/);
  await heading(page, "Check your email");
});

test("a carer sends a request for the person they care for, the practice sees who sent it, and the carer stops acting for them", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const child = e2eDependentsChild(testInfo.project.name);
  const name = `${child.firstName} ${child.lastName}`;
  const carerEmail = e2eDependentsCarerEmail(testInfo.project.name);

  await signInAs(page, carerEmail);
  await page.goto("/demo/dependents");
  await heading(page, "People I care for");
  const row = page.locator(".nhsuk-summary-list__row", { hasText: name });
  await expect(row.getByText("Approved")).toBeVisible();
  await row.getByRole("link", { name, exact: true }).click();
  await heading(page, name);
  await expect(page.getByText(`No requests have been sent for ${name} yet.`)).toBeVisible();
  await page.getByRole("link", { name: `Make a request for ${name}` }).click();

  await expect(page).toHaveURL(/\/demo\/message\/carer\/\d+$/);
  await expect(page.getByText(`You are making this request for ${name}.`)).toBeVisible();
  await page.getByRole("radio", { name: "An admin request" }).check();
  await continueOn(page);
  await heading(page, "What do you need?");
  await page.getByRole("radio", { name: "A fit note (sick note)" }).check();
  await continueOn(page);
  await heading(page, "Tell us more");
  await page.getByLabel("Tell us more").fill("A school absence letter, please.");
  await continueOn(page);
  await heading(page, "Is there anything else you want to tell us? (optional)");
  await continueOn(page);
  await heading(page, "Check your answers before sending your request");
  await continueOn(page, "Send request");
  await heading(page, "Request sent");
  const entryId = new URL(page.url()).searchParams.get("entry");
  const reference = (await page.getByText(/^FD-\d{6}$/).textContent())!.trim();

  await page.goto("/demo/dependents");
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("link", { name: reference })).toBeVisible();

  // The practice sees the request as the carer's, on behalf of the patient.
  await signInAs(page, "demo.reception@nhs.net");
  await page.goto(`/demo/inboxes/all/request-details/${entryId}`);
  await expect(page.getByText("Cora Minder (carer), on behalf of the patient")).toBeVisible();

  // The carer stops acting for them: a confirmation first.
  await signInAs(page, carerEmail);
  await page.goto("/demo/dependents");
  await page.getByRole("link", { name, exact: true }).click();
  await page.getByRole("button", { name: `Remove ${name}` }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Select yes to confirm that you no longer act for them" })).toBeVisible();
  await page.getByRole("checkbox", { name: `Yes, I no longer act for ${name}` }).check();
  await page.getByRole("button", { name: `Remove ${name}` }).click();
  await expect(page).toHaveURL(/\/demo\/dependents$/);
  await expect(page.getByText(`You no longer act for ${name}.`)).toBeVisible();
  await expect(page.locator(".nhsuk-summary-list__row", { hasText: name })).toHaveCount(0);
});
