/**
 * Issue "patient side": a patient records blood pressure (a mistyped reading is refused with the
 * field's message), sees it in the chart's table, sends the readings to the practice, gives
 * feedback, and answers a friends and family test link (an expired one says so). Plain forms:
 * JS off and on alike.
 */
import { expect, signInAs, test } from "../support/e2e-fixtures";
import { e2eFftToken, e2eMyHealthPatient } from "../support/e2e-seed-my-health";

test("a patient records blood pressure and sends the readings to the practice", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInAs(page, e2eMyHealthPatient(testInfo.project.name).email, "/demo/my-health");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My health");
  await page.getByRole("link", { name: "Blood pressure" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blood pressure");

  const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "numeric", year: "numeric" }).formatToParts(new Date());
  const part = (t: string) => today.find((p) => p.type === t)!.value;
  const fill = async (systolic: string, diastolic: string) => {
    await page.getByLabel("Systolic (top number), mmHg").fill(systolic);
    await page.getByLabel("Diastolic (bottom number), mmHg").fill(diastolic);
    await page.getByLabel("Pulse, beats per minute").fill("68");
    await page.getByLabel("Day").fill(part("day"));
    await page.getByLabel("Month").fill(part("month"));
    await page.getByLabel("Year").fill(part("year"));
    await page.getByLabel("Time you took the reading").fill("00:05");
    await page.getByRole("button", { name: "Add reading" }).click();
  };
  await fill("1400", "90");
  await expect(page.getByRole("alert").getByRole("link", { name: "Systolic blood pressure must be a whole number, like 120" })).toBeVisible();
  await fill("152", "96");
  await expect(page.getByText("Reading added: 152/96 mmHg, pulse 68.")).toBeVisible();

  const table = page.getByRole("table", { name: /blood pressure readings/ });
  await expect(table.getByRole("row").nth(1)).toContainText("152/96");
  await expect(table.getByRole("row").nth(1)).toContainText("Not sent yet");
  await expect(page.getByRole("img", { name: /Blood pressure readings chart/ })).toBeVisible();

  await page.getByRole("button", { name: "Send readings" }).click();
  await expect(page).toHaveURL(/\/demo\/submittedreading\?entry=\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Readings sent");
});

test("a patient gives feedback and answers a friends and family test link", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInAs(page, e2eMyHealthPatient(testInfo.project.name).email, "/demo/feedback");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Give feedback");
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Please choose what your feedback is about." })).toBeVisible();
  await page.getByRole("radio", { name: "Riverside Medical Centre" }).check();
  await page.getByRole("radio", { name: "Very good" }).check();
  await page.getByLabel("Tell us why (optional)").fill("Quick reply to my request.");
  await page.getByRole("checkbox", { name: "You may contact me about my feedback" }).check();
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByText("Your feedback has been submitted. Thanks for helping to improve Riverside Medical Centre!")).toBeVisible();

  // The link from the message after an appointment: public, so signed out.
  await page.context().clearCookies();
  await page.goto(`/friends-family-test/${e2eFftToken(testInfo.project.name, "expired")}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");
  await page.goto(`/friends-family-test/${e2eFftToken(testInfo.project.name, "open")}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Friends and family test");
  await page.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Select how your experience of our service was overall" })).toBeVisible();
  await page.getByRole("radio", { name: "Good", exact: true }).check();
  await page.getByLabel(/tell us why you gave your answer/).fill("Friendly staff.");
  await page.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your feedback");
  await page.goto(`/friends-family-test/${e2eFftToken(testInfo.project.name, "open")}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have already answered");
});
