/**
 * A test client that plays the clinical-system toolbar (spec 3 §2 /sso/auth, decision 0115):
 * it holds the API key and signing key a staff member got from /sso/{code}/setup, signs a
 * short-lived single-use token for that staff member, and builds the address the toolbar
 * opens to show a patient. No app code beyond the token format (app/domain/integrations/sso-token.ts).
 */
import { randomBytes } from "node:crypto";
import { signSsoToken } from "../../app/domain/integrations/sso-token";

export type ToolbarCredential = { apiKey: string; signingKey: string };

export function toolbarToken(
  credential: ToolbarCredential,
  email: string,
  options: { now?: Date; lifetimeSeconds?: number; jti?: string } = {},
): string {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return signSsoToken({ sub: email, jti: options.jti ?? randomBytes(16).toString("base64url"), iat, exp: iat + (options.lifetimeSeconds ?? 120) }, credential.signingKey);
}

/**
 * The address the toolbar opens: /sso/auth?apiKey=…&token=…&type=patient&action=…#<NHS number>.
 * `numberInQuery` puts the NHS number in ?nhs_number= as well, for a browser without JS.
 */
export function toolbarPatientUrl(
  credential: ToolbarCredential,
  email: string,
  patient: { nhsNumber: string; action?: string; numberInQuery?: boolean },
  options: { now?: Date } = {},
): string {
  const query = new URLSearchParams({ apiKey: credential.apiKey, token: toolbarToken(credential, email, options), type: "patient" });
  if (patient.action) query.set("action", patient.action);
  if (patient.numberInQuery) query.set("nhs_number", patient.nhsNumber);
  return `/sso/auth?${query}#${patient.nhsNumber}`;
}
