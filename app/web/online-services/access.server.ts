/**
 * Who may use online services, and as which patient: signed in, not a guest (in loaders
 * AND actions), with a patient record at the practice named in the URL (or their own
 * practice for /appointments and /prescriptions), where that practice has the feature on.
 */
import { redirect } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { patients } from "~/db/schema";
import { loggedinNotGuest } from "~/domain/auth/guards";
import { permissionDeniedPath, requireViewer } from "~/web/auth/guards.server";
import { flavourOf } from "~/domain/gp-system/flavour";
import { notFound } from "~/web/responses.server";
import { findPracticeByCode, type Practice } from "~/domain/practices/practices.server";
import type { OnlineServicesAccess, OnlineServicesFeature } from "~/domain/online-services/access";

export type { OnlineServicesAccess, OnlineServicesFeature } from "~/domain/online-services/access";


const FLAG: Record<OnlineServicesFeature, "linkageEnabled" | "appointmentsEnabled" | "prescriptionsEnabled"> = {
  linkage: "linkageEnabled",
  appointments: "appointmentsEnabled",
  prescriptions: "prescriptionsEnabled",
};

export async function requireOnlineServices(
  request: Request,
  context: AppContext,
  options: { feature: OnlineServicesFeature; practiceCode?: string },
): Promise<OnlineServicesAccess> {
  const { viewer, practice: named } = await requireViewer(request, context, [loggedinNotGuest], { practiceCode: options.practiceCode });
  let practice: Practice | null = named;
  let patientId: number | null = null;
  if (practice) {
    const [row] = await context.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.userId, viewer.userId), eq(patients.practiceId, practice.id)))
      .limit(1);
    // Not registered at the practice in the URL: as if the page did not exist.
    if (!row) throw notFound();
    patientId = row.id;
  } else if (viewer.patient) {
    patientId = viewer.patient.id;
    practice = await findPracticeByCode(context.db, viewer.patient.urlCode);
  }
  // Online services act on the user's own GP record: accounts without one (staff, a carer
  // with no record of their own) are refused.
  if (patientId === null || !practice) throw redirect(permissionDeniedPath(undefined, options.practiceCode));
  if (!practice[FLAG[options.feature]]) throw notFound();
  return { viewer, patient: { patientId, practiceId: practice.id }, practice, flavour: flavourOf(practice) };
}
