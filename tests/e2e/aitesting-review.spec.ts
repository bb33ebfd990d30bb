/**
 * The AI-testing review area (issue 21, decision 0118): a receptionist of the aitesting practice
 * lands on a request with the suggested triage, disagrees without a correction (refused, with
 * the messages), agrees, and sees the completed list with the agreement rate.
 */
import { expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eAiReviewerEmail } from "../support/e2e-users";

test("an aitesting reviewer agrees with a suggestion and sees the agreement rate", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signInAs(page, e2eAiReviewerEmail(testInfo.project.name), "/aitesting/redirect");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Review a triage suggestion/);
  await expect(page.getByTestId("suggestion")).toContainText("Urgency:");
  await page.getByLabel("No", { exact: true }).check();
  await page.getByRole("button", { name: "Save review" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Select the urgency you would give" })).toBeVisible();
  const first = page.url();
  await page.getByLabel("Yes", { exact: true }).check();
  await page.getByRole("button", { name: "Save review" }).click();
  // On to the next request (a different review), or the completed list when none is left.
  await expect(page).not.toHaveURL(first);
  await page.goto("/aitesting/completed");
  await expect(page.getByTestId("agreement-rates")).toContainText("100%");
});
