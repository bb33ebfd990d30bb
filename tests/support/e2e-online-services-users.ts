/**
 * The online-services journey's own patients: one per demo practice and Playwright project,
 * because a linkage key links once and the js-off and js-on projects share one server.
 * No imports here: the journey reads these without loading app code. The rows are made by
 * e2e-seed-online-services.ts, run from e2e-seed-users.ts before the app starts.
 */
export const E2E_PFS_PRACTICES = ["demo", "demotpp"] as const;

/** The demo practices' unit ids (their ODS codes in the demo seed). */
const UNIT_IDS: Record<string, string> = { demo: "Y12345", demotpp: "Y54321" };

export function e2ePfsUserEmail(practice: string, project: string): string {
  return `e2e.pfs.${practice}.${project}@example.com`;
}

export function e2ePfsCredentials(practice: string, project: string) {
  const tag = project === "js-off" ? "OFF" : "ON";
  return {
    accountId: `E2E${practice.toUpperCase()}${tag}`,
    linkageKey: `e2e-${project}-key`,
    unitId: UNIT_IDS[practice],
  };
}
