/** The practice named in a URL, read once per page: the guard, the layouts and the header share the row. */
import type { AppContext } from "~/context.server";
import { findPracticeByCode, type Practice } from "~/domain/practices/practices.server";
import { memoized } from "~/server/request-memo.server";

/** The request memo's key for the practice with this code. */
export const practiceMemoKey = (code: string) => `practice:${code.toLowerCase()}`;

export function practiceNamedInUrl(request: Request, context: Pick<AppContext, "db" | "memo">, code: string): Promise<Practice | null> {
  return memoized(context, request, practiceMemoKey(code), () => findPracticeByCode(context.db, code));
}
