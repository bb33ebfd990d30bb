/**
 * Who may open My health (spec 2 §2.9, §6): a signed-in patient or carer (not a guest) when the
 * practice has patient_my_health_enabled; anyone else is sent to /permission-denied, and someone
 * not signed in to the login page with a redirect back. The people whose readings they keep
 * here are their own record and their approved dependents' at this practice: none, denied too.
 */
import { redirect } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { loggedinNotGuest, patient } from "~/domain/auth/guards";
import type { Viewer } from "~/domain/auth/viewer.server";
import { myHealthSubjects } from "~/domain/my-health/readings.server";
import type { Practice } from "~/domain/practices/practices.server";
import type { ActingPatient } from "~/domain/requests/access.server";
import { permissionDeniedPath, requireViewer } from "~/web/auth/guards.server";

export type MyHealthAccess = { viewer: Viewer; practice: Practice; subjects: ActingPatient[] };

export async function requireMyHealth(request: Request, context: AppContext, practiceCode: string | undefined): Promise<MyHealthAccess> {
  const { viewer, practice } = await requireViewer(request, context, [loggedinNotGuest, patient], { practiceCode });
  if (!practice) throw redirect(permissionDeniedPath());
  if (!practice.patientMyHealthEnabled) throw redirect(permissionDeniedPath(undefined, practice.urlCode));
  const subjects = await myHealthSubjects(context.db, viewer.userId, practice.id);
  if (subjects.length === 0) throw redirect(permissionDeniedPath(undefined, practice.urlCode));
  return { viewer, practice, subjects };
}
