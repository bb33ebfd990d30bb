/**
 * Change my details (issue "patient side", spec 2 §2.1, §5): a patient's contact details and
 * address change at once, a number that is not a UK one is refused with the spec's message, and
 * a change of name or date of birth is sent to the practice as an admin request. JS off and on.
 */
import { expect, signInAs, test } from "../support/e2e-fixtures";
import { e2eMyDetailsPatientEmail } from "../support/e2e-users";

test("a patient changes their contact details and address, and is shown how to change their name", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInAs(page, e2eMyDetailsPatientEmail(testInfo.project.name));
  await page.goto("/demo/change-my-details");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change my details");
  await expect(page.getByText("Dana Details")).toBeVisible();

  await page.getByLabel(/^Mobile phone number/).fill("0113 496 0000");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Please enter a valid UK mobile phone number." })).toBeVisible();

  await page.getByLabel(/^Mobile phone number/).fill("07700 900 555");
  await page.getByLabel(/^Other phone number/).fill("0113 496 0001");
  await page.getByLabel(/^Address/).fill("1 Park Row");
  await page.getByLabel(/^Town or city/).fill("Leeds");
  await page.getByLabel(/^Postcode/).fill("ls1 5ab");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your contact details and address have been updated.")).toBeVisible();
  // What was stored, read afresh.
  await page.goto("/demo/change-my-details");
  await expect(page.getByLabel(/^Mobile phone number/)).toHaveValue("07700900555");
  await expect(page.getByLabel(/^Postcode/)).toHaveValue("LS1 5AB");

  await page.getByRole("link", { name: "Send them an admin request" }).click();
  await expect(page).toHaveURL(/\/demo\/message\/myself\/admin$/);
});
