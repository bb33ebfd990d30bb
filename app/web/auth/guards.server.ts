/**
 * Runs guards for a loader or action and throws the redirect when one objects. Returns the
 * viewer (and the practice named in the URL) so the route does not load them again.
 */
import { redirect } from "@remix-run/node";
import { isRecordPath, maySeeRecords } from "~/domain/nhs-login/rules";
import type { AppContext } from "~/context.server";
import { isSecureRequest, serializeCookie } from "~/web/cookies";
import { notFound } from "~/web/responses.server";
import { type Practice } from "~/domain/practices/practices.server";
import { decide, type Guard, type GuardViewer } from "~/domain/auth/guards";
import type { Viewer } from "~/domain/auth/viewer.server";
import { getViewerState, getViewerStateAndPractice, sessionCookieName } from "./viewer.server";

export function toGuardViewer(viewer: Viewer, now: Date): GuardViewer {
  return {
    isGuest: viewer.isGuest,
    globalRoles: viewer.globalRoles,
    memberships: viewer.memberships,
    patient: viewer.patient,
    hasSentRequests: viewer.hasSentRequests,
    secondsSinceAuthenticated: (now.getTime() - viewer.session.authenticatedAt.getTime()) / 1000,
    nhsLoginLevel: viewer.session.nhsLoginLevel,
  };
}

export function loginPath(redirectTo: string, options: { practiceCode?: string; expired?: boolean } = {}) {
  const base = options.practiceCode ? `/${options.practiceCode}/login` : "/login";
  const query = new URLSearchParams({ redirect: redirectTo });
  if (options.expired) query.set("expired", "1");
  return `${base}?${query}`;
}

export function permissionDeniedPath(errorCode?: string, practiceCode?: string) {
  const base = practiceCode ? `/${practiceCode}/permission-denied` : "/permission-denied";
  return errorCode ? `${base}?error_code=${errorCode}` : base;
}

type Guarded<P extends boolean> = { viewer: Viewer | null; practice: P extends true ? Practice : Practice | null };

/**
 * `practiceCode`: the practice named in the URL. An unknown code is page-not-found before any
 * guard decides: practice codes are public (each practice's own landing page shows its code), so
 * the 404 tells a stranger nothing a sign-in page would have hidden. (The route layer sends a
 * former code of a practice on to its current one from that 404: decision 0152.)
 * `entryId`: the patient's request the page is about, read with the viewer (viewer.server.ts).
 */
export async function requireGuards(
  request: Request,
  context: AppContext,
  guards: Guard[],
  options: { practiceCode?: string; entryId?: string | null } = {},
): Promise<Guarded<false>> {
  const url = new URL(request.url);
  const path = url.pathname + url.search;
  // The session and the practice: one round trip (viewer.server.ts).
  const [state, practice] = options.practiceCode
    ? await getViewerStateAndPractice(request, context, options.practiceCode, options.entryId)
    : [await getViewerState(request, context), null];
  if (options.practiceCode && !practice) throw notFound();
  const viewer = state.viewer;
  const outcome = decide(guards, viewer ? toGuardViewer(viewer, context.clock.now()) : null, {
    path,
    practice: practice ? { id: practice.id, urlCode: practice.urlCode } : null,
    token: url.searchParams.get("token"),
  });
  // An NHS login P5 session sends administrative requests only and sees no records (decision 0081).
  if (viewer && !maySeeRecords(viewer.session.nhsLoginLevel) && isRecordPath(url.pathname)) {
    throw redirect(permissionDeniedPath(undefined, practice?.urlCode));
  }
  if (!outcome) return { viewer, practice };
  const code = practice?.urlCode;
  switch (outcome.kind) {
    case "login": {
      if (outcome.reason === "fresh") throw redirect(`/confirm-password?${new URLSearchParams({ redirect: outcome.redirect })}`);
      const headers = new Headers();
      if (state.expired) {
        // The row is gone; clear the cookie too so the next page is a plain signed-out one.
        headers.append("Set-Cookie", serializeCookie(sessionCookieName(context), "", { maxAgeSeconds: 0, secure: isSecureRequest(request) }));
      }
      throw redirect(loginPath(outcome.redirect, { practiceCode: code, expired: state.expired }), { headers });
    }
    case "redirect":
      throw redirect(outcome.to);
    case "denied":
      throw redirect(permissionDeniedPath(outcome.errorCode, code));
  }
}

/** For routes that must have a signed-in viewer after their guards. */
export async function requireViewer(
  request: Request,
  context: AppContext,
  guards: Guard[],
  options: { practiceCode?: string; entryId?: string | null } = {},
): Promise<{ viewer: Viewer; practice: Practice | null }> {
  const result = await requireGuards(request, context, guards, options);
  if (!result.viewer) throw redirect(loginPath(new URL(request.url).pathname));
  return { viewer: result.viewer, practice: result.practice };
}
