/**
 * Passwords and account settings (spec 1 §2.2 /password/reset, /password/reset/{token},
 * /account-settings): a forgotten password is reset through the e-mailed link, read at the
 * development outbox, then the user signs in with the new one and uses account settings.
 * Runs with JavaScript off and on; every page is checked with axe and html-validate.
 *
 * Each test creates its own account through carer registration (no patient record to
 * match), with an address unique to the project and the moment: the js-off and js-on
 * projects share one server, and the shared demo accounts must keep their passwords.
 */
import type { Page, TestInfo } from "@playwright/test";
import { expect as baseExpect, test } from "../support/e2e-fixtures";

// A step's next page waits for the fixtures' checks of the page it leaves, and several of
// these steps hash a password on the server: on a busy machine that can pass 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

const PRODUCT = "Frontdoor";
const FIRST_PASSWORD = "First-password-2026";
const NEW_PASSWORD = "Reset-password-2027";

function uniqueEmail(testInfo: TestInfo, what: string) {
  return `e2e.${what}.${testInfo.project.name}.${Date.now()}.${testInfo.workerIndex}@example.com`;
}

/** A carer account at the demo practice, its address not yet confirmed. */
async function registerAccount(page: Page, email: string) {
  await page.goto("/practice/demo/carer/register");
  await page.getByLabel("Your first name").fill("Robin");
  await page.getByLabel("Your last name").fill("Hartley");
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Confirm email address").fill(email);
  await page.getByLabel("Mobile phone number").fill("07700 900 456");
  await page.getByLabel("Password").fill(FIRST_PASSWORD);
  await page.getByRole("button", { name: "Create carer account" }).click();
  await expect(page).toHaveURL(/\/demo\/email-sent$/);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The link in the newest message of a template to an address, as /dev/outbox shows it. */
async function linkFromOutbox(page: Page, email: string, template: string): Promise<string> {
  await page.goto("/dev/outbox");
  const message = page.getByTestId("outbox-message").filter({ hasText: email }).filter({ hasText: template }).first();
  await expect(message).toBeVisible();
  return (await message.getByRole("link").first().getAttribute("href")) ?? "";
}

test("forgotten password: reset it through the e-mailed link, then sign in with the new one", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail(testInfo, "reset");
  await registerAccount(page, email);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgotten your password?" }).click();
  await expect(page).toHaveURL(/\/password\/reset$/);
  await expect(page).toHaveTitle(`Reset your password – ${PRODUCT}`);

  await page.getByLabel("Email address").fill("not-an-address");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Please enter a valid email address." })).toBeVisible();

  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page).toHaveURL(/\/password\/reset\?sent=1$/);
  await expect(page).toHaveTitle(`Check your email – ${PRODUCT}`);
  await expect(page.getByText("If an account exists for that email address, we've sent a link to reset your password.")).toBeVisible();

  const link = await linkFromOutbox(page, email, "password-reset");
  expect(link).toMatch(/\/password\/reset\/[A-Za-z0-9_-]{43}$/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");

  // The password rule, then a confirmation that does not match.
  await page.getByLabel("New password", { exact: true }).fill("tooshort");
  await page.getByLabel("Confirm new password").fill("tooshort");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: /^Password is either less than 12 characters long/ })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}!`);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Passwords do not match." })).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("alert")).toContainText("Your password has been changed. Sign in with your new password.");

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired or has already been used");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/password/reset");

  // The old password no longer works; the new one does (and the address now counts as confirmed).
  await page.goto("/login?redirect=%2Faccount-settings");
  await signIn(page, email, FIRST_PASSWORD);
  await expect(page.getByRole("alert").getByRole("link", { name: "Enter a correct email address and password." })).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page.getByRole("main")).toContainText(email);
});

test("an address without an account gets the same answer", async ({ page }, testInfo) => {
  await page.goto("/password/reset");
  await page.getByLabel("Email address").fill(uniqueEmail(testInfo, "nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page).toHaveURL(/\/password\/reset\?sent=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
});

test("account settings: change details and password, and confirm the password again", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail(testInfo, "settings");
  await registerAccount(page, email);
  await page.goto(await linkFromOutbox(page, email, "email-validation"));
  await page.getByRole("button", { name: "Confirm email address" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your email address is confirmed");
  await page.goto("/login?redirect=%2Faccount-settings");
  await signIn(page, email, FIRST_PASSWORD);

  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page).toHaveTitle(`Account settings – ${PRODUCT}`);
  const menu = page.getByRole("navigation", { name: "Account" });
  await expect(menu.getByRole("link", { name: "Account Settings" })).toHaveAttribute("href", "/account-settings");
  await expect(page.getByRole("main")).toContainText(email);
  // A carer has no practice of their own, so no MFA settings here.
  await expect(page.getByRole("link", { name: "Manage Multi-Factor Authentication" })).toHaveCount(0);

  await page.getByRole("link", { name: "Change mobile number" }).click();
  await expect(page.getByLabel("First name")).toHaveValue("Robin");
  await page.getByLabel("Mobile number (optional)").fill("01134960000");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Please enter a valid UK mobile phone number." })).toBeVisible();
  await page.getByLabel("First name").fill("Robyn");
  await page.getByLabel("Mobile number (optional)").fill("07700 900 789");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page.getByRole("alert")).toContainText("Your details have been updated.");
  await expect(page.getByRole("main")).toContainText("07700900789");

  await page.getByRole("link", { name: "Change password" }).click();
  await expect(page).toHaveTitle(`Change your password – ${PRODUCT}`);
  await page.getByLabel("Current password").fill("Not-the-password-1");
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "The password you entered is not correct." })).toBeVisible();
  await page.getByLabel("Current password").fill(FIRST_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page.getByRole("alert")).toContainText("Your password has been changed.");

  // Where the fresh guard sends a sign-in older than 10 minutes (reached directly here).
  await page.goto("/confirm-password?redirect=%2Faccount-settings");
  await expect(page).toHaveTitle(`Confirm your password – ${PRODUCT}`);
  await page.getByLabel("Password").fill(FIRST_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "The password you entered is not correct." })).toBeVisible();
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
});
