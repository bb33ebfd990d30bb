/** The practice named in a URL, read once per page: the guard, the layouts and the header share the row. */
import type { AppContext } from "~/context.server";
import { findPracticeByCode, type Practice } from "~/domain/practices/practices.server";
import { memoized } from "~/server/request-memo.server";

export function practiceNamedInUrl(request: Request, context: Pick<AppContext, "db" | "memo">, code: string): Promise<Practice | null> {
  return memoized(context, request, `practice:${code.toLowerCase()}`, () => findPracticeByCode(context.db, code));
}
