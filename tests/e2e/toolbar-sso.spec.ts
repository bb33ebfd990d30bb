/**
 * The clinical-system toolbar (issue 21, decision 0115): a GP sets up single sign-on at
 * /sso/demo/setup and gets the API key and signing key once; the test toolbar
 * (tests/support/toolbar-client.ts) then signs a token and opens /sso/auth for a patient by NHS
 * number, in a fresh browser that is not signed in. With JS the page posts itself and reads the
 * number from the hash; without JS the Continue button posts and the number comes in the query.
 * The same token a second time is refused. Each project has its own GP and patient.
 */
import { checkPage, expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eToolbarStaff } from "../support/e2e-users";
import { toolbarPatientUrl } from "../support/toolbar-client";

test("the toolbar signs a GP in with a signed token and opens the patient by NHS number; the token works once", async ({ page, openPage }, testInfo) => {
  test.setTimeout(90_000);
  const staff = e2eToolbarStaff(testInfo.project.name);
  const jsOn = testInfo.project.name === "js-on";
  await signInAs(page, staff.email, "/sso/demo/setup");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toolbar settings");
  await page.getByRole("button", { name: "Setup Single Sign On" }).click();
  await expect(page.getByTestId("sso-toast")).toContainText("Success!");
  const credential = { apiKey: (await page.getByTestId("sso-api-key").innerText()).trim(), signingKey: (await page.getByTestId("sso-signing-key").innerText()).trim() };
  expect(credential.apiKey).toMatch(/^fdsso_/);
  await checkPage(page);

  // The toolbar opens the patient in a browser that is not signed in.
  const toolbar = await openPage();
  const url = toolbarPatientUrl(credential, staff.email, { nhsNumber: staff.patient.nhsNumber, action: "open", numberInQuery: !jsOn });
  await toolbar.goto(url);
  if (!jsOn) {
    await expect(toolbar.getByRole("heading", { level: 1 })).toHaveText("Signing you in from your toolbar");
    await toolbar.getByRole("button", { name: "Continue" }).click();
  }
  await expect(toolbar).toHaveURL(/\/demo\/patients\/\d+\?action=open$/);
  await expect(toolbar.getByText(`${staff.patient.firstName} ${staff.patient.lastName}`).first()).toBeVisible();

  // The same token again, signed out: refused.
  const again = await openPage();
  await again.goto(url);
  if (!jsOn) await again.getByRole("button", { name: "Continue" }).click();
  await expect(again.getByTestId("sso-error")).toHaveText("This sign-on link has already been used. Please open the patient from your toolbar again.");

  // A number the practice does not have: the message, then back to the patient search.
  // The message is shown for 2.5 s before the page moves on (its Refresh header, or a timer with
  // JS), and a busy machine has first looked for it after it had gone: read it from the answer.
  const notFound = "/toolbar/demo/patients?nhs_number=4010232021";
  const answer = await toolbar.request.get(notFound, { maxRedirects: 0 });
  expect(answer.status()).toBe(200);
  expect(answer.headers()["refresh"]).toBe("2.5; url=/demo/patients");
  expect(await answer.text()).toContain('data-testid="toolbar-failure">Patient cannot be found. Re-directing back to search page...<');
  await toolbar.goto(notFound);
  await expect(toolbar).toHaveURL(/\/demo\/patients$/, { timeout: 10_000 });
});
