/**
 * /{code}/carer/{carer_id}/register (spec 2 §2.3): a signed-in carer asks to act for someone
 * they care for, who must be a registered patient of the practice (the same match as
 * registration). Typing a name and date of birth proves nothing: the link is pending until
 * staff at the practice approve it (docs/decisions/0070-proxy-approval-and-guest-scope.md).
 */
import type { AppContext } from "~/context.server";
import { reasonFitsAge, type ProxyLinkReason } from "~/domain/dependents/proxy-links";
import { requestProxyLink } from "~/domain/dependents/proxy-links.server";
import type { Practice } from "~/domain/practices/practices.server";
import { londonToday } from "~/domain/time/london";
import { findRegisteredPatient, type PersonDetails } from "./patient-match.server";
import { registeredPatientCheck } from "./registration.server";

export type DependentResult =
  | { status: "not_registered" }
  | { status: "throttled" }
  | { status: "postcode_needed" }
  | { status: "self" }
  /** The reason given does not fit the person's age (under 16, or an adult who consents). */
  | { status: "wrong_reason"; message: string }
  | { status: "requested" | "already_pending" | "already_approved"; firstName: string; lastName: string };

export async function addDependent(
  context: AppContext,
  practice: Practice,
  carerUserId: number,
  input: PersonDetails & { relationship?: string | null; reason: ProxyLinkReason },
): Promise<DependentResult> {
  const attempt = await registeredPatientCheck(context);
  if (attempt.throttled) return { status: "throttled" };
  const match = await findRegisteredPatient(context.db, practice.id, input);
  if (match.status === "matched") await attempt.succeeded();
  if (match.status !== "matched") return match;
  const patient = match.patient;
  if (patient.owner?.userId === carerUserId) return { status: "self" };
  const wrong = reasonFitsAge(input.reason, input.dateOfBirth, londonToday(context.clock.now()));
  if (wrong) return { status: "wrong_reason", message: wrong };
  const result = await requestProxyLink(context, {
    carerUserId,
    patientId: patient.id,
    practiceId: practice.id,
    relationship: input.relationship?.trim() || null,
    reason: input.reason,
  });
  return { status: result.status, firstName: patient.firstName, lastName: patient.lastName };
}
