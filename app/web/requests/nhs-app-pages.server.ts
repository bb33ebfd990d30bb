/**
 * The NHS App's entry pages (spec 2 §2.4): signed in, not a guest, never staff; the request
 * form opens at step 3 for oneself (never as carer).
 */
import type { AppContext } from "~/context.server";
import { loggedinNotGuest, nogp } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import type { IssueStepOptions } from "./start-step.server";

export async function requireAppPatient(request: Request, context: AppContext, practiceCode: string | undefined) {
  return requireViewer(request, context, [loggedinNotGuest, nogp], { practiceCode: practiceCode ?? "" });
}

export const CLINICAL_REQUEST: IssueStepOptions = { myselfOnly: true, kind: "clinical", backHref: (code) => `/${code}/emergency-warning` };
export const NONCLINICAL_REQUEST: IssueStepOptions = { myselfOnly: true, kind: "admin", backHref: (code) => `/${code}/admin-hub` };
