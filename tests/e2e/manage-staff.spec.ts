/**
 * Staff administration (issue "administration", docs/decisions/0075-staff-invitations.md), JS off
 * and on, every page checked with axe and html-validate:
 * - a practice admin invites a receptionist (an address unique to the project and the moment),
 *   the invited person follows the link from the outbox, registers and lands in their inbox, and
 *   the practice admin then removes that role through its confirm page;
 * - a receptionist sets a patient-facing name (a 1-character one refused first) and their
 *   notification settings, confirming that 'My Inbox' is turned off.
 * Each project uses its own seeded accounts (tests/support/e2e-seed-users.ts), which no other
 * journey changes.
 */
import type { Page, TestInfo } from "@playwright/test";
import { expect as baseExpect, test, waitForHydration, signInAs } from "../support/e2e-fixtures";
import { e2eSettingsReceptionist, e2eStaffAdmin } from "../support/e2e-users";

const expect = baseExpect.configure({ timeout: 20_000 });

async function signIn(page: Page, email: string) {
  await signInAs(page, email);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: /Log ?in|Sign in/i }).first()).toBeVisible();
}

const jsOn = (testInfo: TestInfo) => testInfo.project.name === "js-on";

test("a practice admin invites a receptionist, who registers and lands in the inbox; the admin then removes the role", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const admin = e2eStaffAdmin(testInfo.project.name);
  const email = `e2e.invited.${testInfo.project.name}.${Date.now()}@nhs.net`;
  const lastName = `Invited${jsOn(testInfo) ? "Withjs" : "Nojs"}`;

  await signIn(page, admin.email);
  await page.goto("/practice/demo/manage-staff");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage staff");
  await expect(page.locator("tr", { hasText: admin.email })).toContainText("Practice admin");

  // An address outside the NHS is refused, with the message at the field.
  await page.getByLabel("Email address").fill("someone@gmail.com");
  await page.getByRole("radio", { name: "Receptionist" }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("alert")).toBeVisible();

  await page.getByLabel("Email address").fill(email);
  await page.getByRole("radio", { name: "Receptionist" }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.locator("tr", { hasText: email })).toContainText("Receptionist");
  await signOut(page);

  // The invited person follows the link in the e-mail and creates their account.
  await page.goto("/dev/outbox");
  const message = page.getByTestId("outbox-message").filter({ hasText: email }).filter({ hasText: "invited to join" }).first();
  await expect(message).toBeVisible();
  await message.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await page.getByLabel("First name").fill("Rita");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Password").fill("Invited-staff-2026");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/demo\/inboxes\/\d+$/);
  await expect(page.getByRole("navigation", { name: "Inboxes" })).toBeVisible();
  await signOut(page);

  // The practice admin removes the role, confirming on a page of its own.
  await signIn(page, admin.email);
  await page.goto("/practice/demo/manage-staff");
  const row = page.locator("tr", { hasText: email });
  await expect(row).toContainText(`Rita ${lastName}`);
  await expect(page.locator("tr", { hasText: email })).toHaveCount(1);
  await row.getByRole("link", { name: /Remove role/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Remove Rita ${lastName}'s receptionist role?`);
  await page.getByRole("button", { name: "Remove role" }).click();
  await expect(page.getByText(`Rita ${lastName} is no longer a receptionist at this practice.`)).toBeVisible();
  await expect(page.locator("tr", { hasText: email })).toHaveCount(0);
});

test("a receptionist sets a patient-facing name and notification settings, confirming My Inbox off", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const receptionist = e2eSettingsReceptionist(testInfo.project.name);
  await signIn(page, receptionist.email);

  await page.goto("/demo/patient-facing-name");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Patient-facing name");
  await expect(page.getByText("Staff at your practice, and the audit trail, always see your real name.")).toBeVisible();
  await page.getByLabel("Patient-facing name").fill("R");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Please see warnings above." })).toBeVisible();
  await expect(page.getByText("Your patient-facing name must be between 2 and 300 characters").first()).toBeVisible();
  await page.getByLabel("Patient-facing name").fill("Reception team");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Patient-facing name updated.")).toBeVisible();
  await expect(page.getByLabel("Patient-facing name")).toHaveValue("Reception team");

  // Notification settings, from the menu's address: one's own page.
  await page.goto("/demo/notification-settings");
  await expect(page).toHaveURL(/\/demo\/notification-settings\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notification settings");
  await expect(page.getByText("Notifications apply to inboxes across all your practices with notifications enabled.")).toBeVisible();
  const myInbox = page.getByRole("checkbox", { name: "My Inbox" });
  // A previous run of this project left My Inbox off: put it back first.
  if (!(await myInbox.isChecked())) {
    await myInbox.check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Notification settings updated.")).toBeVisible();
  }
  await expect(page.getByRole("checkbox", { name: "My Inbox" })).toBeChecked();
  await page.getByRole("checkbox", { name: "Awaiting Response" }).check();
  await page.getByRole("checkbox", { name: "My Inbox" }).uncheck();
  if (jsOn(testInfo)) await waitForHydration(page);
  await page.getByRole("button", { name: "Save settings" }).click();

  if (jsOn(testInfo)) {
    const dialog = page.getByRole("dialog", { name: "Turn off notifications for 'My Inbox'" });
    await expect(dialog).toBeVisible();
    // Cancel puts the settings back as saved.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("checkbox", { name: "My Inbox" })).toBeChecked();
    await page.getByRole("checkbox", { name: "Awaiting Response" }).check();
    await page.getByRole("checkbox", { name: "My Inbox" }).uncheck();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Yes" }).click();
  } else {
    // Without JS the question is a page of its own.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Turn off notifications for 'My Inbox'");
    await expect(page.getByText("Are you sure?")).toBeVisible();
    await page.getByRole("button", { name: "Yes" }).click();
  }
  await expect(page.getByText("Notification settings updated.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "My Inbox" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Awaiting Response" })).toBeChecked();
});
