/**
 * What a file really is, read from its first bytes rather than its name or the browser's
 * claim (a renamed .exe is not a PDF). Only the three types the practice accepts exist here.
 */
export const ACCEPTED_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export type AcceptedType = (typeof ACCEPTED_TYPES)[number];

/** Per file (spec: 10 MB each) and per request (5 files). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 5;

const SIGNATURES: { type: AcceptedType; bytes: number[] }[] = [
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];

export function sniffContentType(head: Uint8Array): AcceptedType | null {
  for (const { type, bytes } of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((b, i) => head[i] === b)) return type;
  }
  return null;
}

export const FILE_MESSAGES = {
  wrongType: (name: string) => `${name} must be a JPG, PNG or PDF`,
  tooLarge: (name: string) => `${name} must be smaller than 10MB`,
  tooMany: `You can add up to ${MAX_FILES_PER_REQUEST} files`,
  empty: (name: string) => `${name} is empty`,
} as const;

/** A file name safe to show and to put in a Content-Disposition header. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim().slice(0, 120);
  return cleaned || "file";
}

/** A file that passed the checks, as read from a form (app/web/files/uploads.server.ts). */
export type AcceptedUpload = { field: string; fileName: string; contentType: AcceptedType; bytes: Uint8Array };
