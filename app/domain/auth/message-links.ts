/**
 * /msg/{type}/auth/{token} (spec 2 §2.2, decision 0108): the address of the link in a practice's
 * SMS or e-mail. It is the magic link of /security/{token} (same token, same date-of-birth check,
 * same grant) with what the link points to named in the address, so the page can refuse a link
 * used for something it was not sent for. `message` is a message in one request's conversation;
 * other types are not sent by this product and are page-not-found.
 */
import type { MagicLinkScope } from "./magic-links.server";

export const MESSAGE_LINK_TYPES = ["message"] as const;
export type MessageLinkType = (typeof MESSAGE_LINK_TYPES)[number];

export function isMessageLinkType(type: string): type is MessageLinkType {
  return (MESSAGE_LINK_TYPES as readonly string[]).includes(type);
}

/** Whether a live link was sent for this type: a message link names its request. */
export function linkFitsType(type: MessageLinkType, scope: MagicLinkScope): boolean {
  switch (type) {
    case "message":
      return scope.patientEntryId !== undefined;
  }
}

export function messageLinkPath(type: MessageLinkType, token: string): string {
  return `/msg/${type}/auth/${encodeURIComponent(token)}`;
}
