/**
 * Registration and guest entry (spec 1 §2.2, spec 2 §2.2): a registered patient without an
 * account creates one, confirms the address through the e-mailed link read at /dev/outbox,
 * and signs in at the practice; a patient continues as a guest and lands signed in.
 * Runs with JavaScript off and on; every page is checked with axe and html-validate.
 *
 * The js-off and js-on projects share one server and database, and a patient record takes
 * one account, so each project uses its own seeded patient (app/db/seed.server.ts
 * DEMO_PEOPLE, all without accounts) and an address unique to the project and the moment.
 */
import type { Page, TestInfo } from "@playwright/test";
import { expect as baseExpect, test, waitForHydration } from "../support/e2e-fixtures";

// With JS on, the fixtures hold each submission until axe has checked the page it leaves:
// on these long forms that can take longer than the default 5 s on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const PRODUCT = "Frontdoor";
const PASSWORD = "Registration-e2e-2026";

type Person = { firstName: string; lastName: string; day: string; month: string; year: string };

/** Demo patients of practice `demo` without an account, one per project and journey. */
const PEOPLE: Record<string, { patient: Person; guest: Person }> = {
  "js-off": {
    patient: { firstName: "Oliver", lastName: "Bennett", day: "14", month: "1", year: "1972" },
    guest: { firstName: "Mohammed", lastName: "Rahman", day: "30", month: "11", year: "1965" },
  },
  "js-on": {
    patient: { firstName: "Amelia", lastName: "Hughes", day: "8", month: "7", year: "1990" },
    guest: { firstName: "George", lastName: "Walker", day: "25", month: "2", year: "1948" },
  },
};

function uniqueEmail(testInfo: TestInfo, what: string) {
  return `e2e.${what}.${testInfo.project.name}.${Date.now()}.${testInfo.workerIndex}@example.com`;
}

async function fillPerson(page: Page, person: Person, email: string) {
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByLabel("Day").fill(person.day);
  await page.getByLabel("Month").fill(person.month);
  await page.getByLabel("Year").fill(person.year);
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Confirm email address").fill(email);
  await page.getByLabel("Mobile phone number").fill("07700 900 777");
}

/** Opens the link in the newest message to an address whose subject or body has `text`. */
async function followLinkFromOutbox(page: Page, email: string, text: string) {
  await page.goto("/dev/outbox");
  const message = page.getByTestId("outbox-message").filter({ hasText: email }).filter({ hasText: text }).first();
  await expect(message).toBeVisible();
  await message.getByRole("link").first().click();
}

test("a registered patient creates an account, confirms the address and signs in", { tag: "@smoke" }, async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const person = PEOPLE[testInfo.project.name].patient;
  const email = uniqueEmail(testInfo, "register");

  await page.goto("/practice/demo/register");
  await expect(page).toHaveTitle(`Create an account – ${PRODUCT}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");

  // Someone the practice does not know (a wrong birth year) is refused, with the spec's words.
  await fillPerson(page, { ...person, year: String(Number(person.year) + 1) }, email);
  await page.getByLabel("Password").fill(PASSWORD);
  if (testInfo.project.name === "js-on") {
    // Show password: the plain page-comforts script's button (decision 0160) on the same field.
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
  } else {
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
  }
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveTitle(`Error: Create an account – ${PRODUCT}`);
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("There is a problem");
  await expect(summary.getByRole("link", { name: `You must be registered at this practice to use ${PRODUCT}.` })).toBeVisible();
  // What was typed is kept, except the password.
  await expect(page.getByLabel("First name")).toHaveValue(person.firstName);
  await expect(page.getByLabel("Email address", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("");

  // A date part that is wrong is named, on its own field.
  await page.getByLabel("Year").fill("19");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Date of birth must be a real date" })).toHaveAttribute("href", /year$/);

  await page.getByLabel("Year").fill(person.year);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/demo\/email-sent$/);
  await expect(page).toHaveTitle(`Check your email – ${PRODUCT}`);
  await expect(page.getByText(`We have sent an email to ${email}.`)).toBeVisible();

  // Opening the link only shows a button (mail scanners open links too); the button confirms.
  await followLinkFromOutbox(page, email, "Confirm your email address");
  await expect(page).toHaveURL(/\/validate\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your email address");
  await page.getByRole("button", { name: "Confirm email address" }).click();
  await expect(page).toHaveURL(/\/demo\/registered$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your email address is confirmed");

  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/demo\/login$/);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signed in, the patient lands on the request journey (for themself: step 3).
  await expect(page).toHaveURL(/\/demo\/message\/myself$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What is your request about?");
  await waitForHydration(page);
});

test("a registered patient continues as a guest and lands signed in", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const person = PEOPLE[testInfo.project.name].guest;
  const email = uniqueEmail(testInfo, "guest");

  await page.goto("/practice/demo/continue-as-guest");
  await expect(page).toHaveTitle(`Continue as a guest – ${PRODUCT}`);
  await fillPerson(page, person, email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(/\/demo\/email-sent$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");

  await followLinkFromOutbox(page, email, "/guest-validate/");
  await expect(page).toHaveURL(/\/guest-validate\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Continue as a guest");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(/\/demo\/message\/myself$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What is your request about?");
  // Guests end their session rather than log out.
  await expect(page.getByRole("button", { name: "End Session" })).toBeVisible();
  await waitForHydration(page);
});
