/**
 * What a domain function says when it has no result to give: the thing is not there (or not the
 * caller's, which must look the same), or the person must go somewhere else first. The domain
 * never builds HTTP answers (tests/integration/layers.test.ts); the route layer turns these into
 * a 404 page and a redirect (app/web/outcomes.server.ts), for every loader and action.
 *
 * Recognised by a registered symbol, not by `instanceof`: the route layer is loaded by the server
 * while the routes come from the Remix build, so each has its own copy of these classes.
 */
export const OUTCOME = Symbol.for("frontdoor.domain-outcome");

export class NotFound extends Error {
  readonly [OUTCOME] = "not-found" as const;
  constructor(what = "not found") {
    super(what);
    this.name = "NotFound";
  }
}

export class GoTo extends Error {
  readonly [OUTCOME] = "go-to" as const;
  constructor(
    readonly to: string,
    readonly status: 302 | 303 = 302,
  ) {
    super(`go to ${to}`);
    this.name = "GoTo";
  }
}

/** The outcome an error carries, whichever copy of this module made it. */
export function outcomeOf(error: unknown): { kind: "not-found" } | { kind: "go-to"; to: string; status: 302 | 303 } | null {
  if (typeof error !== "object" || error === null) return null;
  const kind = (error as { [OUTCOME]?: unknown })[OUTCOME];
  if (kind === "not-found") return { kind };
  if (kind === "go-to") {
    const { to, status } = error as { to: string; status: 302 | 303 };
    return { kind, to, status };
  }
  return null;
}
