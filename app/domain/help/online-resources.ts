/**
 * The practice's features as the online resources page lists them (spec 3 §2
 * /practices/online-resources): each one's state at this practice and what it gives patients.
 */
export type PracticeFeatureFlags = {
  appointmentsEnabled: boolean;
  prescriptionsEnabled: boolean;
  linkageEnabled: boolean;
  allowVideo: boolean;
  notificationSetting: boolean;
  mfaEnabled: boolean;
  bulkMessagingEnabled: boolean;
  translationPatient: boolean;
};

export type ResourceFeature = { label: string; on: boolean; help: string };

export function onlineResourceFeatures(p: PracticeFeatureFlags): ResourceFeature[] {
  return [
    { label: "Online services linkage", on: p.linkageEnabled, help: "Patients link their account to the practice's clinical system with the letter you give them, to book and request prescriptions online." },
    { label: "Appointments", on: p.appointmentsEnabled, help: "Patients book and cancel the appointment slots you release for online booking." },
    { label: "Repeat prescriptions", on: p.prescriptionsEnabled, help: "Patients order their repeat medication; requests go to the clinical system for your usual checks." },
    { label: "Video consultations", on: p.allowVideo, help: "Clinicians invite a patient to a video call from a request, by text or e-mail." },
    { label: "Inbox notifications", on: p.notificationSetting, help: "Staff choose the inboxes they are told about when a new request arrives." },
    { label: "Multi-factor authentication", on: p.mfaEnabled, help: "Staff and patients confirm sign-in with a code sent to their phone." },
    { label: "Bulk messaging", on: p.bulkMessagingEnabled, help: "Send one message to a list of patients, for example to invite them to a flu clinic." },
    { label: "Translation for patients", on: p.translationPatient, help: "Patients fill in requests in their own language; staff read them in English." },
  ];
}

export const COUNTRY_NAMES = {
  england: "England",
  wales: "Wales",
  scotland: "Scotland",
  northern_ireland: "Northern Ireland",
} as const;
