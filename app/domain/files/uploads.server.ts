/**
 * Reads a plain multipart form (works without JavaScript) whose file fields carry
 * attachments. A file that is too big or not a JPEG, PNG or PDF by its content does not fail
 * the whole post: it comes back as a refusal with the spec-style message, and every other
 * field of the form is kept, so nothing the patient typed is lost.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { cleanFileName, FILE_MESSAGES, MAX_FILE_BYTES, MAX_FILES_PER_REQUEST, sniffContentType, type AcceptedType } from "./file-types";

export type AcceptedUpload = { field: string; fileName: string; contentType: AcceptedType; bytes: Uint8Array };
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
 */
export async function readUploadForm(request: Request, fileFields: readonly string[]): Promise<UploadForm> {
  if (!isMultipart(request)) return { fields: await request.formData(), files: [], refused: [] };
  const files: AcceptedUpload[] = [];
  const refused: RefusedUpload[] = [];
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined || !fileFields.includes(name)) return readText(data);
    const fileName = cleanFileName(filename);
    // No request keeps more than five files, so a sixth is not held in memory at all.
    if (files.length >= MAX_FILES_PER_REQUEST && filename !== "") {
      await readUpTo(data, 0);
      refused.push({ field: name, fileName, message: FILE_MESSAGES.tooMany });
      return undefined;
    }
    const { bytes, truncated } = await readUpTo(data, MAX_FILE_BYTES);
    if (filename === "" && bytes.length === 0) return undefined;
    if (truncated) refused.push({ field: name, fileName, message: FILE_MESSAGES.tooLarge(fileName) });
    else if (bytes.length === 0) refused.push({ field: name, fileName, message: FILE_MESSAGES.empty(fileName) });
    else {
      const type = sniffContentType(bytes.subarray(0, 16));
      if (!type) refused.push({ field: name, fileName, message: FILE_MESSAGES.wrongType(fileName) });
      else files.push({ field: name, fileName, contentType: type, bytes });
    }
    return undefined;
  };
  const fields = await unstable_parseMultipartFormData(request, handler);
  return { fields, files, refused };
}

async function readText(data: AsyncIterable<Uint8Array>): Promise<string> {
  const { bytes, truncated } = await readUpTo(data, MAX_TEXT_FIELD_BYTES);
  if (truncated) throw new Response("Form field too large", { status: 413 });
  return new TextDecoder().decode(bytes);
}

/** Reads at most `limit` bytes, draining (not keeping) the rest so the parser can go on. */
async function readUpTo(data: AsyncIterable<Uint8Array>, limit: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of data) {
    if (truncated) continue;
    if (size + chunk.length > limit) {
      truncated = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  const bytes = new Uint8Array(truncated ? 0 : size);
  if (!truncated) {
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
  }
  return { bytes, truncated };
}
