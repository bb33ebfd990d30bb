/**
 * Bulk messages (issue "templates"): a receptionist sends a flu invitation with a booking link to a
 * cohort (65 and over, narrowed to an uploaded list of NHS numbers) by SMS and e-mail; the queue
 * sends it; a patient books from the link; the practice sees the booking; a patient stops
 * appointment reminders from a reminder's link, which then works no more. JS off and on alike.
 */
import { expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eBulkPeople } from "../support/e2e-seed-bulk";

test("a receptionist sends a flu invitation with a booking link; a patient books; another stops reminders", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const people = e2eBulkPeople(testInfo.project.name);
  const title = `Flu clinic ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signInAs(page, "demo.reception@nhs.net", "/demo/bulk-messages");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bulk messages");
  await page.getByRole("button", { name: "New bulk message" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose the recipients");

  await page.getByLabel("Minimum age").fill("65");
  await page.getByLabel("List of NHS numbers (optional)").setInputFiles({
    name: "cohort.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`NHS number\n${people.booker.nhsNumber}\n${people.other.nhsNumber}\n`),
  });
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Write the message");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Message", { exact: true }).fill("Dear {patient_name}, {practice_name} is running a flu clinic. Book here: {booking_link}");
  await page.getByLabel("Invite patients to book (optional)").selectOption("Face to face");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How to send the message");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Select at least one way to send the message" })).toBeVisible();
  await page.getByLabel("SMS").check();
  await page.getByLabel("Email").check();
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check and send");
  await expect(page.getByText("2 patients match. 2 by SMS, 2 by Email.")).toBeVisible();
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByText("Sending 4 messages.")).toBeVisible();
  const messagePage = page.url();

  // The queue sends it: the SMS with the booking link reaches the outbox.
  let link = "";
  await expect(async () => {
    await page.goto("/dev/outbox");
    const card = page.getByTestId("outbox-message").filter({ hasText: `SMS to ${people.booker.mobile}` }).filter({ hasText: title.split(" ").slice(0, 2).join(" ") }).first();
    link = (await card.getByRole("link").first().getAttribute("href")) ?? "";
    expect(link).toContain("/demo/appointment-booking/");
  }).toPass({ timeout: 30_000 });

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your appointment is booked");

  await page.goto(messagePage);
  await expect(page.getByText(`Bea ${people.lastName}: booked on`)).toBeVisible();
  await expect(page.getByRole("row", { name: /SMS/ })).toBeVisible();

  await page.goto(`/appointment_reminders/unsubscribe/${people.unsubscribeToken}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stop appointment reminders");
  await page.getByRole("button", { name: "Stop reminders" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reminders stopped");
  await page.goto(`/appointment_reminders/unsubscribe/${people.unsubscribeToken}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has already been used");
});
