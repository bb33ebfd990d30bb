/**
 * One shape for every multi-step flow (a request's question pages, and any flow of several
 * pages that ends on "check your answers"): the GOV.UK forms-runner pattern.
 *
 * A journey is its steps in order, each complete or not, read from the saved answers. From
 * that alone it knows
 * - where the person is: the first step that is not complete, or "check" when all are;
 * - which steps they may open: any up to that one, never a jump ahead (a URL typed or kept
 *   from an earlier visit goes back to where they are);
 * - where a saved step leads: on to the next step, or, when they came from "check your
 *   answers" to change something (a Change link), back there as soon as nothing is missing;
 * - what Back means: the step before, the check page while changing, or the journey's start.
 *
 * It is pure: the flow's module builds it from state it read once, and builds it again from
 * the answers it has just saved (no second read).
 */

export type StepState<Id> = { id: Id; complete: boolean };

/** Where to send someone: a step, or the check-answers page. */
export type JourneyPlace<Id> = { step: Id } | { check: true };

export type StepJourney<Id> = {
  steps: readonly Id[];
  complete: (step: Id) => boolean;
  /** The first step that is not complete; null when everything is answered. */
  firstIncomplete: Id | null;
  /** Every step is complete: the check-answers page may be shown and the flow finished. */
  ready: boolean;
  /** The step exists and no step before it is incomplete. */
  allowed: (step: Id) => boolean;
  next: (step: Id) => Id | null;
  previous: (step: Id) => Id | null;
  /** Where "show me step X" (or, with null, "where am I") really goes. */
  place: (asked: Id | null) => JourneyPlace<Id>;
  /** Where to go after `step` was saved; `changing` = it was opened by a Change link. */
  afterSave: (step: Id, changing: boolean) => JourneyPlace<Id>;
  /** The Back link of a step: the check page while changing, the previous step, or the start (null). */
  back: (step: Id, changing: boolean) => JourneyPlace<Id> | null;
};

export function stepJourney<Id>(steps: readonly StepState<Id>[]): StepJourney<Id> {
  const ids = steps.map((s) => s.id);
  const done = new Map(steps.map((s) => [s.id, s.complete]));
  const firstIncomplete = ids.find((id) => !done.get(id)) ?? null;
  const index = (id: Id) => ids.indexOf(id);
  const ready = firstIncomplete === null;
  const here = (): JourneyPlace<Id> => (firstIncomplete === null ? { check: true } : { step: firstIncomplete });
  const allowed = (id: Id) => index(id) >= 0 && (firstIncomplete === null || index(id) <= index(firstIncomplete));
  const next = (id: Id) => ids[index(id) + 1] ?? null;
  const previous = (id: Id) => (index(id) > 0 ? ids[index(id) - 1] : null);
  return {
    steps: ids,
    complete: (id) => done.get(id) === true,
    firstIncomplete,
    ready,
    allowed,
    next,
    previous,
    place: (asked) => (asked !== null && allowed(asked) ? { step: asked } : here()),
    afterSave: (id, changing) => {
      // Changing one answer returns to "check" once nothing is missing; a change that opened a
      // new question (a different choice) leads to it first.
      if (changing) return here();
      const following = next(id);
      if (following === null) return here();
      return allowed(following) ? { step: following } : here();
    },
    back: (id, changing) => {
      if (changing) return { check: true };
      const before = previous(id);
      return before === null ? null : { step: before };
    },
  };
}
