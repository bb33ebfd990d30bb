/**
 * Issue "patient side": a patient records blood pressure (a mistyped reading is refused with the
 * field's message), sees it in the chart's table, sends the readings to the practice, gives
 * feedback, and answers a friends and family test link (an expired one says so). Plain forms:
 * JS off and on alike. A patient reads their GP record and asks for their requests to be sent on
 * when moving practice; a visitor reads how the practice checks who they are and the research
 * page. A text browser (lynx, its own user agent) signs in, sends a request and reads the patient pages.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { E2E_BASE_URL } from "../support/e2e-constants";
import { expect, signInAs, test } from "../support/e2e-fixtures";
import { e2eFftToken, e2eMyHealthPatient, e2eRecordsPatient } from "../support/e2e-seed-my-health";
import { E2E_USER_PASSWORD } from "../support/e2e-users";

test("a patient records blood pressure and sends the readings to the practice", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
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
  // A mistyped reading is deleted before it is sent, after a confirmation page.
  await fill("105", "96");
  await expect(page.getByText("Reading added: 105/96 mmHg, pulse 68.")).toBeVisible();
  const table = page.getByRole("table", { name: /blood pressure readings/ });
  await table.getByRole("row").filter({ hasText: "105/96" }).getByRole("link", { name: /^Delete/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete this reading?");
  await page.getByRole("button", { name: "Delete reading" }).click();
  await expect(page.getByText("Reading deleted: 105/96 mmHg.")).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);

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

test("a patient reads their record and asks for their requests to be sent on; a visitor reads the practice's checks", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInAs(page, e2eRecordsPatient(testInfo.project.name).email, "/demo/my-medical-records");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My medical record");
  await expect(page.getByRole("table", { name: "Allergies and adverse reactions" })).toContainText("Penicillin");
  await expect(page.getByRole("table", { name: "Test results" })).toContainText("HbA1c");

  await page.goto("/demo/patient-transfer");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Moving to another GP practice");
  await expect(page.getByText("You have sent 1 request to Riverside Medical Centre; 1 is not answered yet.")).toBeVisible();
  await page.getByRole("button", { name: "Send my ask to Riverside Medical Centre" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Enter the name of your new GP practice" })).toBeVisible();
  await page.getByLabel("Name of your new GP practice").fill("Oak Lane Surgery");
  await page.getByLabel(/Town or city of your new GP practice/).fill("Leeds");
  await page.getByRole("radio", { name: "All my requests and their messages" }).check();
  await page.getByRole("checkbox", { name: /I agree to Riverside Medical Centre sharing/ }).check();
  await page.getByRole("button", { name: "Send my ask to Riverside Medical Centre" }).click();
  await expect(page).toHaveURL(/\/demo\/submitted\?entry=\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request sent");

  // No health hub is configured here: the patient goes where signing in takes them.
  await page.goto("/frontdoor-health-hub/redirect");
  await expect(page).toHaveURL(/\/demo\/my-requests-and-messages$/);

  await page.context().clearCookies();
  await page.goto("/practice/demo");
  await page.getByRole("link", { name: "How Riverside Medical Centre checks who you are" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How Riverside Medical Centre checks who you are");
  await page.goto("/research");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Taking part in health research");
});

/** The request context's cookies as a Netscape cookie file lynx reads (session cookies kept for the test). */
async function lynxCookies(request: APIRequestContext, file: string): Promise<void> {
  const { cookies } = await request.storageState();
  const lines = cookies.map((c) => [c.domain, "FALSE", c.path, c.secure ? "TRUE" : "FALSE", String(Math.floor(Date.now() / 1000) + 3600), c.name, c.value].join("\t"));
  writeFileSync(file, `# Netscape HTTP Cookie File\n${lines.join("\n")}\n`);
}

test("a text browser (lynx) signs in with the form, sends a request and reads the patient pages", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "js-off", "lynx runs no JavaScript: once is enough");
  const dir = mkdtempSync(path.join(tmpdir(), "fd-lynx-"));
  const jar = path.join(dir, "cookies.txt");
  // lynx with its own (default) user agent and none of the user's configuration: only cookies
  // read from the jar (persistent cookies are off by default) and accepted without asking.
  const cfg = path.join(dir, "lynx.cfg");
  writeFileSync(cfg, "PERSISTENT_COOKIES:TRUE\nACCEPT_ALL_COOKIES:TRUE\n");
  const lynx = (args: string[], input?: string) =>
    execFileSync("lynx", [`-cfg=${cfg}`, `-cookie_file=${jar}`, "-width=200", ...args], { input, encoding: "utf8", timeout: 20_000 });
  try {
    // The sign-in form, as lynx gets it: its CSRF cookie comes from the jar, its token from the page.
    await request.get("/demo/login");
    await lynxCookies(request, jar);
    const form = lynx(["-source", `${E2E_BASE_URL}/demo/login`]);
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(form)?.[1] ?? "";
    expect(hidden("csrf")).not.toBe("");
    const person = e2eRecordsPatient("lynx");
    const body = new URLSearchParams({ csrf: hidden("csrf"), idempotency_key: hidden("idempotency_key"), email: person.email, password: E2E_USER_PASSWORD });
    const landing = lynx(["-dump", "-post_data", `${E2E_BASE_URL}/demo/login`], `${body}\n---\n`);
    expect(landing).not.toContain("Unsupported browser detected");
    expect(landing).toContain("Signed in as Rowan");
    expect(landing).toMatch(/^\s*\d+\. http:\/\/127\.0\.0\.1:\d+\/demo\/message$/m);

    // Signed in (the fixtures' session, in the jar): the record and the moving-practice form read as text.
    const key = process.env.TEST_SIGN_IN_KEY!;
    expect((await request.get("/dev/sign-in", { headers: { "X-Test-Sign-In-Key": key, "X-Test-Sign-In-Email": person.email }, maxRedirects: 0 })).status()).toBe(204);
    await lynxCookies(request, jar);
    const record = lynx(["-dump", `${E2E_BASE_URL}/demo/my-medical-records`]);
    expect(record).toContain("My medical record");
    expect(record).toContain("Allergies and adverse reactions");
    expect(record).toContain("Penicillin");
    const transfer = lynx(["-dump", `${E2E_BASE_URL}/demo/patient-transfer`]);
    for (const text of ["Moving to another GP practice", "Name of your new GP practice", "Which requests should be sent?", "Send my ask to Riverside Medical Centre"]) {
      expect(transfer).toContain(text);
    }
    // lynx sends a request: the moving-practice form, posted as lynx posts it (its CSRF token and
    // idempotency key from the page's source), lands on the request's confirmation.
    const source = lynx(["-source", `${E2E_BASE_URL}/demo/patient-transfer`]);
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(source)?.[1] ?? "";
    expect(field("csrf")).not.toBe("");
    const ask = new URLSearchParams({ csrf: field("csrf"), idempotency_key: field("idempotency_key"), newPractice: "Lynx Health Centre", which: "all", consent: "yes" });
    const sent = lynx(["-dump", "-post_data", `${E2E_BASE_URL}/demo/patient-transfer`], `${ask}\n---\n`);
    expect(sent).toContain("Request sent");
    const readings = lynx(["-dump", `${E2E_BASE_URL}/demo/my-health/blood-pressure`]);
    expect(readings).toContain("Systolic (top number), mmHg");
    expect(readings).toContain("Add reading");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
