/**
 * Video consultations (issue "video"): the demo receptionist schedules one for the demo patient,
 * the patient opens the e-mailed link (no sign-in) and waits in the waiting room, the GP opens
 * the room. With JS on, both browsers use Chromium's fake camera and microphone and the call
 * connects; with JS off, both pages say a video call needs a browser that runs it and offer the
 * phone. Each project books its own time, so the two never read each other's link.
 * The group call: the receptionist's and the patient's fake-media pages connect through the mesh's signalling.
 * The calls run in the plain call script (app/client/video-call.ts, decision 0161): no page here
 * hydrates, and setting up a group call from the (hydrated) list lands on its page as a document.
 */
import { expect, test, checkPage, signInAs } from "../support/e2e-fixtures";

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

const tomorrow = () => {
  const d = new Date(Date.now() + 24 * 3_600_000);
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "numeric" }).format(d);
};

test("a receptionist schedules a video consultation; the patient waits and the GP joins", async ({ page, openPage }, testInfo) => {
  test.setTimeout(180_000);
  const jsOn = testInfo.project.name === "js-on";
  // Minutes past the hour per run, so runs and projects book different times.
  const minute = String((Date.now() / 60_000) % 60 | 0).padStart(2, "0");
  const time = `${jsOn ? "15" : "14"}:${minute}`;
  const date = tomorrow();

  await signInAs(page, "demo.reception@nhs.net", "/demo/videoschedules");
  await expect(page.getByRole("heading", { level: 1, name: "Video consultations" })).toBeVisible();
  await checkPage(page);

  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Schedule video consultation" }) });
  await form.getByLabel("Patient's NHS number").fill("999 000 1006");
  await form.getByLabel("Date").fill(date);
  await form.getByLabel("Time").fill(time);
  await form.getByLabel("Priya Shah").check();
  await form.getByLabel("Send the link by text message too").check();
  await form.getByLabel(/Mobile number for the text message/).fill("0123");
  await form.getByRole("button", { name: "Schedule video consultation" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Mobile number is invalid." })).toBeVisible();
  await checkPage(page);
  await page.getByLabel(/Mobile number for the text message/).fill("07700 900 999");
  await page.getByRole("button", { name: "Schedule video consultation" }).click();
  await expect(page.getByText("Video consultation scheduled.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: time }).filter({ hasText: "Sarah Thompson" });
  await expect(row.getByText("Scheduled")).toBeVisible();
  const roomHref = (await row.getByRole("link", { name: /^Open/ }).getAttribute("href")) ?? "";
  expect(roomHref).toMatch(/^\/demo\/video\/\d+$/);

  // The invitation, as the outbox shows it (e-mail and text message carry the same link).
  await page.goto("/dev/outbox");
  const message = page.getByTestId("outbox-message").filter({ hasText: "07700900999" }).filter({ hasText: `${date} ${time}` }).first();
  const link = (await message.getByRole("link").first().getAttribute("href")) ?? "";
  expect(link).toContain("/demo/waitingroom?token=");

  const patient = await openPage();
  await patient.goto(link);
  await expect(patient.getByRole("heading", { level: 1, name: "Video consultation waiting room" })).toBeVisible();
  await expect(patient.getByText(`Your video consultation is on ${date} ${time}`)).toBeVisible();

  const gp = await openPage();
  await signInAs(gp, "demo.gp@nhs.net", roomHref);
  await expect(gp.getByRole("heading", { level: 1, name: "Sarah Thompson" })).toBeVisible();

  if (jsOn) {
    await expect(patient.locator("#call-status")).toHaveText("Connected", { timeout: 30_000 });
    await expect(gp.locator("#call-status")).toHaveText("Connected", { timeout: 30_000 });
    // The call is the plain call script's: neither page loads React (decision 0161).
    for (const p of [patient, gp]) expect(await p.evaluate(() => "__remixContext" in window)).toBe(false);
    // Muting stops the patient's own sound going out; the button says what it does next.
    const audioOn = () =>
      patient.evaluate(() => {
        const own = document.querySelector<HTMLVideoElement>("video[data-call-part=local]")?.srcObject;
        return own instanceof MediaStream && own.getAudioTracks()[0].enabled;
      });
    expect(await audioOn()).toBe(true);
    await patient.getByRole("button", { name: "Mute microphone" }).click();
    await expect(patient.getByRole("button", { name: "Unmute microphone" })).toBeVisible();
    expect(await audioOn()).toBe(false);
    await patient.getByRole("button", { name: "Unmute microphone" }).click();
    expect(await audioOn()).toBe(true);
  } else {
    for (const p of [patient, gp]) await expect(p.getByText("A video call needs a browser that can run it")).toBeVisible();
    await expect(patient.getByText(/call Riverside/)).toBeVisible();
    await expect(gp.getByText(/Phone the patient instead/)).toBeVisible();
  }
  await checkPage(patient);
  await checkPage(gp);

  await gp.getByRole("button", { name: "End consultation" }).click();
  await expect(gp.getByText("Video consultation ended and marked complete.")).toBeVisible({ timeout: 30_000 });
  await expect(gp.getByRole("row").filter({ hasText: time }).getByText("Complete")).toBeVisible();
  await checkPage(gp);
});

test("a receptionist sets up a group video call with the GP and a patient; the receptionist and the patient connect", async ({ page, openPage }, testInfo) => {
  test.setTimeout(180_000);
  const jsOn = testInfo.project.name === "js-on";
  await signInAs(page, "demo.reception@nhs.net", "/demo/group_chats");
  await expect(page.getByRole("heading", { level: 1, name: "Group video calls" })).toBeVisible();
  await checkPage(page);
  const title = `Breathing group ${testInfo.project.name} ${Date.now() % 100_000}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Date").fill(tomorrow());
  await page.getByLabel("Time").fill("16:00");
  await page.getByLabel("Priya Shah").check();
  await page.getByLabel("Tom Fletcher").check();
  await page.getByLabel("Patients' NHS numbers").fill("12345");
  await page.getByRole("button", { name: "Set up group video call" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "12345 is not an NHS number: enter 10 digits" })).toBeVisible();
  await page.getByLabel("Patients' NHS numbers").fill("999 000 1006");
  await page.getByRole("button", { name: "Set up group video call" }).click();
  await expect(page.getByText("Group call set up.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const room = new URL(page.url()).pathname;

  // Two of the three members join (a third fake camera is more than CI's two cores carry).
  // A page whose remote videos wait for frames may hold its load event: wait for the document only.
  const patient = await openPage();
  await signInAs(patient, "demo.patient@example.com", "/demo/waitingroom");
  await patient.goto(room, { waitUntil: "domcontentloaded" });
  await expect(patient.getByRole("heading", { level: 1, name: title })).toBeVisible();

  if (jsOn) {
    for (const p of [page, patient]) await expect(p.locator("#call-status")).toHaveText("Connected to 1 person", { timeout: 30_000 });
  } else {
    for (const p of [page, patient]) await expect(p.getByText("A video call needs a browser that can run it")).toBeVisible();
    await expect(page.getByText("Sarah Thompson:")).toBeVisible();
    await expect(patient.getByText(/take part by phone: call Riverside/)).toBeVisible();
  }
  await checkPage(page);
  await checkPage(patient);
  await patient.close();

  await page.getByRole("button", { name: "End group call" }).click();
  await expect(page.getByText("Group call ended.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("row").filter({ hasText: title }).getByText("Ended")).toBeVisible();
  await checkPage(page);
});
