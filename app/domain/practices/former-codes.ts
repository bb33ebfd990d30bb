/**
 * Where an old link goes once a practice's url code has changed (decision 0152): the same
 * address with the current code in the former one's place, the rest of the path and the query
 * kept. Permanent, as the change is: 301 for GET and HEAD; 307 for a post, so that a form opened
 * before the change reaches its action with its fields and CSRF token (IE10 knows no 308).
 */
import { isPracticeCodeShaped } from "./practices.server";

export type FormerCodeRedirect = { location: string; status: 301 | 307 };

/** The name a route gives the practice code in its path (`/:practiceCode/message`). */
export const PRACTICE_CODE_PARAM = ":practiceCode";

export type OldAddress = {
  method: string;
  /** The address asked for (Remix has already taken its own `_data` and bare `index` off it). */
  url: string;
  /** The route's whole path pattern, e.g. `/practice/:practiceCode/register`. */
  pattern: string;
  /**
   * An index route: a form posted to it said so with a bare `?index` (which Remix takes off the
   * address the action sees), and the repeated post must say so again.
   */
  indexRoute?: boolean;
};

/**
 * The redirect for an address naming `formerCode`, now `currentCode`; null when the address does
 * not name that code plainly where the route reads its practice code (an escaped character, a
 * wrong shape), or when nothing would change.
 */
export function formerCodeRedirect(address: OldAddress, formerCode: string, currentCode: string): FormerCodeRedirect | null {
  if (!isPracticeCodeShaped(formerCode) || !isPracticeCodeShaped(currentCode)) return null;
  if (formerCode.toLowerCase() === currentCode.toLowerCase()) return null;
  let url: URL;
  try {
    url = new URL(address.url);
  } catch {
    return null;
  }
  // A path beginning `//` would make the answer a link to another host.
  if (url.pathname.startsWith("//")) return null;
  const at = address.pattern.split("/").indexOf(PRACTICE_CODE_PARAM);
  const segments = url.pathname.split("/");
  if (at < 0 || at >= segments.length) return null;
  // Compared as sent: a code written with escapes (%41BC) is not a link we ever made.
  if (segments[at].toLowerCase() !== formerCode.toLowerCase()) return null;
  segments[at] = currentCode;
  const reading = address.method === "GET" || address.method === "HEAD";
  let search = url.search;
  if (!reading && address.indexRoute && !url.searchParams.getAll("index").includes("")) search = search ? `${search}&index` : "?index";
  return { location: `${segments.join("/")}${search}`, status: reading ? 301 : 307 };
}
