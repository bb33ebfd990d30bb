/**
 * The carer's page for one person they care for (spec 2 §2.3, /{code}/dependents/{id}): what it
 * offers in each state of the link, and the remove form's schema.
 */
import * as z from "zod";
import type { ProxyLinkStatus } from "./proxy-links";

export const REMOVE_DEPENDENT_MESSAGES = {
  confirm: "Select yes to confirm that you no longer act for them",
} as const;

/** Removing asks for a ticked confirmation: the carer loses sight of the person's requests at once. */
export const RemoveDependentSchema = z.object({
  intent: z.literal("remove"),
  confirm: z.literal("yes", { error: REMOVE_DEPENDENT_MESSAGES.confirm }),
});

/** What the carer can do for someone in each state: make a request and see requests only once approved. */
export function dependentOffers(status: ProxyLinkStatus): { makeRequest: boolean; seeRequests: boolean; remove: boolean } {
  const approved = status === "approved";
  return { makeRequest: approved, seeRequests: approved, remove: status !== "removed" };
}
