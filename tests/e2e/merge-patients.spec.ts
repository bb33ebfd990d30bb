/**
 * Merging patients (issue "staff integrations", docs/decisions/0110): a receptionist finds the
 * guest's record of a registered patient, compares the two, keeps the guest's mobile, merges,
 * and undoes the merge. Plain forms: JS off and on alike.
 */
import { expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eMergePerson } from "../support/e2e-seed-merge";

test("a receptionist merges a guest's record into the registered patient and undoes it", async ({ page }, testInfo) => {
  const person = e2eMergePerson(testInfo.project.name);
  await signInAs(page, "demo.reception@nhs.net", `/demo/patients?q=${person.nhsNumber}`);
  await page.getByRole("link", { name: `${person.firstName} ${person.lastName}` }).click();
  await page.getByRole("link", { name: /Merge a duplicate record/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Merge a duplicate record into this one");

  const guestRow = page.getByRole("row", { name: new RegExp(person.lastName) }).filter({ hasText: "Guest" });
  await expect(guestRow).toContainText(person.lastName);
  await guestRow.getByRole("link", { name: /Compare/ }).click();
  await expect(page.getByRole("table", { name: "The two records side by side" })).toContainText("07700900222");

  await page.getByRole("group", { name: "Mobile phone number" }).getByRole("radio", { name: /duplicate's/ }).check();
  await page.getByRole("button", { name: "Merge records" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Records merged");
  await expect(page.getByText("Records merged.").first()).toBeVisible();
  await expect(page.locator(".nhsuk-summary-list")).toContainText(/FD-\d{6}/);

  await page.getByRole("button", { name: "Undo merge" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Merge undone");
  await expect(page.getByRole("button", { name: "Undo merge" })).toHaveCount(0);
});
