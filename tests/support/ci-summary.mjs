// Sums the vitest and Playwright JSON reports of a CI run into one closing line,
// "N passed, N failed, N skipped", and exits non-zero when nothing ran.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir)) {
  const report = JSON.parse(readFileSync(join(dir, file), "utf8"));
  if (file.startsWith("vitest")) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else {
    passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    failed += report.stats?.unexpected ?? 0;
    skipped += report.stats?.skipped ?? 0;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(passed > 0 && failed === 0 ? 0 : 1);
