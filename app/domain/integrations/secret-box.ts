/**
 * Sealing a secret the server must read back (the toolbar's signing key, decision 0115):
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret and a purpose.
 * A sealed value is `v1.<iv>.<tag>.<ciphertext>` in base64url. Pure: node:crypto only.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

function keyFor(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "frontdoor-secret-box", purpose, 32));
}

export function sealSecret(serverSecret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(serverSecret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The plain text, or null when the value was not sealed by this secret for this purpose. */
export function openSecret(serverSecret: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(serverSecret, purpose), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
