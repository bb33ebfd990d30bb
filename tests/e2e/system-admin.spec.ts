/**
 * System administration (decision 0076), the whole onboarding of issue "administration": a system
 * admin adds a practice; its practice administrator registers from the e-mailed link (read at
 * /dev/outbox), lands on registration-complete, sets opening hours inside the core-hours rule (and is
 * refused outside it), and invites a receptionist, who registers and lands in the inbox; a system admin publishes a global notice, which an anonymous visitor
 * and a patient see on every page until they dismiss it. Plain forms: JS off and on alike.
 *
 * Other journeys run in parallel on the same server and would see the notice too: it is made to
 * end within minutes and is taken down in a finally step. Maintenance mode is never switched on
 * here (it would stop every other journey): app/routes/administration/system-admin.test.ts covers it.
 */
import type { Page, TestInfo } from "@playwright/test";
import { expect as baseExpect, test, signInAs } from "../support/e2e-fixtures";
import { e2eRequestPatientEmail } from "../support/e2e-users";

const expect = baseExpect.configure({ timeout: 20_000 });
const PRODUCT = "Frontdoor";
const SYSADMIN = "demo.sysadmin@nhs.net";
const PASSWORD = "Practice-admin-e2e-2026";

async function signIn(page: Page, email: string) {
  await signInAs(page, email);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: /Log ?in|Sign in/i }).first()).toBeVisible();
}

const unique = (testInfo: TestInfo) => `${testInfo.project.name.replace(/[^a-z]/g, "")}${Date.now().toString(36)}${testInfo.workerIndex}`;

/** The London date and time a few minutes from now, as the notice form takes them. */
function londonInMinutes(minutes: number): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(
    new Date(Date.now() + minutes * 60_000),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${get("day")}/${get("month")}/${get("year")}`, time: `${get("hour")}:${get("minute")}` };
}

test("a system admin adds a practice; its administrator registers from the email, sets opening hours within core hours and invites a receptionist, who lands in the inbox", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const code = `E2e${unique(testInfo)}`;
  const name = `E2E Surgery ${code}`;
  const email = `e2e.practice.admin.${code.toLowerCase()}@example.com`;

  await signIn(page, SYSADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin");
  await page.getByRole("link", { name: "Add a practice" }).click();
  await expect(page).toHaveTitle(`Add a practice – ${PRODUCT}`);

  // Symbols in the practice code are refused, at the field and in the summary.
  await page.getByLabel("Practice name").fill(name);
  await page.getByLabel("Practice code").fill("not a code!");
  await page.getByLabel("Practice administrator's email address").fill(email);
  await page.getByRole("button", { name: "Add practice and send invitation" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: /Practice code must only include letters and numbers/ })).toBeVisible();

  await page.getByLabel("Practice code").fill(code);
  await page.getByLabel("ODS code (optional)").fill("Y90001");
  await page.getByRole("radio", { name: "TPP SystmOne" }).check();
  await page.getByRole("radio", { name: "England" }).check();
  await page.getByLabel("Practice administrator's email address").fill(email);
  await page.getByRole("button", { name: "Add practice and send invitation" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(`${name} has been added.`)).toBeVisible();

  await page.getByLabel("Search practices").fill(code);
  await page.getByRole("button", { name: "Search" }).first().click();
  await expect(page.getByRole("table").getByRole("link", { name })).toBeVisible();
  await signOut(page);

  // The practice administrator follows the link in the e-mail.
  await page.goto("/dev/outbox");
  const message = page.getByTestId("outbox-message").filter({ hasText: email }).filter({ hasText: `Set up ${name}` }).first();
  await expect(message).toBeVisible();
  await message.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/practices\/add\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up your practice");
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await page.getByLabel("First name").fill("Rhian");
  await page.getByLabel("Last name").fill("Evans");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/practices\/registration-complete\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your practice is set up");
  await expect(page.getByRole("link", { name: "Set your opening hours and practice settings" })).toHaveAttribute("href", `/practices/edit/${code}`);
  await expect(page.getByRole("link", { name: "Invite your staff" })).toHaveAttribute("href", `/practice/${code}/manage-staff`);

  // The new practice admin sets the opening hours: inside the core-hours rule they are saved,
  // outside it (closing 17:00 on a Wednesday, with no exceptional closure) they are refused.
  await page.getByRole("link", { name: "Set your opening hours and practice settings" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit practice");
  await page.getByLabel("Wednesday closing time").fill("17:00");
  await page.getByRole("button", { name: "Save opening hours" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Wednesday: closing time must be 18:30 or later on weekdays" })).toBeVisible();
  await page.getByLabel("Wednesday closing time").fill("18:30");
  await page.getByLabel("Monday closing time").fill("19:00");
  await page.getByRole("button", { name: "Save opening hours" }).click();
  await expect(page.getByText("Opening hours saved.")).toBeVisible();

  // ...invites a receptionist...
  const receptionist = `e2e.reception.${code.toLowerCase()}@nhs.net`;
  await page.goto(`/practice/${code}/manage-staff`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage staff");
  await page.getByLabel("Email address").fill(receptionist);
  await page.getByRole("radio", { name: "Receptionist" }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${receptionist}.`)).toBeVisible();
  await signOut(page);

  // ...who registers from the e-mail and lands in the new practice's inbox.
  await page.goto("/dev/outbox");
  const invitation = page.getByTestId("outbox-message").filter({ hasText: receptionist }).filter({ hasText: "invited to join" }).first();
  await expect(invitation).toBeVisible();
  await invitation.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await page.getByLabel("First name").fill("Rita");
  await page.getByLabel("Last name").fill("Newcombe");
  await page.getByLabel("Password").fill("Invited-staff-2026");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(new RegExp(`/${code}/inboxes/\\d+$`, "i"));
  await expect(page.getByRole("navigation", { name: "Inboxes" })).toBeVisible();
  await signOut(page);
});

