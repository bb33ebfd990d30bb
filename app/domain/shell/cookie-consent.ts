/**
 * Cookie consent (spec 1 §4): the cookie additional_cookies holds allow or deny for 365
 * days; optional tracking runs only when it is allow. No answer yet means the banner shows.
 */
export const CONSENT_COOKIE = "additional_cookies";
export const CONSENT_SECONDS = 365 * 24 * 60 * 60;

export type Consent = "allow" | "deny" | "unset";

export function readConsent(value: string | undefined): Consent {
  return value === "allow" || value === "deny" ? value : "unset";
}

export function trackingAllowed(consent: Consent): boolean {
  return consent === "allow";
}
