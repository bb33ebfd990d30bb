/**
 * Message templates (issue "templates"): a receptionist copies a national template as the
 * practice's own, previews it with an example patient, saves it, makes it a favourite, and starts
 * a reply to a request from it (the GET round trip fills the reply in). JS off and on alike.
 */
import { expect, test, signInAs } from "../support/e2e-fixtures";

test("a receptionist builds a template from a national one and starts a reply from it", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const title = `Flu clinic ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signInAs(page, "demo.reception@nhs.net", "/demo/message-templates");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message templates");
  await page.getByRole("link", { name: "Copy “Flu vaccination invitation” as a practice template" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create a message template");

  // An unknown placeholder is refused by name; then a preview with an example patient.
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Message").fill("Dear {first_name}, book at {booking_link}");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: /\{first_name\} is not a placeholder/ })).toBeVisible();
  await page.getByLabel("Message").fill("Dear {patient_name}, {practice_name} is running a flu clinic. Book at {booking_link}");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.locator("#template-preview")).toContainText("Dear Jane Smith, Riverside Medical Centre is running a flu clinic.");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText(`Template "${title}" saved.`)).toBeVisible();

  const row = page.getByRole("row", { name: new RegExp(title) });
  await row.getByRole("button", { name: /Add to favourites/ }).click();
  await expect(page.getByText("Added to your favourites.")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(title) }).getByText("Favourite", { exact: true })).toBeVisible();

  // In a request, the reply starts from the template, filled in for that patient.
  await page.goto("/demo/inboxes/unassigned");
  await page.getByRole("table").getByRole("link").last().click();
  const patient = (await page.locator("#request-heading").evaluate((h) => Array.from(h.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent).join(""))).trim();
  await page.getByLabel("Start from a template").selectOption({ label: `★ ${title}` });
  await page.getByRole("button", { name: "Use template" }).click();
  await expect(page.getByLabel("Message to the patient")).toHaveValue(new RegExp(`^Dear ${patient}, Riverside Medical Centre is running a flu clinic\\. Book at https?://[^ ]+/appointments$`));
});
