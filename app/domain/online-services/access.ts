/** Who uses online services, and as which patient (the guard: app/web/online-services/access.server.ts). */
import type { Viewer } from "~/domain/auth/viewer.server";
import type { Flavour } from "~/domain/gp-system/flavour";
import type { GpPatient } from "~/domain/gp-system/gp-system";
import type { Practice } from "~/domain/practices/practices.server";

export type OnlineServicesFeature = "linkage" | "appointments" | "prescriptions";

export type OnlineServicesAccess = {
  viewer: Viewer;
  patient: GpPatient;
  practice: Practice;
  flavour: Flavour;
};
