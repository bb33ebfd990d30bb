/**
 * Practice administration and the core-hours rule (issue "administration", decision 0074): a
 * practice admin lands on /practices, edits opening hours inside the rule, is refused a
 * Wednesday closing at 17:00, records an exceptional closure, and a patient then sees the
 * closure message with where to go instead on the practice's request start page. Uses its
 * own practice per project (e2e-seed-settings.ts) and cancels the closure at the end (and
 * any left by an earlier run at the start), so runs repeat.
 */
import type { Page } from "@playwright/test";
import { expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eSettingsPractice } from "../support/e2e-users";

async function signIn(page: Page, email: string) {
  await signInAs(page, email);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: /Log ?in|Sign in/i }).first()).toBeVisible();
}

/** DD/MM/YYYY in Europe/London, `days` from today. */
function londonDay(days: number): string {
  const when = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "numeric" }).format(when);
}

async function cancelClosures(page: Page) {
  const cancel = page.getByRole("button", { name: /^Cancel closure/ });
  while ((await cancel.count()) > 0) {
    await cancel.first().click();
    await expect(page.getByText("Exceptional closure cancelled.")).toBeVisible();
  }
}

test("a practice admin keeps online consultation open in core hours and records an exceptional closure that patients see", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const s = e2eSettingsPractice(testInfo.project.name);
  const alternative = "Call the surgery on 0113 496 0999, or use NHS 111 online.";

  await signIn(page, s.adminEmail);
  await expect(page).toHaveURL(/\/practices$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My practices");
  await expect(page.getByRole("heading", { name: s.name })).toBeVisible();
  await page.getByRole("link", { name: `Edit practice ${s.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/practices/edit/${s.code}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit practice");
  await cancelClosures(page);

  // Inside the rule: longer hours on Monday are saved.
  await page.getByLabel("Monday closing time").fill("19:00");
  await page.getByRole("button", { name: "Save opening hours" }).click();
  await expect(page.getByText("Opening hours saved.")).toBeVisible();
  await expect(page.getByLabel("Monday closing time")).toHaveValue("19:00");

  // Outside it: closing at 17:00 on a Wednesday is refused, the day named in the summary.
  await page.getByLabel("Wednesday closing time").fill("17:00");
  await page.getByRole("button", { name: "Save opening hours" }).click();
  const summary = page.getByRole("alert");
  await expect(summary.getByRole("link", { name: "Wednesday: closing time must be 18:30 or later on weekdays" })).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);

  // The only way to close inside core hours: a recorded exceptional closure.
  await page.goto(`/practices/edit/${s.code}`);
  await page.getByLabel("Start date").fill(londonDay(0));
  await page.getByLabel("Start time").fill("00:00");
  await page.getByLabel("End date").fill(londonDay(2));
  await page.getByLabel("End time").fill("23:59");
  await page.getByLabel("Reason", { exact: true }).fill("Staff training");
  await page.getByLabel("Where patients should go instead").fill(alternative);
  await page.getByRole("button", { name: "Record closure" }).click();
  await expect(page.getByText("Exceptional closure recorded.")).toBeVisible();
  await expect(page.getByRole("table").getByText("Staff training")).toBeVisible();
  await signOut(page);

  // The patient's request start page says the practice has closed online consultation, and where to go instead.
  await signIn(page, s.patientEmail);
  await page.goto(`/${s.code}/message`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${s.name} is not taking online requests now`);
  await expect(page.getByText(`${s.name} has closed online consultation until 23:59`)).toBeVisible();
  await expect(page.getByText(alternative)).toBeVisible();
  await signOut(page);

  // Cancelled, the form is open again for the next run.
  await signIn(page, s.adminEmail);
  await page.goto(`/practices/edit/${s.code}`);
  await cancelClosures(page);
  await expect(page.getByText("There are no current or upcoming exceptional closures.")).toBeVisible();
});

test("video consultations are switched on only after the practice agrees to their terms", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const s = e2eSettingsPractice(testInfo.project.name);
  await signIn(page, s.adminEmail);
  await page.goto(`/practices/edit/${s.code}`);

  // Not yet agreed: the switch is refused, at the field and in the summary.
  await page.getByLabel("Video consultations").check();
  await page.getByRole("button", { name: "Save features" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Agree to the video consultations terms before switching it on" })).toBeVisible();

  // The terms: the declaration must be ticked.
  await page.getByRole("link", { name: "video terms" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Video consultations: terms");
  await page.getByRole("button", { name: "Agree to the terms" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Confirm that you have read the terms and agree to them for the practice" })).toBeVisible();
  await page.getByLabel(/I have read these terms and agree to them/).check();
  await page.getByRole("button", { name: "Agree to the terms" }).click();
  await expect(page.getByText("Video consultations: terms agreed.", { exact: false })).toBeVisible();

  await page.goto(`/practices/edit/${s.code}`);
  await page.getByLabel("Video consultations").check();
  await page.getByRole("button", { name: "Save features" }).click();
  await expect(page.getByText("Features saved.")).toBeVisible();
  await expect(page.getByLabel("Video consultations")).toBeChecked();

  // Withdrawn, video is off again (and the next run starts from scratch).
  await page.goto(`/practices/${s.code}/consents/video`);
  await page.getByLabel(/will be switched off/).check();
  await page.getByRole("button", { name: "Withdraw agreement" }).click();
  await expect(page.getByText("Video consultations: agreement withdrawn.", { exact: false })).toBeVisible();
  await page.goto(`/practices/edit/${s.code}`);
  await expect(page.getByLabel("Video consultations")).not.toBeChecked();
});
