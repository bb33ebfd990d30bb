/** The practice named in a URL, read once per page: the guard, the layouts and the header share the row. */
import type { AppContext } from "~/context.server";
import { formerCodeRedirect, type OldAddress } from "~/domain/practices/former-codes";
import { currentCodeForFormerCode } from "~/domain/practices/former-codes.server";
import { findPracticeByCode, type Practice } from "~/domain/practices/practices.server";
import { NO_STORE } from "~/server/cache-control.server";
import { memoized } from "~/server/request-memo.server";

/** The request memo's key for the practice with this code. */
export const practiceMemoKey = (code: string) => `practice:${code.toLowerCase()}`;

export function practiceNamedInUrl(request: Request, context: Pick<AppContext, "db" | "memo">, code: string): Promise<Practice | null> {
  return memoized(context, request, practiceMemoKey(code), () => findPracticeByCode(context.db, code));
}

/** What the route layer knows of a route: its whole path pattern, and whether it is an index route. */
export type RouteShape = Pick<OldAddress, "pattern" | "indexRoute">;

/**
 * A page-not-found for an address whose practice code is a practice's former code becomes a
 * permanent redirect to its current code (decision 0152); anything else stays as it was. Asked
 * only once a loader or action has answered 404, so a found practice costs nothing more; the
 * loaders of one page share the one lookup.
 */
export async function formerCodeAnswer(
  request: Request,
  context: Pick<AppContext, "db" | "memo">,
  params: Record<string, string | undefined>,
  route: RouteShape | undefined,
): Promise<Response | null> {
  const code = params.practiceCode;
  if (!route || !code) return null;
  const current = await memoized(context, request, `former-code:${code.toLowerCase()}`, () => currentCodeForFormerCode(context.db, code));
  if (!current) return null;
  const to = formerCodeRedirect({ method: request.method, url: request.url, ...route }, code, current);
  if (!to) return null;
  // Not kept by the browser: the code may yet be taken by another practice, whose pages then answer.
  return new Response(null, { status: to.status, headers: { Location: to.location, "Cache-Control": NO_STORE } });
}

const isNotFound = (value: unknown): value is Response => value instanceof Response && value.status === 404;

/** Runs a loader or action; its 404 (thrown or returned) for a former practice code becomes the redirect. */
export async function redirectingFormerCodes<T>(
  args: { request: Request; context: Pick<AppContext, "db" | "memo">; params: Record<string, string | undefined> },
  route: RouteShape | undefined,
  run: () => Promise<T>,
): Promise<T | Response> {
  let answer: T;
  try {
    answer = await run();
  } catch (error) {
    if (isNotFound(error)) throw (await formerCodeAnswer(args.request, args.context, args.params, route)) ?? error;
    throw error;
  }
  if (isNotFound(answer)) return (await formerCodeAnswer(args.request, args.context, args.params, route)) ?? answer;
  return answer;
}
