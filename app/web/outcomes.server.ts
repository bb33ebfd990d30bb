/**
 * The HTTP answers to the domain's outcomes (app/domain/outcomes.ts): NotFound is the
 * page-not-found answer, GoTo a redirect. The route layer applies this to every loader and
 * action, so a route never has to catch them.
 */
import { redirect } from "@remix-run/node";
import { outcomeOf } from "~/domain/outcomes";
import { notFound } from "./responses.server";

export function httpAnswerFor(error: unknown): Response | null {
  const outcome = outcomeOf(error);
  if (!outcome) return null;
  return outcome.kind === "not-found" ? notFound() : redirect(outcome.to, outcome.status);
}

/** Runs a loader or action; a domain outcome it throws is thrown on as its HTTP answer. */
export async function answeringOutcomes<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw httpAnswerFor(error) ?? error;
  }
}
