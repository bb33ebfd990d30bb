/**
 * The TPP desktop agent (docs/decisions/0077): a practice admin of two TPP practices picks one,
 * names its Gateway machine, gets the agent's key once, replaces it through the confirm page,
 * and watches the status follow what the agent reports to /agent/status with that key (posted
 * here as the agent would, through the request fixture). Then the practice's online resources
 * and the training videos. Each project has its own practice and key (e2e-seed-agent.ts), so
 * js-off and js-on never share an agent; every run makes a new key, so a retry starts clean.
 */
import type { Page } from "@playwright/test";
import { checkPage, expect, test, signInAs } from "../support/e2e-fixtures";
import { e2eAgentAdmin } from "../support/e2e-users";

async function signIn(page: Page, email: string) {
  await signInAs(page, email);
}

const SYSTMONE = "Please check that SystmOne is running and logged in on the TPP Gateway machine";
const AGENT_NOT_RUNNING = /Please check that the .+ SystmOne Agent is running on the TPP Gateway machine/;

test("a practice admin sets up the TPP desktop agent, the agent reports with its key, and the status links", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const admin = e2eAgentAdmin(testInfo.project.name);
  await signIn(page, admin.email);

  // Two TPP practices: choose. The demo practice's agent is only looked at.
  await page.goto("/agent/setup");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("TPP desktop agent");
  await page.getByRole("link", { name: "Hillside Surgery" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hillside Surgery");
  await expect(page.locator("#agent-status").getByText("Not linked", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Set up the agent for another practice" }).click();
  await page.getByRole("link", { name: admin.practiceName }).click();
  await expect(page).toHaveURL(new RegExp(`/agent/setup\\?practice=${admin.practiceCode}$`));

  // A name with a space is refused, at the field and in the summary.
  await page.getByLabel("Machine name").fill("MOORSIDE GW01");
  await page.getByRole("button", { name: /^Save/ }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: /The machine name can only contain letters/ })).toBeVisible();
  await page.getByLabel("Machine name").fill("MOORSIDE-GW01");
  await page.getByRole("button", { name: /^Save/ }).click();
  // First time: the key, once. (A retry finds the agent set up and just saves the name.)
  await expect(page.getByTestId("agent-key").or(page.getByText(/TPP Gateway machine name saved|Nothing to save/))).toBeVisible();
  // Let the check of this state finish (with JS, after the revalidation) before leaving the page.
  await checkPage(page);

  // A new key through its confirm page: every run gets a key of its own.
  await page.goto(`/agent/setup?practice=${admin.practiceCode}`);
  await page.getByRole("link", { name: "Create a new agent key" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Create a new agent key?");
  await page.getByRole("button", { name: "Yes, create a new key" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("New agent key made");
  const key = (await page.getByTestId("agent-key").innerText()).trim();
  expect(key).toMatch(/^fdag_[A-Za-z0-9_-]{43}$/);
  await checkPage(page);
  await page.getByRole("link", { name: "Back to the desktop agent" }).click();

  // Nothing reported with this key yet: not linked, check the agent.
  const status = page.locator("#agent-status");
  await expect(status.getByText("Not linked", { exact: true })).toBeVisible();
  await expect(status.getByText(AGENT_NOT_RUNNING)).toBeVisible();
  await expect(status.getByText("No report received yet")).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  // The page as it is now, before reloads replace it (with JS, the check of the client navigation).
  await checkPage(page);

  // The agent: a wrong key changes nothing.
  const report = (k: string, websocket: boolean, systmone: boolean) =>
    request.post("/agent/status", { headers: { Authorization: `Bearer ${k}` }, data: { websocket_connected: websocket, systmone_connected: systmone } });
  expect((await report(`fdag_${"x".repeat(43)}`, true, true)).status()).toBe(401);
  await page.reload();
  await expect(status.getByText(AGENT_NOT_RUNNING)).toBeVisible();

  // Connected, SystmOne logged out.
  expect((await report(key, true, false)).status()).toBe(200);
  await page.reload();
  await expect(status.getByText("Not linked", { exact: true })).toBeVisible();
  await expect(status.getByText(SYSTMONE)).toBeVisible();

  // Both: linked.
  expect((await report(key, true, true)).status()).toBe(200);
  await page.reload();
  await expect(status.getByText("Linked", { exact: true })).toBeVisible();
  await expect(status.getByText("The agent is connected to SystmOne.")).toBeVisible();

  // Help for the practice.
  await page.goto(`/practices/online-resources/${admin.practiceCode}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Online resources");
  await expect(page.getByRole("link", { name: new RegExp(`/practice/${admin.practiceCode}$`) })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Core hours for online consultation" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "training videos", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Training videos");
  const transcript = page.locator("#tpp-desktop-agent details");
  await transcript.locator("summary").click();
  await expect(transcript.getByText(/SystmOne practices need the desktop agent/)).toBeVisible();
});
