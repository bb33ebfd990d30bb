/**
 * Multi-Factor Authentication (spec 2 §2.12, §4; spec 1 §2.2 /login/verification): a
 * patient turns on an authenticator app, signs out, signs in again with a code from it,
 * then turns MFA off through the confirmation. Runs with JavaScript off (the confirmation
 * is a page) and on (it is a dialog over the settings page).
 *
 * Each project signs in as its own e2e-only account (tests/support/e2e-users.ts), never a
 * shared demo account: other journeys sign in as those and expect no MFA.
 */
import type { Page } from "@playwright/test";
import { timeStep, totpAt } from "../../app/domain/mfa/totp";
import { checkPage, expect, test } from "../support/e2e-fixtures";
import { E2E_USER_PASSWORD, e2eMfaUserEmail } from "../support/e2e-users";

const PRODUCT = "Frontdoor";

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(E2E_USER_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("turn on an authenticator app, sign in with a code, turn it off", async ({ page }, testInfo) => {
  // A long journey: about fifteen pages, each checked with axe and html-validate.
  test.setTimeout(180_000);
  const email = e2eMfaUserEmail(testInfo.project.name);
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;

  await signIn(page, email);
  // Sign-in hashes the password (scrypt): allow it time on a loaded machine.
  await expect(page, `${email} could not sign in: does the e2e launcher run tests/support/e2e-seed-users.ts?`).not.toHaveURL(/\/login/, {
    timeout: 20_000,
  });

  // The account menu offers MFA (the demo practice has it on).
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Multi-Factor Authentication" }).click();
  await expect(page).toHaveURL(/\/mfa\/settings$/);
  await expect(page).toHaveTitle(`Multi-Factor Authentication – ${PRODUCT}`);
  await expect(page.getByRole("radio", { name: "Authenticator app" })).toBeChecked();

  // SMS needs a valid UK mobile number. With JS its field shows once SMS is chosen, and spaces
  // typed into it are refused (the plain page-comforts script, decision 0160).
  const mobile = page.getByLabel(/UK mobile phone number/);
  if (javaScript) await expect(mobile).toBeHidden();
  await page.getByRole("radio", { name: "Text message (SMS)" }).check();
  if (javaScript) {
    await expect(mobile).toBeVisible();
    await expect(page.getByText("(if you choose text message)")).toHaveCount(0);
    await mobile.pressSequentially("0113 496");
    await expect(mobile).toHaveValue("0113496");
  }
  await mobile.fill("0113 496 0000");
  await page.getByRole("button", { name: "Continue" }).click();
  // The server's answer, with JS too (the page is not hydrated: decision 0160).
  await expect(page).toHaveTitle(`Error: Multi-Factor Authentication – ${PRODUCT}`);
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("There is a problem");
  await expect(summary.getByRole("link", { name: "Please enter a valid UK mobile phone number." })).toBeVisible();

  // Authenticator: the QR code and the key to type in.
  await page.getByRole("radio", { name: "Authenticator app" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up your authenticator app");
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const shownKey = (await page.locator("#mfa-secret").textContent()) ?? "";
  expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = shownKey.replace(/\s/g, "");

  // A stale code is refused; the current one turns MFA on.
  const code = page.getByLabel("Security code");
  await code.fill(totpAt(secret, timeStep(new Date()) - 10));
  await page.getByRole("button", { name: "Turn on Multi-Factor Authentication" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Code is expired or incorrect." })).toBeVisible();
  const enabledAtStep = timeStep(new Date());
  await page.getByLabel("Security code").fill(totpAt(secret, enabledAtStep));
  await page.getByRole("button", { name: "Turn on Multi-Factor Authentication" }).click();
  await expect(page.getByRole("alert")).toContainText("Multi-Factor Authentication set up.");
  await expect(page.getByRole("definition")).toHaveText("Authenticator app");

  // Sign out (the header's Logout form), then in again: now the code is asked for.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("navigation", { name: "Account" })).toHaveCount(0);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/login\/verification$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your security code");
  await expect(page.getByText("Open the authenticator app on your phone")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Please enter an authentication code." })).toBeVisible();
  // A code works once per 30-second step: take a step after the one that turned MFA on
  // (the server accepts one step either side of its own clock).
  await page.getByLabel("Security code").fill(totpAt(secret, Math.max(timeStep(new Date()), enabledAtStep + 1)));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole("navigation", { name: "Account" })).toBeVisible();

  // Disable: a confirmation page without JS, a dialog over the settings page with it.
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Multi-Factor Authentication" }).click();
  await page.getByRole("link", { name: "Disable" }).click();
  // With JS a dialog over the settings page (the plain page-comforts script, decision 0160).
  await expect(page).toHaveURL(javaScript ? /\/mfa\/settings$/ : /\/mfa\/settings\/disable$/);
  if (!javaScript) await expect(page).toHaveTitle(`Disable Multi-Factor Authentication – ${PRODUCT}`);
  const confirmation = javaScript ? page.getByRole("dialog", { name: "Disable Multi-Factor Authentication" }) : page.getByRole("main");
  await expect(confirmation.getByText("Are you sure you want to disable Multi-Factor Authentication?")).toBeVisible();
  if (javaScript) {
    await checkPage(page);
    // Escape closes the dialog, back to the settings page, focus back on the button; so does "No".
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Disable" })).toBeFocused();
    await page.getByRole("link", { name: "Disable" }).click();
    await confirmation.getByRole("button", { name: "No, keep it on" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Disable" })).toBeFocused();
  } else {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Disable Multi-Factor Authentication");
    await page.getByRole("link", { name: "No, keep it on" }).click();
    await expect(page).toHaveURL(/\/mfa\/settings$/);
  }
  await expect(page.getByRole("definition")).toHaveText("Authenticator app");
  await page.getByRole("link", { name: "Disable" }).click();
  await confirmation.getByRole("button", { name: "Yes, disable" }).click();
  await expect(page).toHaveURL(/\/mfa\/settings$/);
  await expect(page.getByRole("alert")).toContainText("Multi-Factor Authentication successfully disabled.");
  await expect(page.getByRole("radio", { name: "Authenticator app" })).toBeVisible();
});

test("the verification page needs a password first", async ({ page }) => {
  await page.goto("/login/verification");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
});

test("signed-out visitors are asked to sign in first", async ({ page }) => {
  await page.goto("/mfa/settings");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmfa%2Fsettings$/);
});
