/**
 * Bulk messages (issue "templates"): a receptionist sends a flu invitation with a booking link to a
 * cohort (65 and over, narrowed to an uploaded list of NHS numbers) by SMS and e-mail; the queue
 * sends it; three patients book from their links; a patient who cannot book online is told to
 * call; the practice sees the three bookings, the one told to call, and the progress per channel;
 * a patient stops appointment reminders from a reminder's link, which then works no more. The
 * message also carries a questionnaire (decision 0131): one patient answers it from the link, once,
 * and the practice sees one answer. A leaflet goes with it by link; the receptionist opens the file
 * they attached, on the draft and on the progress page.
 * JS off and on alike; one test per project (the whole flow) to keep CI short.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eBulkPeople } from "../support/e2e-seed-bulk";

const LEAFLET = Buffer.from("%PDF-1.4\n% flu clinic leaflet\n%%EOF\n");

/** Clicks the attachment's link on a bulk message's page: the file it downloads is the one attached. */
async function expectDownload(page: Page, fileName: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: fileName }).click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const path = await download.path();
  expect(readFileSync(path)).toEqual(LEAFLET);
}

/** The booking links of this run's SMS to these mobiles, once the queue has sent them all (one outbox visit a try). */
async function bookingLinks(page: Page, mobiles: string[], ref: string): Promise<string[]> {
  let links: string[] = [];
  await expect(async () => {
    await page.goto("/dev/outbox");
    const run = page.getByTestId("outbox-message").filter({ hasText: ref });
    links = [];
    for (const mobile of mobiles) {
      const card = run.filter({ hasText: `SMS to ${mobile}` });
      await expect(card).toHaveCount(1, { timeout: 1_000 });
      links.push((await card.getByRole("link").first().getAttribute("href", { timeout: 1_000 })) ?? "");
    }
    for (const link of links) expect(link).toContain("/demo/appointment-booking/");
  }).toPass({ timeout: 30_000 });
  return links.map((link) => new URL(link).pathname + new URL(link).search);
}

test("a receptionist sends a flu invitation with a booking link; three patients book, one is told to call; another stops reminders", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const people = e2eBulkPeople(testInfo.project.name);
  const ref = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const title = `Flu clinic ${ref}`;
  await signInAs(page, "demo.reception@nhs.net", "/demo/bulk-messages");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bulk messages");
  await page.getByRole("button", { name: "New bulk message" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose the recipients");

  // Everyone named in the file, but the age filter leaves Dee (under 65) out.
  await page.getByLabel("Minimum age").fill("65");
  const listed = [...people.bookers, people.other, people.young];
  await page.getByLabel("List of NHS numbers (optional)").setInputFiles({
    name: "cohort.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`NHS number\n${listed.map((p) => p.nhsNumber).join("\n")}\n`),
  });
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Write the message");
  // A leaflet goes with it, by link (decision 0128); the receptionist can open what they attached.
  await page.getByLabel("Attach photos or documents").setInputFiles({ name: "flu-leaflet.pdf", mimeType: "application/pdf", buffer: LEAFLET });
  await page.getByRole("button", { name: "Attach files" }).click();
  await expect(page.getByText("File attached.")).toBeVisible();
  await expectDownload(page, "flu-leaflet.pdf");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Message", { exact: true }).fill(`Dear {patient_name}, {practice_name} is running a flu clinic (${ref}). Book here: {booking_link}`);
  await page.getByLabel("Invite patients to book (optional)").selectOption("Face to face");
  await page.getByLabel("Questionnaire (optional)").selectOption({ label: "Smoking status (national)" });
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How to send the message");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Select at least one way to send the message" })).toBeVisible();
  await page.getByLabel("SMS").check();
  await page.getByLabel("Email").check();
  await page.getByRole("button", { name: "Save and continue" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check and send");
  await expect(page.getByText("4 patients match. 4 by SMS, 4 by Email.")).toBeVisible();
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByText("Sending 8 messages.")).toBeVisible();
  await page.waitForURL(/\/demo\/bulk-message\/\d+$/);
  const messagePage = new URL(page.url()).pathname;

  // The queue sends it (each patient one SMS); each booker follows the SMS's link (by its token).
  const [calLink, ...bookerLinks] = await bookingLinks(page, [people.other.mobile, ...people.bookers.map((b) => b.mobile)], ref);
  for (const link of bookerLinks) {
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    // The two projects' bookers share the practice's free times and run at once: the first time
    // offered (chosen already) went to whichever booked first, and the other was told "That time
    // has just been taken". So the JS-on bookers take the last time offered instead.
    if (testInfo.project.name === "js-on") await page.getByRole("radio").last().check();
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your appointment is booked");
  }
  // One booker answers the questionnaire appended to their SMS (its own link, with a token).
  await page.goto("/dev/outbox");
  const smsCard = page.getByTestId("outbox-message").filter({ hasText: ref }).filter({ hasText: `SMS to ${people.bookers[0]!.mobile}` });
  const answerHref = await smsCard.locator('a[href*="/demo/questionnaire/"]').first().getAttribute("href");
  const answerPath = new URL(answerHref!).pathname + new URL(answerHref!).search;
  await page.goto(answerPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Smoking status");
  await page.getByLabel("I used to smoke").check();
  await page.getByRole("button", { name: "Send answers" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Answers sent");
  await page.goto(answerPath);
  await expect(page.getByText("You have already answered this questionnaire.")).toBeVisible();

  // Cal is not linked to online services: told to call.
  await page.goto(calLink!);
  await expect(page.getByText("You cannot book this appointment online. Call")).toBeVisible();

  // The practice sees the three bookings, Cal told to call, and every message sent on both channels.
  await expect(async () => {
    await page.goto(messagePage);
    for (const channel of ["SMS", "Email"]) {
      const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: channel, exact: true }) });
      await expect(row.getByRole("cell").nth(1), `${channel} waiting`).toHaveText("0", { timeout: 1_000 });
      await expect(row.getByRole("cell").nth(2), `${channel} sent`).toHaveText("4", { timeout: 1_000 });
    }
  }).toPass({ timeout: 30_000 });
  const bookings = page.getByRole("heading", { name: "Bookings (Face to face)" }).locator("xpath=following-sibling::ul[1]");
  for (const booker of people.bookers) await expect(bookings.getByText(`${booker.firstName} ${people.lastName}: booked on`)).toBeVisible();
  await expect(bookings.getByText(`Cal ${people.lastName}: cannot book online, told to call`)).toBeVisible();
  await expect(bookings.getByRole("listitem")).toHaveCount(4);
  // The progress page lists the leaflet; the practice opens the file that went.
  await expectDownload(page, "flu-leaflet.pdf");
  await expect(page.getByText("1 of 4 patients answered.")).toBeVisible();

  await page.goto(`/appointment_reminders/unsubscribe/${people.unsubscribeToken}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stop appointment reminders");
  await page.getByRole("button", { name: "Stop reminders" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reminders stopped");
  await page.goto(`/appointment_reminders/unsubscribe/${people.unsubscribeToken}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has already been used");
});
