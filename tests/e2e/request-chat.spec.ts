/**
 * After a request is sent (issue 4): the patient opens My requests and messages, opens the
 * chat of a request the practice has written on, is told what is wrong with a bad reply
 * (nothing typed is lost), and replies with text and a photo; a patient without an account
 * follows the magic link in the practice's e-mail, confirms their date of birth and sees the
 * chat of that request only. JavaScript off and on; every page is checked (axe, html-validate).
 *
 * Data: tests/support/e2e-seed-requests.ts seeds, per project, the patient account with its
 * request and practice message, and the link holder with two requests (message on the first).
 */
import type { Page } from "@playwright/test";
import { expect as baseExpect, test, signInAs } from "../support/e2e-fixtures";
import { E2E_CHAT, e2eChatLinkEmail, e2eChatUserEmail } from "../support/e2e-users";

// With JS on, the fixtures hold each submission until axe has checked the page it leaves.
const expect = baseExpect.configure({ timeout: 20_000 });

const PRODUCT = "Frontdoor";
const PRACTICE = "Riverside Medical Centre";
/** A real 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

function thread(page: Page) {
  return page.getByTestId("thread-message");
}

test("a patient reads the practice's message in My requests and replies with text and a photo", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const email = e2eChatUserEmail(testInfo.project.name);
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;

  await signInAs(page, email);
  // A patient with requests lands on My requests and messages (spec 1 §6 not_loggedin).
  await expect(page, `${email} could not sign in: does the e2e launcher seed tests/support/e2e-seed-requests.ts?`).toHaveURL(
    /\/demo\/my-requests-and-messages$/,
  );
  await expect(page).toHaveTitle(`My requests and messages – ${PRODUCT}`);
  const row = page.getByRole("row").filter({ hasText: "An admin request" });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Awaiting your reply")).toBeVisible();
  await row.getByRole("link", { name: /^FD-\d{6}/ }).click();

  await expect(page).toHaveURL(/\/demo\/chat\/\d+$/);
  await expect(page).toHaveTitle(new RegExp(`^Request FD-\\d{6} – ${PRODUCT}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Request FD-");
  // What was sent, as typed (escaped, never rendered as markup), then the practice's message.
  await expect(page.getByText("A fit note (sick note)")).toBeVisible();
  await expect(page.getByText(E2E_CHAT.requestText)).toBeVisible();
  await expect(thread(page)).toHaveCount(1);
  await expect(thread(page).first()).toContainText(`From ${PRACTICE}`);
  await expect(thread(page).first()).toContainText(E2E_CHAT.practiceMessage);

  // Nothing to send: the spec-style message in the summary (with JS, found in the browser).
  await page.getByRole("button", { name: "Send reply" }).click();
  if (!javaScript) await expect(page).toHaveTitle(/^Error: Request FD-/);
  await expect(page.getByRole("alert").getByRole("link", { name: "Enter a message or add a file" })).toBeVisible();

  // A file that is not a JPG, PNG or PDF is refused by the server; the text stays.
  const text = "From 2 March to 13 March, please. <i>Thanks</i>";
  await page.getByLabel("Your message").fill(text);
  await page.getByLabel("Add photos or documents (optional)").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "notes.txt must be a JPG, PNG or PDF" })).toBeVisible();
  await expect(page).toHaveTitle(/^Error: Request FD-/);
  await expect(page.getByLabel("Your message")).toHaveValue(text);

  // Text and a photo: sent, back on the chat with the message, the reply after the practice's.
  await page.getByLabel("Add photos or documents (optional)").setInputFiles({ name: "fit-note-dates.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Your reply has been sent.")).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Request FD-\\d{6} – ${PRODUCT}$`));
  await expect(thread(page)).toHaveCount(2);
  await expect(thread(page).nth(0)).toContainText(`From ${PRACTICE}`);
  await expect(thread(page).nth(1)).toContainText("From you");
  await expect(thread(page).nth(1)).toContainText(text);
  await expect(thread(page).nth(1).getByRole("link", { name: "fit-note-dates.png" })).toBeVisible();
  await expect(page.getByLabel("Your message")).toHaveValue("");

  // The photo downloads as sent.
  const href = await thread(page).nth(1).getByRole("link", { name: "fit-note-dates.png" }).getAttribute("href");
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toContain('attachment; filename="fit-note-dates.png"');
  expect(Buffer.from(await download.body())).toEqual(PNG);

  // Back on the list, the request no longer awaits a reply.
  await page.getByRole("link", { name: "Back to my requests and messages" }).click();
  await expect(page.getByRole("row").filter({ hasText: "An admin request" }).getByText("Submitted")).toBeVisible();
});

test("a link from the practice opens that request's chat, after the date of birth, and nothing else", async ({ openPage }, testInfo) => {
  test.setTimeout(120_000);
  const email = e2eChatLinkEmail(testInfo.project.name);
  // A fresh browser: nobody is signed in.
  const page = await openPage();

  // Sent when the demo was seeded: by recipient, as later journeys' messages come first.
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const message = page.getByTestId("outbox-message").filter({ hasText: email }).filter({ hasText: `New message from ${PRACTICE}` });
  await expect(message).toHaveCount(1);
  await message.getByRole("link").first().click();

  await expect(page).toHaveURL(/\/msg\/message\/auth\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your identity");
  const [year, month, day] = E2E_CHAT.linkHolderDateOfBirth.split("-");
  await page.getByLabel("Day").fill(String(Number(day)));
  await page.getByLabel("Month").fill(String(Number(month)));
  await page.getByLabel("Year").fill(year);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/demo\/chat\/\d+$/);
  const entryId = Number(/\/chat\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByText(E2E_CHAT.linkRequestText)).toBeVisible();
  await expect(thread(page)).toHaveCount(1);
  await expect(thread(page).first()).toContainText(E2E_CHAT.linkPracticeMessage);
  // Not signed in: no way into a list of requests.
  await expect(page.getByRole("link", { name: "Back to my requests and messages" })).toHaveCount(0);

  await page.getByLabel("Your message").fill("Thank you, I will collect it on Friday.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Your reply has been sent.")).toBeVisible();
  await expect(thread(page)).toHaveCount(2);
  await expect(thread(page).nth(1)).toContainText("From you");

  // The same patient's other request (seeded right after) is not reachable with this link.
  await page.goto(`/demo/chat/${entryId + 1}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await page.goto("/demo/my-requests-and-messages");
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
