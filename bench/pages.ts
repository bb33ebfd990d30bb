/**
 * The pages the patient journeys visit, measured for page weight by `npm run bench`.
 * Add a journey's step pages here as they are built.
 *
 * `optional` pages are measured only when they answer 200 (they may not exist yet);
 * any other status skips them with a note. Required pages are measured whatever their
 * status (e.g. /page-not-found answers 404 and /permission-denied 403 by design).
 */
export type BenchPage = {
  path: string;
  optional?: boolean;
};

export const BENCH_PAGES: BenchPage[] = [
  { path: "/" },
  { path: "/practice/demo" },
  { path: "/data-privacy" },
  { path: "/cookies" },
  { path: "/suggestion" },
  { path: "/page-not-found" },
  { path: "/permission-denied" },
  { path: "/login", optional: true },
  { path: "/practice/demo/register", optional: true },
];

/** A current desktop browser: the app must treat the benchmark as a supported visitor. */
export const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en-GB,en;q=0.9",
} as const;
