/**
 * Document-management sign-on (issue 21, decision 0116): the document management system's setup
 * link opens the setup for Hillside (demotpp); a new document-filing account is registered with
 * both roles; the link is then used up.
 */
import { expect, test } from "../support/e2e-fixtures";
import { e2eDocmanToken } from "../support/e2e-users";

test("a document-filing account completes the docman setup, and the link works once", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const token = e2eDocmanToken(testInfo.project.name);
  await page.goto(`/docman/auth?token=${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up document filing");
  await page.getByRole("link", { name: "Register a new document filing account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register a document filing account");
  await page.getByRole("button", { name: "Register account" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Select what the account may do" })).toBeVisible();
  await page.getByLabel("Account name").fill("Docman filing");
  await page.getByLabel("Email address").fill(`docman.${testInfo.project.name}.${Date.now()}@example.com`);
  await page.getByLabel(/docman_auto_filing/).check();
  await page.getByLabel(/docman_auto_registration/).check();
  await page.getByRole("button", { name: "Register account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Document filing is set up");
  await page.goto(`/docman/auth?token=${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This setup link has expired");
});
