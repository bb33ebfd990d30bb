/**
 * Unit and integration tests (`npm run test:unit`). Tests sit next to the code as
 * `*.test.ts`; integration tests get a fresh migrated database per file from
 * tests/support/db.ts (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set).
 */
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = fileURLToPath(new URL("..", import.meta.url));
// CI sums vitest's JSON report with Playwright's (tests/support/ci-summary.mjs).
const jsonReport = process.env.VITEST_JSON_REPORT;

const include = ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"];
/**
 * VITEST_DATABASE_TESTS_ONLY=true runs only the files that open a database. CI's second pass
 * (PostgreSQL) sets it: a file that never touches a database gives the same result on either
 * engine, and the first pass (PGlite) has run it already. A file opens a database only through
 * tests/support (createTestDatabase, the worlds and fixtures built on it), so a file that
 * imports nothing from there cannot be a database test; every file of tests/integration counts
 * as one (the fuzz shards reach tests/support through fuzz-suite.ts).
 */
const databaseTestsOnly = process.env.VITEST_DATABASE_TESTS_ONLY === "true";
function databaseTestFiles(): string[] {
  const testFiles = (dir: string): string[] =>
    readdirSync(`${root}${dir}`, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? testFiles(`${dir}/${entry.name}`) : /\.test\.tsx?$/.test(entry.name) ? [`${dir}/${entry.name}`] : [],
    );
  return [
    ...testFiles("app").filter((file) => /from "[^"]*support\/[^"]*"/.test(readFileSync(`${root}${file}`, "utf8"))),
    ...testFiles("tests/integration"),
  ];
}

/**
 * The workers take files from one queue in this order, so the longest files must start first:
 * one started last leaves the other core idle until it ends. vitest orders by the durations of
 * the previous run and, without them (a clean clone: CI's first pass), by file size, which put
 * the route fuzz (three 4-line shards of 80-100 s each) at the very end. The files of
 * tests/integration (the fuzz shards and the access matrix) go first, in vitest's own order
 * among themselves; then the rest in vitest's order. Decision 0148.
 */
class HeaviestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const heavy = (spec: TestSpecification) => /(^|\/)tests\/integration\//.test(spec.moduleId);
    return [...sorted.filter(heavy), ...sorted.filter((spec) => !heavy(spec))];
  }
}

export default defineConfig({
  root,
  resolve: {
    alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) },
  },
  test: {
    root,
    include: databaseTestsOnly ? databaseTestFiles() : include,
    exclude: ["**/node_modules/**", "build/**", "public/**", "tests/e2e/**"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // Cheaper password hashing in tests (production's cost is tested once): decision 0148.
    setupFiles: ["tests/support/test-password-cost.ts"],
    // The longest files first, so both workers finish together.
    sequence: { sequencer: HeaviestFirstSequencer },
    // Forks, not threads: PGlite's WASM heap and scrypt's memory stay per process.
    pool: "forks",
    // vitest's default leaves a core for itself, which is one worker on a 2-core CI box;
    // the main process is nearly idle, so use them all.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Test files share their worker's module graph: PGlite's WASM is compiled and the app
    // imported once per worker instead of once per file, which halves the run. The price:
    // no vi.mock of app modules (it would leak into later files); inject fakes through the
    // context instead, and undo any vi.spyOn in the same file.
    isolate: false,
    // A test file opens its database in beforeAll (about a second from the template);
    // individual tests should be quick, but scrypt hashing and PostgreSQL add some.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    reporters: jsonReport ? ["default", ["json", { outputFile: jsonReport }]] : ["default"],
  },
});
