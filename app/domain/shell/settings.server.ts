/** Global settings the shell reads on every page: licence links and the health hub. */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { globalSettings } from "~/db/schema";
import type { NavLink } from "./navigation";

export type ShellSettings = {
  healthHubUrl: string | null;
  patientLicenceUrl: string | null;
  staffLicenceUrl: string | null;
  researchProjectsUrl: string | null;
};

/** No settings row (or no database to read it from): no optional links. */
export const DEFAULT_SHELL_SETTINGS: ShellSettings = { healthHubUrl: null, patientLicenceUrl: null, staffLicenceUrl: null, researchProjectsUrl: null };

export async function getShellSettings(db: Db): Promise<ShellSettings> {
  const [row] = await db
    .select({
      healthHubUrl: globalSettings.healthHubUrl,
      patientLicenceUrl: globalSettings.patientLicenceUrl,
      staffLicenceUrl: globalSettings.staffLicenceUrl,
      researchProjectsUrl: globalSettings.researchProjectsUrl,
    })
    .from(globalSettings)
    .where(eq(globalSettings.id, 1));
  return row ?? DEFAULT_SHELL_SETTINGS;
}

/** Footer links (spec 1 §2.1): privacy always; the end-user licence for signed-in patients. */
export function footerLinks(settings: ShellSettings, viewer: { signedInPatient: boolean; staff?: boolean }): NavLink[] {
  const links: NavLink[] = [
    { label: "Privacy", href: "/data-privacy" },
    { label: "Cookies", href: "/cookies" },
  ];
  if (viewer.signedInPatient && settings.patientLicenceUrl) {
    links.push({ label: "End-user licence", href: settings.patientLicenceUrl });
  }
  if (viewer.staff && settings.staffLicenceUrl) links.push({ label: "Staff licence", href: settings.staffLicenceUrl });
  if (settings.researchProjectsUrl) links.push({ label: "Research projects", href: settings.researchProjectsUrl });
  return links;
}
