/**
 * Only same-site paths are followed after a form or sign-in, so a crafted link cannot
 * bounce a user to another site ("open redirect").
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://frontdoor.invalid");
    if (url.origin !== "http://frontdoor.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
