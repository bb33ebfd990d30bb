/**
 * The maintenance gate the route layer runs before every loader and action: a 503 answer
 * (Retry-After) for everyone but system admins while maintenance mode is on.
 */
import { json } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { getViewer } from "~/web/auth/viewer.server";
import { maintenanceState } from "~/domain/admin/global-settings.server";
import { DEFAULT_MAINTENANCE_MESSAGE, MAINTENANCE_RETRY_AFTER_SECONDS, maintenanceBlocks } from "~/domain/admin/maintenance";

export type MaintenanceErrorData = { kind: "maintenance"; message: string; retryAfter: number };

/** The 503 to answer instead of the page, or null to go on. */
export async function maintenanceGate(request: Request, context: AppContext): Promise<Response | null> {
  const state = await maintenanceState(context.db);
  if (!state.on) return null;
  const pathname = new URL(request.url).pathname;
  if (!maintenanceBlocks({ maintenanceMode: true, pathname, isSystemAdmin: false })) return null;
  const viewer = await getViewer(request, context);
  if (viewer?.globalRoles.has("admin")) return null;
  return json({ kind: "maintenance", message: state.message ?? DEFAULT_MAINTENANCE_MESSAGE, retryAfter: MAINTENANCE_RETRY_AFTER_SECONDS } satisfies MaintenanceErrorData, {
    status: 503,
    headers: { "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}
