/**
 * Online services (spec 2 §2.5–2.7, issue 6), at both demo practices (EMIS-like `demo`,
 * TPP `demotpp`): a patient links their GP online-services account, books an appointment,
 * views and cancels it, orders two medications from different pages of the table, cancels
 * the order, and unlinks. With JavaScript off confirmations and the booking reason are
 * pages of their own; with it on they are dialogs over the page, and the slot list refreshes
 * every five minutes (shown with Playwright's clock).
 *
 * Each test signs in as its own patient (e2e-online-services-users.ts): a linkage key links
 * once, and both projects share one server. js-off books in the first session and js-on in
 * the second, so they never reach for the same slot.
 */
import type { Locator, Page } from "@playwright/test";
import { checkPage, expect, test, signInAs } from "../support/e2e-fixtures";
import { E2E_PFS_PRACTICES, e2ePfsCredentials, e2ePfsUserEmail } from "../support/e2e-online-services-users";

const PRODUCT = "Frontdoor";

async function signIn(page: Page, email: string) {
  await signInAs(page, email);
}

/** The confirmation: its own page without JS, a dialog with it (checked while open). */
async function confirmation(page: Page, javaScript: boolean, title: string): Promise<Locator> {
  if (javaScript) {
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await checkPage(page);
    return dialog;
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  return page.getByRole("main");
}

for (const practice of E2E_PFS_PRACTICES) {
  test(`link, book and cancel an appointment, order and cancel medication, unlink (${practice})`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const javaScript = testInfo.project.use.javaScriptEnabled !== false;
    const tpp = practice === "demotpp";
    const credentials = e2ePfsCredentials(practice, project);
    // With JS the slot list refreshes every five minutes: a controllable clock shows it.
    if (javaScript) await page.clock.install();
    await signIn(page, e2ePfsUserEmail(practice, project));

    // Linking: the account menu offers Online Services (linkage is on at both practices).
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Online Services" }).click();
    await expect(page).toHaveURL(new RegExp(`/${practice}/online-services$`));
    await expect(page).toHaveTitle(`Online services – ${PRODUCT}`);
    const keyLabel = tpp ? "Passphrase" : "Linkage Key";
    const unitLabel = tpp ? "Organisation Code" : "ODS Code";
    await page.getByRole("button", { name: "Link account" }).click();
    await expect(page.getByRole("alert").getByRole("link", { name: `Enter your ${keyLabel}` })).toBeVisible();
    await page.getByLabel("Account ID").fill(credentials.accountId);
    await page.getByLabel(keyLabel).fill("wrong-key");
    await page.getByLabel(unitLabel).fill(credentials.unitId);
    await page.getByRole("button", { name: "Link account" }).click();
    await expect(page.getByRole("alert")).toContainText("The details you entered do not match our records");
    await page.getByLabel(keyLabel).fill(credentials.linkageKey);
    await page.getByRole("button", { name: "Link account" }).click();
    await expect(page.getByRole("alert")).toContainText("Online services linked.");
    await expect(page.getByText("Your account is linked to online services.")).toBeVisible();

    // Booking: a slot card's Book asks for the reason.
    await page.getByRole("link", { name: "Book an appointment" }).click();
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(page.getByRole("link", { name: "Back to start" })).toBeVisible();
    if (javaScript) {
      // The plain page-comforts script (decision 0160) fetches the page again and swaps the
      // list in; the Book links below are the swapped-in ones, so they must open dialogs too.
      await page.waitForLoadState("load");
      const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === "/appointments" && r.request().resourceType() === "fetch");
      await page.clock.fastForward("05:01");
      const refresh = await refreshed;
      expect(refresh.status()).toBe(200);
      // Marked as the page's own request: no activity for the idle logout (decision 0162).
      expect(await refresh.request().headerValue("x-frontdoor-background")).toBe("refresh");
    }
    const session = page.getByRole("main").getByRole("region").nth(javaScript ? 1 : 0);
    const staffName = (await session.locator("p").first().textContent())!.trim();
    const card = session.getByRole("listitem").first();
    const slotDate = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("link", { name: /^Book/ }).click();
    const booking = javaScript ? page.getByRole("dialog", { name: "Book this appointment" }) : page.getByRole("main");
    if (javaScript) await expect(booking).toBeVisible();
    else await expect(page).toHaveURL(/\/appointments\/book\/\d+$/);
    if (javaScript) await checkPage(page);
    await booking.getByRole("button", { name: "Book appointment" }).click();
    // No reason: the booking page with its error, with JS too (the dialog's form posts as a
    // document: its page of its own answers, decision 0160).
    await expect(page).toHaveURL(/\/appointments\/book\/\d+$/);
    const bookingPage = page.getByRole("main");
    await expect(bookingPage.getByRole("alert").getByRole("link", { name: "Enter the reason for your appointment" })).toBeVisible();
    await bookingPage.getByLabel("Reason for your appointment").fill("Persistent cough for three weeks");
    await bookingPage.getByRole("button", { name: "Book appointment" }).click();
    await expect(page).toHaveURL(/\/appointments\/booked\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appointment booked");
    await expect(page.getByText(slotDate).first()).toBeVisible();

    // Details: date, Upcoming, clinician; then cancel.
    await page.getByRole("link", { name: "View or cancel this appointment" }).click();
    await expect(page).toHaveURL(new RegExp(`/${practice}/appointment/details/\\d+$`));
    const details = page.locator(".nhsuk-summary-list");
    await expect(details).toContainText(slotDate);
    await expect(details).toContainText("Upcoming");
    await expect(details).toContainText(staffName);
    await expect(details).toContainText("Persistent cough for three weeks");
    await expect(page.getByText("To change this appointment, please cancel and rebook.")).toBeVisible();
    await page.getByRole("link", { name: "Cancel appointment" }).click();
    const cancelAppointment = await confirmation(page, javaScript, "Cancel this appointment");
    await cancelAppointment.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(page).toHaveURL(/\/appointments\/cancelled$/);
    await expect(page.getByText("Your appointment has now been cancelled.")).toBeVisible();

    // Prescriptions: at least one needed; a tick on page 1 survives going to page 2.
    await page.goto("/prescriptions");
    await expect(page).toHaveTitle(`Order repeat medication – ${PRODUCT}`);
    const table = page.getByRole("table", { name: /Your repeat medication/ });
    await expect(table.getByRole("columnheader")).toHaveText([/Name/, /Dosage/, "Select"]);
    await expect(table.getByRole("row")).toHaveCount(16);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert").getByRole("link", { name: "You must select at least one medication" })).toBeVisible();

    // Start again clears a selection.
    // The box's ticked state comes from the server: tick until it stays ticked (the page may
    // still be loading after the previous post).
    await expect(async () => {
      await page.getByLabel("Select Bisoprolol 2.5mg tablets").check();
    }).toPass({ timeout: 10_000 });
    await page.getByRole("button", { name: "Update selection" }).click();
    await expect(page.getByText("1 medication selected.")).toBeVisible();
    await page.getByRole("link", { name: "Cancel and start new request" }).click();
    const startAgain = await confirmation(page, javaScript, "Cancel and start new request");
    await expect(startAgain.getByText("All the information you've entered will be lost")).toBeVisible();
    await expect(startAgain.getByRole("region", { name: "Medication you selected" })).toContainText("Bisoprolol 2.5mg tablets");
    await startAgain.getByRole("button", { name: "Yes, start again" }).click();
    await expect(page).toHaveURL(/\/prescriptions$/);
    await expect(page.getByText("0 medications selected.")).toBeVisible();

    await page.getByLabel("Select Amlodipine 5mg tablets").check();
    await page.getByRole("button", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/prescriptions\?page=2$/);
    await expect(page.getByText("1 medication selected.")).toBeVisible();
    await page.getByLabel("Select Ramipril 5mg capsules").check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(new RegExp(`/${practice}/submitted\\?kind=prescription&id=\\d+$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prescription request sent");

    // The order: status from its first course, then cancel it.
    await page.getByRole("link", { name: "View or cancel this request" }).click();
    await expect(page).toHaveURL(/\/prescriptions\/details\/\d+$/);
    await expect(page.locator(".nhsuk-summary-list")).toContainText("Requested");
    await expect(page.getByRole("table", { name: "Medication" }).getByRole("row")).toHaveCount(3);
    await page.getByRole("link", { name: "Cancel request" }).click();
    const cancelOrder = await confirmation(page, javaScript, "Cancel this prescription request");
    await cancelOrder.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(page).toHaveURL(/\/prescriptions\/cancelled$/);
    await expect(page.getByText("Your prescription request has been cancelled.")).toBeVisible();

    // Unlink through the confirmation.
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Online Services" }).click();
    await page.getByRole("link", { name: "Unlink account" }).click();
    const unlink = await confirmation(page, javaScript, "Unlink your online services account");
    await unlink.getByRole("button", { name: "Yes, unlink" }).click();
    await expect(page).toHaveURL(new RegExp(`/${practice}/online-services$`));
    await expect(page.getByRole("alert")).toContainText("Online services unlinked.");
    await expect(page.getByRole("button", { name: "Link account" })).toBeVisible();

    // Not linked now: the slot list sends to the explanation.
    await page.goto("/appointments");
    await expect(page).toHaveURL(/\/pfs\/not-linked\?context=appointments$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account not linked to Online Services");
  });
}
