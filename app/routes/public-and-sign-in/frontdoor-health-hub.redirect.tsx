import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { landingPath, patient } from "~/domain/auth/guards";
import { getShellSettings } from "~/domain/shell/settings.server";
import { requireViewer, toGuardViewer } from "~/web/auth/guards.server";

/**
 * /{product}-health-hub/redirect (spec 2 §2.1, guard patient): sends a patient or carer to the
 * health hub of the global settings (spec 1 §3 "Health hub link"). Without one configured there
 * is no hub to go to: the patient goes where signing in takes them (decision 0103).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [patient]);
  const { healthHubUrl } = await getShellSettings(context.db);
  if (healthHubUrl) return redirect(healthHubUrl);
  return redirect(landingPath(toGuardViewer(viewer, context.clock.now())));
}
