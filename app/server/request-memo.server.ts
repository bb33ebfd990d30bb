/**
 * Loads shared by the loaders of one page. Remix runs a page's loaders in parallel (root,
 * layouts, the page), and each gets its own Request object, but all get the one load context
 * server.ts builds per HTTP request; the memo lives there. Without it every loader loaded the
 * session, the viewer and the practice again: 29 queries for one inbox page instead of 12.
 *
 * Only for GET and HEAD. An action may change what was loaded (roles, the session, a
 * practice's settings), and the loaders Remix runs after it in the same HTTP request must see
 * the change, so a POST neither reads nor fills the memo. Contexts built by hand (tests) have
 * no memo and load every time.
 */
export type RequestMemo = Map<string, Promise<unknown>>;

export function newRequestMemo(): RequestMemo {
  return new Map();
}

export function memoized<T>(
  context: { memo?: RequestMemo },
  request: Request,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const memo = context.memo;
  if (!memo || (request.method !== "GET" && request.method !== "HEAD")) return load();
  let pending = memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    memo.set(key, pending);
  }
  return pending;
}

/**
 * One value for every copy of a module: the route layer runs in server.ts's bundle and the
 * routes in Remix's build, and each bundle has its own copy of every module both import, so a
 * module's own WeakMap would be two maps, each blind to what the other kept (decision 0156 met
 * the same with the document's text). Registered on globalThis under `Symbol.for`.
 */
export function sharedAcrossBundles<T>(name: string, make: () => T): T {
  const registry = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`frontdoor.${name}`);
  return (registry[key] ??= make());
}
