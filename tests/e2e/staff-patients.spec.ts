/**
 * Staff patient pages (spec 3 §2 Patients): a receptionist adds a non-digital patient (after
 * an error), edits them, finds them in the patient search, opens their page and edits their
 * details. Runs with JavaScript off (plain forms and links, as on a locked-down practice PC)
 * and on; every page is checked with axe and html-validate.
 *
 * Both projects sign in as the demo receptionist, so each creates its own patient with a
 * name unique to the project and the moment, and never touches anyone else's.
 */
import type { Page, TestInfo } from "@playwright/test";
import { expect as baseExpect, test, signInAs } from "../support/e2e-fixtures";

const expect = baseExpect.configure({ timeout: 20_000 });
const PRODUCT = "Frontdoor";

/** Letters only: a surname nobody else has, per project and run. */
function uniqueSurname(testInfo: TestInfo): string {
  let n = Date.now() * 10 + testInfo.workerIndex + (testInfo.project.name === "js-on" ? 5 : 0);
  let out = "";
  while (n > 0) {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return `Crawley${out}`;
}

async function signInAsReceptionist(page: Page) {
  await signInAs(page, "demo.reception@nhs.net");
}

test("a receptionist adds and edits a non-digital patient, finds them, sends a request on their behalf and edits their details", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  const surname = uniqueSurname(testInfo);
  await signInAsReceptionist(page);

  // The staff bar links to Patients.
  await page.goto("/demo/patients");
  await expect(page).toHaveTitle(`Patients – ${PRODUCT}`);
  await page.getByRole("link", { name: "Non-digital patients" }).first().click();
  await expect(page).toHaveURL(/\/demo\/non-digital-patients$/);
  await page.getByRole("link", { name: "Add a non-digital patient" }).click();
  await expect(page).toHaveURL(/\/demo\/non-digital-patients\/add$/);

  // Nothing filled in: the error summary names the missing fields.
  await page.getByRole("button", { name: "Add patient" }).click();
  if (!javaScript) await expect(page).toHaveTitle(`Error: Add a non-digital patient – ${PRODUCT}`);
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("There is a problem");
  await expect(summary.getByRole("link", { name: "Enter the patient's first name." })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Enter their date of birth" })).toBeVisible();

  await page.getByLabel("First name").fill("Edith");
  await page.getByLabel("Last name").fill(surname);
  await page.getByLabel("Day").fill("3");
  await page.getByLabel("Month").fill("9");
  await page.getByLabel("Year").fill("1941");
  await page.getByRole("radio", { name: "Female" }).check();
  await page.getByLabel("Mobile phone number").fill("07700 900 456");
  await page.getByLabel("Address line").fill("1 High Street");
  await page.getByLabel("Postcode").fill("ls1 4ap");
  await page.getByRole("button", { name: "Add patient" }).click();

  await expect(page).toHaveURL(/\/demo\/non-digital-patients$/);
  await expect(page.getByText("Non-digital patient added.")).toBeVisible();
  await page.getByRole("link", { name: `Edith ${surname}` }).click();
  await expect(page).toHaveURL(/\/demo\/non-digital-patients\/edit\/\d+$/);
  await expect(page.getByLabel("Last name")).toHaveValue(surname);
  await page.getByLabel("First name").fill("Edie");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page).toHaveURL(/\/demo\/non-digital-patients$/);
  await expect(page.getByText("Patient details updated.")).toBeVisible();

  // Find them by name prefix in the patient search, non-digital filter on.
  await page.goto("/demo/patients");
  await page.getByLabel("Search by name, NHS number or date of birth").fill(surname.slice(0, surname.length - 1).toLowerCase());
  await page.getByRole("radio", { name: "Non-digital patients only" }).check();
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/demo\/patients\?q=/);
  const row = page.getByRole("row").filter({ hasText: surname });
  await expect(row).toContainText("03/09/1941");
  await expect(row).toContainText("Non-digital");
  await row.getByRole("link", { name: `Edie ${surname}` }).click();

  await expect(page).toHaveURL(/\/demo\/patients\/\d+$/);
  const patientPage = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edie ${surname}`);
  await expect(page.getByText("This patient has not sent any requests.")).toBeVisible();
  await expect(page.getByText("No information provided").first()).toBeVisible();

  // A request written on the patient's behalf (for example during a phone call), through the
  // patient journey's own pages; it then lands in the practice's inbox.
  await page.getByRole("link", { name: "Start a request for this patient" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What is your request about?");
  await expect(page.getByText(`You are making this request for Edie ${surname}.`)).toBeVisible();
  await page.getByRole("radio", { name: "An admin request" }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What do you need?");
  await page.getByRole("radio", { name: "A letter, for example for work, school or housing" }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell us more");
  await page.getByLabel("Tell us more").fill("Asked for by phone: a letter for the housing office.");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Is there anything else you want to tell us? (optional)");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your answers before sending your request");
  await page.getByRole("button", { name: "Send request", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request sent");
  await page.goto("/demo/inboxes/unassigned");
  await expect(page.getByRole("link", { name: `Edie ${surname}` })).toBeVisible();
  await page.goto(patientPage);
  await page.getByRole("link", { name: /Edit details/ }).click();
  await expect(page).toHaveURL(/\/demo\/patients\/\d+\/edit-details$/);
  await page.getByLabel("Email address").fill("not an email");
  await page.getByRole("button", { name: "Save details" }).click();
  if (!javaScript) await expect(page).toHaveTitle(`Error: Edit patient details – ${PRODUCT}`);
  await expect(page.getByRole("alert").getByRole("link", { name: "Please enter a valid email address." })).toBeVisible();
  await page.getByLabel("Email address").fill(`${surname.toLowerCase()}@example.com`);
  await page.getByLabel("Town or city").fill("Leeds");
  await page.getByRole("button", { name: "Save details" }).click();

  await expect(page).toHaveURL(/\/demo\/patients\/\d+$/);
  await expect(page.getByText("Patient details updated.")).toBeVisible();
  const details = page.locator("dl.nhsuk-summary-list");
  await expect(details).toContainText(`${surname.toLowerCase()}@example.com`);
  await expect(details).toContainText("Leeds");
  await expect(details).toContainText("LS1 4AP");
});