test("a system admin publishes a global notice; a visitor and a patient see it and dismiss it", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const title = `Planned work ${unique(testInfo)}`;
  let noticeHref: string | null = null;
  try {
    await signIn(page, SYSADMIN);
    await page.goto("/admin/notices");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Global notices");
    await page.getByRole("link", { name: "Create a notice" }).click();
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Text", { exact: true }).fill("The service may be slow this evening while we make improvements.");
    // Shown until a few minutes from now: whatever happens, it ends soon.
    const until = londonInMinutes(6);
    const untilGroup = page.getByRole("group", { name: /Show until/ });
    await untilGroup.getByLabel("Date").fill("31/02/2026");
    await page.getByRole("button", { name: "Publish notice" }).click();
    await expect(page.getByRole("alert").getByRole("link", { name: /Enter a real date/ })).toBeVisible();
    await untilGroup.getByLabel("Date").fill(until.date);
    await untilGroup.getByLabel("Time").fill(until.time);
    await page.getByRole("button", { name: "Publish notice" }).click();
    await expect(page).toHaveURL(/\/admin\/notices$/);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByText("Showing")).toBeVisible();
    noticeHref = await row.getByRole("link", { name: title }).getAttribute("href");
    await signOut(page);

    // Anyone sees it (the newest live notice they have not dismissed); another journey's
    // notice may be newer, so dismiss others until ours shows.
    const notice = page.getByRole("region", { name: "Notice" });
    // With JS the banner hides at once; the post and the page it returns to follow.
    const dismiss = async () => {
      const navigated = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
      await notice.getByRole("button", { name: "Dismiss this notice" }).click();
      await navigated;
      await page.waitForLoadState();
    };
    const dismissUntilOurs = async () => {
      for (let i = 0; i < 5; i++) {
        await expect(notice).toBeVisible();
        if ((await notice.textContent())?.includes(title)) return;
        await dismiss();
      }
    };
    await page.goto("/practice/demo");
    await dismissUntilOurs();
    await dismiss();
    await expect(page).toHaveURL(/\/practice\/demo$/);
    await expect(page.getByText(title)).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(title)).toHaveCount(0);

    // A patient sees it after signing in, dismisses it, and it stays gone on the next page.
    await signIn(page, e2eRequestPatientEmail(testInfo.project.name));
    await dismissUntilOurs();
    const before = page.url();
    await dismiss();
    await expect(page).toHaveURL(before);
    await expect(page.getByText(title)).toHaveCount(0);
    await page.goto("/account-settings");
    await expect(page.getByText(title)).toHaveCount(0);
    await signOut(page);
  } finally {
    // Take the notice down so other journeys no longer see it.
    if (noticeHref) {
      await page.context().clearCookies();
      await signIn(page, SYSADMIN);
      await page.goto(noticeHref);
      await page.getByRole("button", { name: "Deactivate notice" }).click();
      await expect(page).toHaveURL(/\/admin\/notices$/);
      await expect(page.getByRole("row").filter({ hasText: title }).getByText("Inactive")).toBeVisible();
    }
  }
});
