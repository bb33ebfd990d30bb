/**
 * Reads a plain multipart form (works without JavaScript) whose file fields carry
 * attachments. A file that is too big or not a JPEG, PNG or PDF by its content does not fail
 * the whole post: it comes back as a refusal with the spec-style message, and every other
 * field of the form is kept, so nothing the patient typed is lost.
 */
import { cleanFileName, FILE_MESSAGES, MAX_FILE_BYTES, MAX_FILES_PER_REQUEST, sniffContentType, type AcceptedUpload } from "~/domain/files/file-types";

export type { AcceptedUpload };
export type RefusedUpload = { field: string; fileName: string; message: string };

export type UploadForm = { fields: FormData; files: AcceptedUpload[]; refused: RefusedUpload[] };

/** Text fields are small; anything longer than this in a text part is refused outright. */
const MAX_TEXT_FIELD_BYTES = 64 * 1024;

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");
}

/**
 * The form of a request, multipart or not. `fileFields` names the inputs that carry files;
 * an empty file input (nothing chosen) is ignored.
 *
 * Parsed with the platform's FormData (undici), the parser the route layer already used on
 * the same body: Remix's multipart parser refuses a file named `scan; page 1.pdf` (any `;` or
 * `=` in a name) with a 500, and a browser sends such names. The body was already held to its
 * size limit before it got here (app/server/request-body.server.ts).
 */
export async function readUploadForm(
  request: Request,
  fileFields: readonly string[],
  // A smaller limit than a request's (bulk-message attachments: Notify's 2 MB), with its message.
  limit: { maxBytes: number; tooLarge: (name: string) => string } = { maxBytes: MAX_FILE_BYTES, tooLarge: FILE_MESSAGES.tooLarge },
): Promise<UploadForm> {
  const form = await request.formData();
  if (!isMultipart(request)) return { fields: form, files: [], refused: [] };
  const fields = new FormData();
  const files: AcceptedUpload[] = [];
  const refused: RefusedUpload[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" || !fileFields.includes(name)) {
      const text = typeof value === "string" ? value : await value.text();
      if (new TextEncoder().encode(text).length > MAX_TEXT_FIELD_BYTES) throw new Response("Form field too large", { status: 413 });
      fields.append(name, text);
      continue;
    }
    // Nothing chosen in a file input: an empty part without a name.
    if (value.name === "" && value.size === 0) continue;
    const fileName = cleanFileName(value.name);
    if (files.length >= MAX_FILES_PER_REQUEST) refused.push({ field: name, fileName, message: FILE_MESSAGES.tooMany });
    else if (value.size > limit.maxBytes) refused.push({ field: name, fileName, message: limit.tooLarge(fileName) });
    else if (value.size === 0) refused.push({ field: name, fileName, message: FILE_MESSAGES.empty(fileName) });
    else {
      const bytes = new Uint8Array(await value.arrayBuffer());
      const type = sniffContentType(bytes.subarray(0, 16));
      if (!type) refused.push({ field: name, fileName, message: FILE_MESSAGES.wrongType(fileName) });
      else files.push({ field: name, fileName, contentType: type, bytes });
    }
  }
  return { fields, files, refused };
}
