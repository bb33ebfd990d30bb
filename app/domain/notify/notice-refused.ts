/**
 * A notice GOV.UK Notify refused for good (an address it will never take, decision 0153): the
 * change it was about is saved, but the person was not told of it. Staff who made the change
 * are told, in the confirmation, so they can contact the person another way.
 */

/** The channels whose notice was refused. */
export type NoticeRefused = Array<"email" | "sms">;

const WAYS = { email: "email", sms: "text" } as const;
const ADDRESSES = { email: "email address", sms: "mobile number" } as const;

/**
 * What the confirmation adds (with a leading space), or "" when nothing was refused. `who` is
 * the person as the sentence names them: "the patient", "the carer".
 */
export function noticeRefusedMessage(refused: NoticeRefused, who = "the patient"): string {
  if (refused.length === 0) return "";
  return ` We could not ${refused.map((c) => WAYS[c]).join(" or ")} ${who}: GOV.UK Notify refused their ${refused.map((c) => ADDRESSES[c]).join(" and ")}. Contact them another way.`;
}
