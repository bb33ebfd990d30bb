/**
 * Patient transfer (spec 2 §2.1 /{code}/patient-transfer, decision 0104): a patient moving to
 * another GP practice asks this practice to send on the requests they sent through the product.
 * The ask reaches the practice as an administrative request (the practice decides and sends,
 * as with any request about the record), so these are its form and its words.
 */
import * as z from "zod";

export const TRANSFER_MESSAGES = {
  newPractice: "Enter the name of your new GP practice",
  newPracticeTooLong: "Name of your new GP practice must be 200 characters or fewer",
  newPracticeTownTooLong: "Town or city of your new GP practice must be 100 characters or fewer",
  which: "Choose which requests you want sent",
  consent: "Confirm that the practice may send your requests to your new practice",
  nothingToSend: "You have not sent any requests to this practice, so there is nothing to send on",
} as const;

export const WHICH_REQUESTS = [
  { value: "all", label: "All my requests and their messages" },
  { value: "open", label: "Only requests that have not been answered yet" },
] as const;

export const PatientTransferSchema = z.object({
  newPractice: z
    .string({ error: TRANSFER_MESSAGES.newPractice })
    .trim()
    .min(1, TRANSFER_MESSAGES.newPractice)
    .max(200, TRANSFER_MESSAGES.newPracticeTooLong),
  newPracticeTown: z
    .string()
    .trim()
    .max(100, TRANSFER_MESSAGES.newPracticeTownTooLong)
    .optional()
    .transform((value) => value || null),
  which: z.enum(["all", "open"], { error: TRANSFER_MESSAGES.which }),
  consent: z.literal("yes", { error: TRANSFER_MESSAGES.consent }),
});

export type PatientTransferInput = z.output<typeof PatientTransferSchema>;

/** The first message of the request the practice receives. */
export function transferMessage(input: PatientTransferInput, counts: { all: number; open: number }): string {
  const where = input.newPracticeTown ? `${input.newPractice}, ${input.newPracticeTown}` : input.newPractice;
  const which =
    input.which === "all"
      ? `all my requests and their messages (${counts.all} ${counts.all === 1 ? "request" : "requests"})`
      : `only my requests that have not been answered yet (${counts.open} ${counts.open === 1 ? "request" : "requests"})`;
  return [
    "I am moving to another GP practice.",
    `New practice: ${where}.`,
    `Please send ${which} to my new practice.`,
    "I agree to you sharing them with my new practice.",
  ].join("\n");
}

/** There must be something to send: no requests at all (or none open when asking for open ones). */
export function hasRequestsToSend(which: PatientTransferInput["which"], counts: { all: number; open: number }): boolean {
  return (which === "all" ? counts.all : counts.open) > 0;
}
