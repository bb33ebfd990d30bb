/**
 * The MFA forms' schemas, shared by the server (the authority) and the browser (live
 * validation). One route action serves several buttons; `intent` says which.
 */
import * as z from "zod";
import { mfaCodeField, mobileField } from "~/validation/rules";

export const SETTINGS_PATH = "/mfa/settings";
export const DISABLE_PATH = "/mfa/settings/disable";

/** The settings page's actions, posted as `intent`. */
export const SETTINGS_INTENTS = ["choose", "enable", "resend", "another"] as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

export function settingsIntent(value: unknown): SettingsIntent | null {
  return typeof value === "string" && (SETTINGS_INTENTS as readonly string[]).includes(value) ? (value as SettingsIntent) : null;
}

/** The sign-in verification page's actions. */
export type VerificationIntent = "verify" | "resend";
export const verificationIntent = (value: unknown): VerificationIntent => (value === "resend" ? "resend" : "verify");

/**
 * The type choice. The mobile number is only read (and only validated) when SMS is
 * chosen: without JS the field shows whatever the choice, so it may hold leftovers.
 */
export const ChooseMfaTypeSchema = z.discriminatedUnion(
  "mfaType",
  [
    z.object({ mfaType: z.literal("authenticator") }),
    z.object({ mfaType: z.literal("sms"), smsMobileNumber: mobileField() }),
  ],
  { error: "Select how you want to get your security codes." },
);

export const MfaCodeSchema = z.object({ code: mfaCodeField });
