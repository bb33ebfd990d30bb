/**
 * One Cache-Control policy for every page and data response Remix sends:
 * - a signed-in visitor (session or magic-link grant), or a response that signs someone in:
 *   `private, no-store`: personal data never stays in a shared PC's browser cache or a proxy;
 * - anyone else: `private, no-cache`: the browser may keep the page for the back button but must
 *   check before reusing it, and no shared cache keeps it (every form carries the visitor's own
 *   CSRF token, so a page cached for one visitor would fail for the next).
 * A route that says `no-store` itself keeps it; built assets are cached for a year elsewhere.
 */
export const NO_STORE = "private, no-store";
export const PUBLIC_PAGE = "private, no-cache";

export function cacheControlFor(input: { existing: string | null; signedIn: boolean; setsSession: boolean }): string {
  if (input.existing && /no-store/i.test(input.existing)) return input.existing;
  if (input.signedIn || input.setsSession) return NO_STORE;
  return input.existing ?? PUBLIC_PAGE;
}
