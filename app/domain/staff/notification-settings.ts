/**
 * Notification settings (spec 3 §2 "Notification settings page", §3 "Notification setting:
 * inbox_name, enabled. Inbox groups: section, inboxes[] with name"): which inboxes a staff
 * member is notified about. One set per person, for every practice of theirs that has
 * notifications on. The inboxes are those of app/domain/inbox/inboxes.ts: the personal inbox,
 * the practice's shared ones, and one per issue type (decision 0075).
 */
import * as z from "zod";

export const MY_INBOX = "My Inbox";
export const UNASSIGNED = "Unassigned";
export const AWAITING_RESPONSE = "Awaiting Response";

export type InboxSection = { section: string; heading: string; inboxes: { name: string }[] };

export const NOTIFICATION_MESSAGES = {
  heading: "Notification settings",
  info: "Notifications apply to inboxes across all your practices with notifications enabled.",
  empty: (section: string) => `You currently do not have any ${section} inboxes set up at your practice (or practices).`,
  confirmTitle: "Turn off notifications for 'My Inbox'",
  confirmText: "You will not be notified of messages or tasks assigned to your personal inbox.",
  confirmQuestion: "Are you sure?",
  updated: "Notification settings updated.",
  failed: "Failed to update notification settings. Please try again later.",
} as const;

/** The sections in the order the page shows them; the issue-type section lists the active types. */
export function inboxSections(issueTypeNames: readonly string[]): InboxSection[] {
  return [
    { section: "personal", heading: "Personal inboxes", inboxes: [{ name: MY_INBOX }] },
    { section: "shared", heading: "Shared inboxes", inboxes: [{ name: UNASSIGNED }, { name: AWAITING_RESPONSE }] },
    { section: "issue type", heading: "Issue type inboxes", inboxes: issueTypeNames.map((name) => ({ name })) },
  ];
}

/** Without a saved choice: the inboxes the bubble has always counted (My Inbox and Unassigned). */
export const DEFAULT_ENABLED: ReadonlySet<string> = new Set([MY_INBOX, UNASSIGNED]);

/** Each inbox's setting: the saved one, or the default. */
export function effectiveSettings(names: readonly string[], saved: ReadonlyMap<string, boolean>): Map<string, boolean> {
  return new Map(names.map((name) => [name, saved.get(name) ?? DEFAULT_ENABLED.has(name)]));
}

/**
 * The new settings from the ticked boxes: every known inbox, ticked or not. Names the page
 * did not offer are ignored (a forged or stale post cannot invent inboxes).
 */
export function settingsFromForm(names: readonly string[], ticked: readonly string[]): Map<string, boolean> {
  const on = new Set(ticked);
  return new Map(names.map((name) => [name, on.has(name)]));
}

/** Turning 'My Inbox' off needs the user's confirmation (a page of its own, a dialog with JS). */
export function needsMyInboxConfirmation(before: ReadonlyMap<string, boolean>, after: ReadonlyMap<string, boolean>): boolean {
  return before.get(MY_INBOX) === true && after.get(MY_INBOX) === false;
}

/** What changed, for the audit row: "Unassigned: on → off; Admin: off → on" (inbox names only). */
export function describeChanges(before: ReadonlyMap<string, boolean>, after: ReadonlyMap<string, boolean>): string {
  const word = (on: boolean | undefined) => (on ? "on" : "off");
  return [...after]
    .filter(([name, on]) => before.get(name) !== on)
    .map(([name, on]) => `${name}: ${word(before.get(name))} → ${word(on)}`)
    .join("; ");
}

/** The form: the ticked inboxes, and the confirmation of turning 'My Inbox' off. */
export const NotificationSettingsSchema = z.object({
  inbox: z.array(z.string().max(300)).max(200).default([]),
  confirmed: z.enum(["yes"]).optional(),
});

/** Where the confirm step (a page of its own without JS) is, with the choices carried along. */
export function confirmPath(code: string, userId: number, ticked: readonly string[]): string {
  const query = new URLSearchParams(ticked.map((name) => ["inbox", name]));
  return `/${code}/notification-settings/${userId}/confirm${ticked.length ? `?${query}` : ""}`;
}
