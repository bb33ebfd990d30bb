/** Global settings (single row id = 1): read for the admin form and maintenance mode, and changed, audited. */
import { eq } from "drizzle-orm";
import type { Clock } from "~/domain/clock";
import type { Db } from "~/db/client.server";
import { globalSettings } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { cachedForShell, invalidateShellCache } from "~/domain/shell/shell-cache.server";
import { settingsChanges, type GlobalSettingsInput } from "./global-settings";

export type EditableSettings = GlobalSettingsInput;

const EDITABLE = {
  videoEnabled: globalSettings.videoEnabled,
  maintenanceMode: globalSettings.maintenanceMode,
  maintenanceMessage: globalSettings.maintenanceMessage,
  maximumPatientAge: globalSettings.maximumPatientAge,
  allowedTimeStart: globalSettings.allowedTimeStart,
  allowedTimeEnd: globalSettings.allowedTimeEnd,
  healthHubUrl: globalSettings.healthHubUrl,
  patientLicenceUrl: globalSettings.patientLicenceUrl,
  staffLicenceUrl: globalSettings.staffLicenceUrl,
  researchProjectsUrl: globalSettings.researchProjectsUrl,
};

const DEFAULTS: EditableSettings = {
  videoEnabled: true,
  maintenanceMode: false,
  maintenanceMessage: null,
  maximumPatientAge: 111,
  allowedTimeStart: null,
  allowedTimeEnd: null,
  healthHubUrl: null,
  patientLicenceUrl: null,
  staffLicenceUrl: null,
  researchProjectsUrl: null,
};

export async function getEditableSettings(db: Db): Promise<EditableSettings> {
  const [row] = await db.select(EDITABLE).from(globalSettings).where(eq(globalSettings.id, 1));
  if (!row) return DEFAULTS;
  return { ...row, allowedTimeStart: row.allowedTimeStart?.slice(0, 5) ?? null, allowedTimeEnd: row.allowedTimeEnd?.slice(0, 5) ?? null };
}

/** Saves the settings and audits what changed (before → after); the shell sees it at once. */
export async function updateGlobalSettings(db: Db, clock: Clock, actorUserId: number, input: EditableSettings) {
  const changes = await db.transaction(async (tx) => {
    const [current] = await tx.select(EDITABLE).from(globalSettings).where(eq(globalSettings.id, 1)).for("update");
    const before = current
      ? { ...current, allowedTimeStart: current.allowedTimeStart?.slice(0, 5) ?? null, allowedTimeEnd: current.allowedTimeEnd?.slice(0, 5) ?? null }
      : DEFAULTS;
    const diff = settingsChanges(before, input);
    if (Object.keys(diff).length === 0) return diff;
    await tx
      .insert(globalSettings)
      .values({ id: 1, ...input, updatedAt: clock.now() })
      .onConflictDoUpdate({ target: globalSettings.id, set: { ...input, updatedAt: clock.now() } });
    await audit(tx, { actorUserId, action: "global_settings.updated", subjectType: "global_settings", subjectId: 1, detail: diff, at: clock.now() });
    return diff;
  });
  invalidateShellCache(db);
  return changes;
}

export type MaintenanceState = { on: boolean; message: string | null };

/** What every request reads (cached a few seconds, invalidated on change in this process). */
export function maintenanceState(db: Db): Promise<MaintenanceState> {
  return cachedForShell(db, "maintenance", async () => {
    const [row] = await db
      .select({ on: globalSettings.maintenanceMode, message: globalSettings.maintenanceMessage })
      .from(globalSettings)
      .where(eq(globalSettings.id, 1));
    return row ?? { on: false, message: null };
  });
}
