/**
 * Message templates (issue "templates"): a receptionist copies a national template as the
 * practice's own, previews it with an example patient, saves it, makes it a favourite, and starts
 * a reply to a request from it (the GET round trip fills the reply in). JS off and on alike.
 */
import { checkPage, expect, test, signInAs } from "../support/e2e-fixtures";

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

test("a receptionist builds a questionnaire from a national one, sends it from a request, and the patient's answers come back", async ({ page, openPage }, testInfo) => {
  test.setTimeout(240_000);
  const stamp = `${testInfo.project.name} ${Date.now().toString(36)}`;
  const title = `Smoking and exercise ${stamp}`;
  await signInAs(page, "demo.reception@nhs.net", "/demo/message-templates");

  // Upload: a file with a bad line imports nothing and says which line and why; then a good one.
  await page.getByRole("link", { name: "Upload templates and questionnaires from a file" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Upload templates and questionnaires");
  await checkPage(page);
  const header = "type,title,text,tags,description,kind,required,unit,min,max,options,hint";
  const file = (name: string, lines: string[]) => ({ name, mimeType: "text/csv", buffer: Buffer.from([header, ...lines].join("\n")) });
  await page.getByLabel("CSV or JSON file").setInputFiles(file("bad.csv", [`template,Reminder ${stamp},"Dear {patient_name}, see you soon",,,,,,,,,`, `question,Mood ${stamp},How are you?,,,colour,,,,,,`]));
  await page.getByRole("button", { name: "Upload file" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "1 line of bad.csv could not be imported. Nothing was imported." })).toBeVisible();
  await expect(page.getByRole("row", { name: /Line 3 The question type must be one of/ })).toBeVisible();
  await checkPage(page);
  await page.getByLabel("CSV or JSON file").setInputFiles(file("good.csv", [`template,Reminder ${stamp},"Dear {patient_name}, see you soon",,,,,,,,,`, `question,Mood ${stamp},How are you?,,,free_text,yes,,,,,`]));
  await page.getByRole("button", { name: "Upload file" }).click();
  await expect(page.getByText("Imported 1 template and 1 questionnaire from good.csv.")).toBeVisible();

  // A practice questionnaire copied from the national "Smoking status", with one more typed question.
  await page.getByRole("link", { name: "Smoking status", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Smoking status");
  await checkPage(page);
  await page.getByRole("link", { name: "Copy this questionnaire as a practice questionnaire" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create a questionnaire");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Add another question" }).click();
  const added = page.getByRole("group", { name: "Question 4" });
  await added.getByLabel("Question", { exact: true }).fill("How many days a week do you exercise?");
  await added.getByLabel("Type of answer").selectOption({ label: "Number" });
  await added.getByLabel("The patient must answer this question").check();
  await added.getByLabel("Unit").fill("days");
  await added.getByLabel("Smallest answer").fill("0");
  await added.getByLabel("Largest answer").fill("seven");
  await checkPage(page);
  await page.getByRole("button", { name: "Save questionnaire" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "The largest value must be a whole number" })).toBeVisible();
  await page.getByRole("group", { name: "Question 4" }).getByLabel("Largest answer").fill("7");
  await page.getByRole("button", { name: "Save questionnaire" }).click();
  await expect(page.getByText(`Questionnaire "${title}" saved.`)).toBeVisible();
  await expect(page.getByText("Number in days, 0 to 7, required")).toBeVisible();
  await checkPage(page);

  // Sent from a request, with a text message to another mobile; the answers come to my inbox.
  await page.goto("/demo/inboxes/unassigned");
  await page.getByRole("table").getByRole("link").last().click();
  // With JS the click is a client-side navigation: wait for it before reading the address.
  await page.waitForURL(/request-details\/\d+/);
  const requestId = /request-details\/(\d+)/.exec(page.url())![1];
  await page.getByLabel("Questionnaire", { exact: true }).selectOption({ label: title });
  await page.getByLabel("Also send a text message").check();
  await page.getByLabel("Mobile number for the text message").fill("0123");
  await page.getByRole("button", { name: "Send questionnaire" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Mobile number is invalid." })).toBeVisible();
  await checkPage(page);
  await page.getByLabel("Also send a text message").check();
  await page.getByLabel("Mobile number for the text message").fill("07700 900 555");
  await page.getByRole("button", { name: "Send questionnaire" }).click();
  await expect(page.getByText("The questionnaire has been sent to the patient.")).toBeVisible();
  // With JS the conversation may re-render just after the flash: wait for the link itself.
  await expect(page.locator("main")).toContainText(`Please answer the questionnaire "${title}": `);
  const conversation = await page.locator("main").innerText();
  const link = new RegExp(`Please answer the questionnaire "${title}": (\\S+)`).exec(conversation)![1];

  // The patient answers through the link's token, without signing in.
  const patient = await openPage();
  await patient.goto(link);
  await expect(patient.getByRole("heading", { level: 1 })).toHaveText(title);
  await patient.getByLabel("I smoke", { exact: true }).check();
  await patient.getByLabel(/If you smoke, how many cigarettes a day/).fill("10");
  await patient.getByLabel(/How many days a week do you exercise/).fill("3");
  await patient.getByRole("button", { name: "Send answers" }).click();
  await expect(patient).toHaveURL(/\/demo\/submittedquestionnaire$/);
  await checkPage(patient);

  // Back in the receptionist's own inbox, with the answers in the request's conversation.
  await page.goto("/demo/inbox");
  await page.locator(`a[href*="/request-details/${requestId}"]`).first().click();
  await expect(page.locator("main")).toContainText(`Answers to "${title}":`);
  await expect(page.locator("main")).toContainText("How many days a week do you exercise?: 3 days");
  await checkPage(page);
});
