/**
 * Who may enter the AI-testing review area (spec 3 §2): a GP or receptionist of the practice
 * with url code `aitesting`. Signed out: sign in, with the redirect and continue_with_frontdoor;
 * signed in without access: permission-denied. The completed list also lets a system admin in
 * (the AI Testing menu item is theirs: decision 0118), to read every reviewer's results.
 */
import { AITESTING, isAdmin, type Guard, type GuardViewer } from "~/domain/auth/guards";

export function aitestingMembership(v: Pick<GuardViewer, "memberships">) {
  return v.memberships.find((m) => m.urlCode.toLowerCase() === AITESTING && (m.role === "gp" || m.role === "receptionist")) ?? null;
}

const signIn = (path: string) => ({ kind: "redirect" as const, to: `/login?${new URLSearchParams({ redirect: path, continue_with_frontdoor: "1" })}` });

export const aitesting_reviewer: Guard = (v, t) => {
  if (!v) return signIn(t.path);
  return aitestingMembership(v) ? null : { kind: "denied" };
};

export const aitesting_results: Guard = (v, t) => {
  if (!v) return signIn(t.path);
  return aitestingMembership(v) || isAdmin(v) ? null : { kind: "denied" };
};
