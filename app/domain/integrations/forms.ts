/**
 * The integration pages' form schemas (zod), parsed by the routes and by Conform in the browser.
 */
import * as z from "zod";
import { SSO_MESSAGES } from "./sso-token";

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v) => (v && v.trim() !== "" ? v.trim() : null));

/** POST /sso/auth: what the toolbar put in the address, carried by the page's form. */
export const SsoSignOnSchema = z.object({
  apiKey: z.string({ error: SSO_MESSAGES.problem }).min(1, SSO_MESSAGES.problem).max(200, SSO_MESSAGES.problem),
  token: z.string({ error: SSO_MESSAGES.problem }).min(1, SSO_MESSAGES.problem).max(4096, SSO_MESSAGES.problem),
  type: optionalText(40),
  action: optionalText(200),
  nhs_number: optionalText(20),
  /** "1" when the page's script read the NHS number from the address's hash. */
  from_hash: optionalText(1),
});

export const SSO_SETUP_INTENTS = ["setup", "reset"] as const;
export const SsoSetupSchema = z.object({ intent: z.enum(SSO_SETUP_INTENTS, { error: SSO_MESSAGES.setup }) });

export const TAB_SETTING_MESSAGE = "Choose how the toolbar opens messages";
export const TabSettingSchema = z.object({
  intent: z.literal("tabs"),
  enabled: z.enum(["true", "false"], { error: TAB_SETTING_MESSAGE }),
});

export const ToolbarPatientSchema = z.object({
  nhs_number: z.string({ error: "Enter an NHS number" }).max(20, "Enter a valid 10-digit NHS number, like 943 476 5919."),
});
