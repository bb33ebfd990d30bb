/**
 * NHS login (spec 2 §2.8; decision 0080) through the mock provider the local test server mounts:
 * a new P9 user registers at the practice NHS login names and is matched by NHS number; a new
 * P5 user registers too but may not open their records. Inside the NHS App, its entry link signs
 * a known user in silently and lands in the admin hub, without the site's header or footer.
 * Each project signs in as test users of its own (tests/support/e2e-seed-nhs-login.ts), JS off and on.
 */
import type { Page } from "@playwright/test";
import { checkPage, expect, test } from "../support/e2e-fixtures";
import { E2E_NHS_LOGIN } from "../support/e2e-seed-nhs-login";

async function registerWithNhsLogin(page: Page, account: string) {
  await page.goto("/login");
  await page.getByRole("link", { name: "Continue with NHS login" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a test user");
  await page.getByLabel("Another test user's id").fill(account);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Set up .* with your NHS login/);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Select your GP practice");
  await expect(page.getByRole("radio").first()).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await expect(page.getByText("We found your record at the practice using your NHS number.")).toBeVisible();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is ready");
}

test("a new P9 user registers with NHS login, matched by NHS number", async ({ page }, testInfo) => {
  const numbers = E2E_NHS_LOGIN[testInfo.project.name as keyof typeof E2E_NHS_LOGIN];
  await registerWithNhsLogin(page, `p9-${numbers.p9}`);
  await page.getByRole("link", { name: /Continue to/ }).click();
  await expect(page).not.toHaveURL(/permission-denied|login/);
});

test("a new P5 user registers with NHS login but may not see records", async ({ page }, testInfo) => {
  const numbers = E2E_NHS_LOGIN[testInfo.project.name as keyof typeof E2E_NHS_LOGIN];
  await registerWithNhsLogin(page, `p5-${numbers.p5}`);
  await page.goto("/demo/my-requests-and-messages");
  await expect(page).toHaveURL(/permission-denied/);
});

const NHS_APP_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) nhsapp-ios/2.41.0 Mobile/15E148";

test("the NHS App opens the admin hub through NHS login, without header or footer, and sends an admin request", async ({ openPage }, testInfo) => {
  const numbers = E2E_NHS_LOGIN[testInfo.project.name as keyof typeof E2E_NHS_LOGIN];
  const page = await openPage({ userAgent: NHS_APP_UA });
  await page.goto(`/nhs-app-auth/demo/admin-hub?assertedLoginIdentity=p9-${numbers.app}`);
  await expect(page).toHaveURL(/\/demo\/admin-hub$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What do you need help with?");
  await expect(page.locator("header.nhsuk-header")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to NHS App" })).toBeVisible();
  await page.getByRole("radio", { name: "A fit note (sick note)" }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell us more");
  await page.getByLabel("Tell us more").fill("Off work from 16 November, back pain.");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Is there anything else you want to tell us? (optional)");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your answers before sending your request");
  await expect(page.getByText("A fit note (sick note)")).toBeVisible();
  await page.getByRole("button", { name: "Send request", exact: true }).click();
  await expect(page).toHaveURL(/\/demo\/submitted\?entry=\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request sent");
  await expect(page.locator("header.nhsuk-header")).toHaveCount(0);
  // Not hydrated in the app either (decision 0155): no module scripts, the plain nhs-app script
  // sets the app's back action instead.
  await expect(page.locator('script[type="module"]')).toHaveCount(0);
  await expect(page.locator('script[src^="/build/_client/nhs-app-"]')).toHaveCount(1);
  if (testInfo.project.name === "js-on") {
    const backAction = await page.evaluate(() => typeof (window as { nhsapp?: { navigation?: { executeBackAction?: unknown } } }).nhsapp?.navigation?.executeBackAction);
    expect(backAction).toBe("function");
  }
  await checkPage(page);
});
