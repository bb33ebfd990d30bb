/**
 * The answer to a file download: an attachment with the type it was stored as (sniffed at
 * upload), rendered inline only inside the NHS App (below). `nosniff` and `attachment` stop a crafted
 * file from running as a page of this site; `no-store` keeps it out of shared caches.
 */
import type { EntryFile } from "~/domain/files/entry-files.server";

/**
 * `inline`: inside the NHS App, whose webview has nowhere to put a download, a picture or PDF
 * opens in place (decision 0084); still nosniff, and only the types uploads are sniffed to.
 */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "application/pdf"]);

export function fileDownloadResponse(file: Pick<EntryFile, "contentType" | "fileName">, bytes: Uint8Array, options: { inline?: boolean } = {}): Response {
  const inline = options.inline === true && INLINE_TYPES.has(file.contentType);
  // A copy on a plain ArrayBuffer: what the fetch types accept as a body (at most 10MB).
  const body = new Uint8Array(bytes.byteLength);
  body.set(bytes);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDisposition(file.fileName, inline ? "inline" : "attachment"),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

/** An ASCII name for old browsers and the exact one (RFC 5987) for the rest. */
export function contentDisposition(fileName: string, kind: "attachment" | "inline" = "attachment"): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
