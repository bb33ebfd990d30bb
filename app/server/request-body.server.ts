/**
 * Request bodies, before Remix sees them:
 * - every body is counted as it streams, chunked or not, and one past its limit stops there:
 *   a 413 page, and nothing past the limit is read or kept (a declared Content-Length past it is
 *   refused before a byte is read);
 * - a form post (urlencoded) may carry at most FORM_BODY_BYTES; only multipart, which carries
 *   the attachments, may be larger;
 * - a multipart body is read no further than its first part until that part has proven the post:
 *   the CSRF token (PostForm renders it first) must be valid and the visitor must hold a live
 *   session or magic-link grant. So no stranger can make the server read or hold megabytes.
 */
import { Readable } from "node:stream";
import type { Request as ExpressRequest } from "express";
import { CSRF_FIELD, isValidCsrfToken } from "~/domain/security/csrf.server";

/** Five 10 MB attachments plus the form around them. */
export const MAX_MULTIPART_BYTES = 55 * 1024 * 1024;
/** Any other body: a form of text fields. The longest free-text answers are a few kilobytes. */
export const FORM_BODY_BYTES = 1024 * 1024;
/** How far into a multipart body its first part must have ended. */
const HEAD_BYTES = 64 * 1024;

export class BodyRefused extends Error {
  constructor(readonly status: 403 | 413) {
    super(status === 413 ? "body too large" : "body not verified");
  }
}

export function isMultipart(contentType: string | undefined): boolean {
  return /^multipart\/form-data/i.test(contentType ?? "");
}

export function bodyLimitFor(contentType: string | undefined): number {
  return isMultipart(contentType) ? MAX_MULTIPART_BYTES : FORM_BODY_BYTES;
}

/** The first part of a multipart body, if `head` holds all of it: its field name and value. */
export function firstMultipartField(head: Buffer, contentType: string): { name: string; value: string } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const b = boundary?.[1] ?? boundary?.[2];
  if (!b) return null;
  const text = head.toString("latin1");
  const start = text.indexOf(`--${b}\r\n`);
  if (start !== 0) return null;
  const headersEnd = text.indexOf("\r\n\r\n", start);
  if (headersEnd < 0) return null;
  const end = text.indexOf(`\r\n--${b}`, headersEnd + 4);
  if (end < 0) return null;
  const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(text.slice(start, headersEnd))?.[1];
  if (name === undefined) return null;
  return { name, value: Buffer.from(text.slice(headersEnd + 4, end), "latin1").toString("utf8") };
}

export type BodyChecks = {
  serverSecret: string;
  csrfSecret: string;
  /** Whether the visitor holds a live session or magic-link grant (cookies only, read from the database). */
  isSignedIn(req: ExpressRequest): Promise<boolean>;
};

/**
 * The request's body as a stream that stops at its limit, with the multipart check done first.
 * `refused` is set (and the stream errors) when the body must not be read on.
 */
export async function guardedBody(req: ExpressRequest, checks: BodyChecks): Promise<{ body: Readable; refused: () => BodyRefused | null }> {
  const contentType = req.headers["content-type"];
  const limit = bodyLimitFor(contentType);
  let refusal: BodyRefused | null = null;
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) refusal = new BodyRefused(413);

  const iterator = (req as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let total = 0;
  const take = async (): Promise<Buffer | null> => {
    const next = await iterator.next();
    if (next.done) return null;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    total += chunk.length;
    if (total > limit) throw (refusal = new BodyRefused(413));
    return chunk;
  };

  const head: Buffer[] = [];
  if (!refusal && isMultipart(contentType) && req.method !== "GET" && req.method !== "HEAD") {
    try {
      let field: { name: string; value: string } | null = null;
      while (!field && total < HEAD_BYTES) {
        const chunk = await take();
        if (!chunk) break;
        head.push(chunk);
        field = firstMultipartField(Buffer.concat(head), contentType ?? "");
      }
      const proven =
        field !== null &&
        field.name === CSRF_FIELD &&
        isValidCsrfToken(checks.serverSecret, checks.csrfSecret, field.value) &&
        (await checks.isSignedIn(req));
      if (!proven) refusal = new BodyRefused(403);
    } catch (error) {
      if (!(error instanceof BodyRefused)) throw error;
    }
  }
  if (refusal) {
    // Stop reading: whatever is left is never buffered.
    req.unpipe?.();
    req.resume();
  }

  async function* stream() {
    if (refusal) throw refusal;
    for (const chunk of head) yield chunk;
    for (;;) {
      const chunk = await take();
      if (!chunk) return;
      yield chunk;
    }
  }
  return { body: Readable.from(stream(), { objectMode: false }), refused: () => refusal };
}
