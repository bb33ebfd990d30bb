/**
 * The answer to a file download: always an attachment with the type it was stored as
 * (sniffed at upload), never rendered inline. `nosniff` and `attachment` stop a crafted
 * file from running as a page of this site; `no-store` keeps it out of shared caches.
 */
import type { EntryFile } from "~/domain/files/entry-files.server";

export function fileDownloadResponse(file: Pick<EntryFile, "contentType" | "fileName">, bytes: Uint8Array): Response {
  // A copy on a plain ArrayBuffer: what the fetch types accept as a body (at most 10MB).
  const body = new Uint8Array(bytes.byteLength);
  body.set(bytes);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

/** An ASCII name for old browsers and the exact one (RFC 5987) for the rest. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
