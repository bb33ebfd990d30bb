/** User-facing texts of online services (spec 2 §2.5–2.7, §4, §5, §8), exact where the spec words them. */
export const ONLINE_SERVICES = {
  linked: "Online services linked.",
  unlinked: "Online services unlinked.",
  notLinkedTitle: "Account not linked to Online Services",
  linkResetTitle: "Account Linkage Reset",
  appointmentCancelled: "Your appointment has now been cancelled.",
  prescriptionCancelled: "Your prescription request has been cancelled.",
  changeAppointment: "To change this appointment, please cancel and rebook.",
  startAgainWarning: "All the information you've entered will be lost",
  slotGone: "Sorry, this appointment is no longer available. Please choose another.",
  selectAtLeastOne: "You must select at least one medication",
  failures: {
    slots:
      "Booking appointments is not currently available - please try again later. If the problem persists please contact your practice.",
    courses: "Prescription requests are not currently available - please try again later.",
    appointmentDetails: "Appointments are not currently available - please try again later.",
    prescriptionDetails:
      "Prescription orders are not currently available - please try again later. If the problem persists please contact your practice.",
    link: "Server error, please try again later. If problem persists please contact your practice.",
    unlink: "Server error. Please try again later.",
    /** Any answer without an errors list (spec 2 §8). */
    server: "Server error. Please try again later",
  },
} as const;
