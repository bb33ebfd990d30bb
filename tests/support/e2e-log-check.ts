/**
 * Playwright's global teardown: the app's log of the whole journey run must carry no personal
 * data (issue "security": logs are redacted in production and not). The journeys typed e-mail
 * addresses, names, dates of birth, NHS numbers and phone numbers; none of them may appear.
 * A hit fails the run with the offending lines (cut short), so the leak can be found.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { e2eServerLogPath } from "./e2e-constants";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");

/** What a person typed or the demo data holds, as it would look in a line of the log. */
const PERSONAL = [
  /[A-Za-z0-9._%+-]+@(example\.com|nhs\.net)/, // every demo and e2e account's address
  /\b999\d{7}\b/, // demo NHS numbers (the unissued 999 range)
  /\b07700\s?900\d{3}\b/, // demo mobile numbers (Ofcom's drama range)
  /\b(19|20)\d\d-\d\d-\d\d\b(?!T)/, // a date of birth (an ISO timestamp is not one)
  /\b(Thompson|Ellison|Okafor|Ashworth|Fairweather|InboxWith|Twosite|Federated)\w*/, // demo and e2e surnames
];

export default async function checkServerLog() {
  const path = e2eServerLogPath(root, process.env.E2E_RUN_ID ?? "");
  if (!existsSync(path)) return;
  // The server stops after this teardown; what it wrote so far is on disk (pino writes as it goes).
  const lines = readFileSync(path, "utf8").split("\n");
  const leaks = lines.filter((line) => PERSONAL.some((re) => re.test(line)));
  if (leaks.length > 0) {
    throw new Error(`The app's log of this run carries personal data (${leaks.length} lines), e.g.:\n${leaks.slice(0, 5).map((l) => l.slice(0, 300)).join("\n")}`);
  }
  console.log(`e2e: the server log (${lines.length} lines) carries no personal data`);
}
