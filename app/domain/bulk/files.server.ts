/**
 * Attachments of a bulk message (spec 3 §3 "bulk message files"; decision 0128). Staff attach
 * files to a draft: the form is read and checked by the upload code patient attachments use
 * (type by content, app/web/files/uploads.server.ts), with Notify's 2 MB limit for files sent by
 * link. Each patient gets their own link per file, /{code}/bm/{id}/files/{token}: the token is an
 * HMAC of the file and the patient (256 bits; every channel carries the same link, and a retried
 * send makes the same one), only its hash is stored, and it expires BULK_FILE_DAYS after the send.
 * The link needs no sign-in (the token is the key); every opening is an audit row.
 */
import { createHash, createHmac } from "node:crypto";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { auditEvents, bulkMessageFileLinks, bulkMessageFiles, bulkMessages, practices } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import { FILE_MESSAGES, MAX_FILES_PER_REQUEST, type AcceptedUpload } from "~/domain/files/file-types";

/** GOV.UK Notify's limit for a file sent by link. */
export const MAX_BULK_FILE_BYTES = 2 * 1024 * 1024;
export const MAX_BULK_FILES = MAX_FILES_PER_REQUEST;
/** How long a patient's link works after the message is sent (Notify keeps its own file links 26 weeks at most). */
export const BULK_FILE_DAYS = 28;
/** A file id as the database makes them: anything else is not a file, and would be a database error as a uuid. */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const BULK_FILE_MESSAGES = {
  tooLarge: (name: string) => `${name} must be smaller than 2MB`,
  tooMany: FILE_MESSAGES.tooMany,
  none: "Select a file to attach",
} as const;

export type BulkFile = typeof bulkMessageFiles.$inferSelect;

export async function listBulkFiles(db: Db, bulkMessageId: number): Promise<BulkFile[]> {
  return db.select().from(bulkMessageFiles).where(eq(bulkMessageFiles.bulkMessageId, bulkMessageId)).orderBy(asc(bulkMessageFiles.createdAt), asc(bulkMessageFiles.fileName));
}

/**
 * Stores the uploads that fit (size and count) on a draft of this practice; says which did not.
 * A message already queued does not change: nothing is stored.
 */
export async function attachBulkFiles(
  context: Pick<AppContext, "db" | "files" | "clock">,
  input: { practiceId: number; bulkMessageId: number; uploads: AcceptedUpload[]; sensitive: boolean; userId: number },
): Promise<{ stored: BulkFile[]; refused: { fileName: string; message: string }[] } | null> {
  const [draft] = await context.db
    .select({ id: bulkMessages.id })
    .from(bulkMessages)
    .where(and(eq(bulkMessages.id, input.bulkMessageId), eq(bulkMessages.practiceId, input.practiceId), eq(bulkMessages.state, "draft")));
  if (!draft) return null;
  const [{ n }] = await context.db.select({ n: count() }).from(bulkMessageFiles).where(eq(bulkMessageFiles.bulkMessageId, input.bulkMessageId));
  let room = Math.max(0, MAX_BULK_FILES - n);
  const stored: BulkFile[] = [];
  const refused: { fileName: string; message: string }[] = [];
  const now = context.clock.now();
  for (const upload of input.uploads) {
    if (upload.bytes.length > MAX_BULK_FILE_BYTES) refused.push({ fileName: upload.fileName, message: BULK_FILE_MESSAGES.tooLarge(upload.fileName) });
    else if (room <= 0) refused.push({ fileName: upload.fileName, message: BULK_FILE_MESSAGES.tooMany });
    else {
      const fileKey = await context.files.put(upload.bytes, upload.contentType);
      const [row] = await context.db
        .insert(bulkMessageFiles)
        .values({
          bulkMessageId: input.bulkMessageId,
          fileKey,
          fileName: upload.fileName,
          contentType: upload.contentType,
          sizeBytes: upload.bytes.length,
          sensitive: input.sensitive,
          uploadedByUserId: input.userId,
          createdAt: now,
        })
        .returning();
      stored.push(row!);
      room--;
    }
  }
  if (stored.length) {
    await audit(context.db, {
      actorUserId: input.userId,
      practiceId: input.practiceId,
      action: "bulk_message.attach",
      subjectType: "bulk_message",
      subjectId: input.bulkMessageId,
      detail: { files: stored.length },
      at: now,
    });
  }
  return { stored, refused };
}

/** Removes an attachment from a draft (the bytes stay until retention clears them). */
/**
 * A file of one of the practice's bulk messages, for its staff to open (what they attached, as
 * the patients get it); null when the message or the file is not the practice's. The opening is
 * an audit row (staff access to what was sent to patients).
 */
export async function openBulkFileForStaff(
  db: Db,
  input: { practiceId: number; bulkMessageId: number; fileId: string; userId: number; now: Date },
): Promise<Pick<BulkFile, "id" | "fileName" | "contentType" | "sizeBytes" | "fileKey"> | null> {
  if (!UUID_SHAPE.test(input.fileId)) return null;
  const [file] = await db
    .select({ id: bulkMessageFiles.id, fileName: bulkMessageFiles.fileName, contentType: bulkMessageFiles.contentType, sizeBytes: bulkMessageFiles.sizeBytes, fileKey: bulkMessageFiles.fileKey })
    .from(bulkMessageFiles)
    .innerJoin(bulkMessages, eq(bulkMessages.id, bulkMessageFiles.bulkMessageId))
    .where(and(eq(bulkMessageFiles.id, input.fileId), eq(bulkMessages.id, input.bulkMessageId), eq(bulkMessages.practiceId, input.practiceId)))
    .limit(1);
  if (!file) return null;
  await audit(db, {
    actorUserId: input.userId,
    practiceId: input.practiceId,
    action: "bulk_message_file.staff_download",
    subjectType: "bulk_message_file",
    subjectId: file.id,
    detail: { bulkMessageId: input.bulkMessageId },
    at: input.now,
  });
  return file;
}

export async function removeBulkFile(db: Db, now: Date, practiceId: number, bulkMessageId: number, fileId: string, userId: number): Promise<boolean> {
  if (!UUID_SHAPE.test(fileId)) return false;
  const [draft] = await db
    .select({ id: bulkMessages.id })
    .from(bulkMessages)
    .where(and(eq(bulkMessages.id, bulkMessageId), eq(bulkMessages.practiceId, practiceId), eq(bulkMessages.state, "draft")));
  if (!draft) return false;
  const rows = await db
    .delete(bulkMessageFiles)
    .where(and(eq(bulkMessageFiles.id, fileId), eq(bulkMessageFiles.bulkMessageId, bulkMessageId)))
    .returning({ id: bulkMessageFiles.id });
  if (rows.length) await audit(db, { actorUserId: userId, practiceId, action: "bulk_message.detach", subjectType: "bulk_message", subjectId: bulkMessageId, at: now });
  return rows.length > 0;
}

// ---- the patient's links -----------------------------------------------------------------

const sha = (token: string) => createHash("sha256").update(token).digest("base64url");

/** 256 bits of HMAC, base64url (43 characters). */
export function bulkFileToken(secret: string, fileId: string, patientId: number): string {
  return createHmac("sha256", secret).update(`bulk-message-file:${fileId}:${patientId}`).digest("base64url");
}

export const bulkFilePath = (practiceCode: string, bulkMessageId: number, token: string) => `/${practiceCode}/bm/${bulkMessageId}/files/${token}`;

/**
 * The links of one patient to the files of one message, made the first time any channel is sent
 * (the expiry counts from then); the same links again for the other channels and for a retry.
 */
export async function patientFileLinks(
  db: Db,
  secret: string,
  input: { bulkMessageId: number; patientId: number; practiceCode: string; origin: string; now: Date },
): Promise<{ fileName: string; url: string }[]> {
  const files = await db
    .select({ id: bulkMessageFiles.id, fileName: bulkMessageFiles.fileName })
    .from(bulkMessageFiles)
    .where(eq(bulkMessageFiles.bulkMessageId, input.bulkMessageId))
    .orderBy(asc(bulkMessageFiles.createdAt), asc(bulkMessageFiles.fileName));
  if (files.length === 0) return [];
  const expiresAt = new Date(input.now.getTime() + BULK_FILE_DAYS * 86_400_000);
  await db
    .insert(bulkMessageFileLinks)
    .values(files.map((f) => ({ fileId: f.id, patientId: input.patientId, tokenHash: sha(bulkFileToken(secret, f.id, input.patientId)), expiresAt, createdAt: input.now })))
    .onConflictDoNothing();
  return files.map((f) => ({ fileName: f.fileName, url: `${input.origin}${bulkFilePath(input.practiceCode, input.bulkMessageId, bulkFileToken(secret, f.id, input.patientId))}` }));
}

/** The text added to a message for its attachments (none: nothing). */
export function attachmentsText(links: { fileName: string; url: string }[]): string {
  if (links.length === 0) return "";
  return `\n\n${links.length === 1 ? "Attachment" : "Attachments"} (the link works for ${BULK_FILE_DAYS} days):\n${links.map((l) => `${l.fileName}: ${l.url}`).join("\n")}`;
}

export type OpenedFile =
  | { state: "unknown" }
  | { state: "expired"; practiceName: string }
  | { state: "open"; practiceName: string; file: Pick<BulkFile, "id" | "fileName" | "contentType" | "sizeBytes" | "fileKey">; patientId: number; practiceId: number; expiresAt: Date };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The file a link opens: unknown (wrong token, another message or practice in the address: one
 * answer, so nothing is learnt by trying), expired, or open. Audited when `audited` names the
 * kind of opening (the page or the file).
 */
export async function openBulkFile(db: Db, input: { practiceCode: string | undefined; bulkMessageId: string | undefined; token: string | undefined; now: Date }, audited?: "view" | "download"): Promise<OpenedFile> {
  const id = Number(input.bulkMessageId);
  if (!input.token || !TOKEN_SHAPE.test(input.token) || !Number.isSafeInteger(id) || id <= 0 || !input.practiceCode) return { state: "unknown" };
  const [row] = await db
    .select({
      id: bulkMessageFiles.id,
      fileName: bulkMessageFiles.fileName,
      contentType: bulkMessageFiles.contentType,
      sizeBytes: bulkMessageFiles.sizeBytes,
      fileKey: bulkMessageFiles.fileKey,
      linkId: bulkMessageFileLinks.id,
      patientId: bulkMessageFileLinks.patientId,
      expiresAt: bulkMessageFileLinks.expiresAt,
      practiceId: practices.id,
      practiceName: practices.name,
    })
    .from(bulkMessageFileLinks)
    .innerJoin(bulkMessageFiles, eq(bulkMessageFiles.id, bulkMessageFileLinks.fileId))
    .innerJoin(bulkMessages, eq(bulkMessages.id, bulkMessageFiles.bulkMessageId))
    .innerJoin(practices, eq(practices.id, bulkMessages.practiceId))
    .where(and(eq(bulkMessageFileLinks.tokenHash, sha(input.token)), eq(bulkMessages.id, id), eq(practices.urlCode, input.practiceCode)))
    .limit(1);
  if (!row) return { state: "unknown" };
  const expired = row.expiresAt <= input.now;
  if (audited) {
    await audit(db, {
      practiceId: row.practiceId,
      action: expired ? "bulk_message_file.expired_link" : `bulk_message_file.${audited}`,
      subjectType: "bulk_message_file",
      subjectId: row.id,
      detail: { bulkMessageId: id, link: row.linkId },
      at: input.now,
    });
  }
  if (expired) return { state: "expired", practiceName: row.practiceName };
  return {
    state: "open",
    practiceName: row.practiceName,
    practiceId: row.practiceId,
    patientId: row.patientId,
    expiresAt: row.expiresAt,
    file: { id: row.id, fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes, fileKey: row.fileKey },
  };
}

/** How many times each file of a message was opened (for the progress page). */
export async function openingsOf(db: Db, fileIds: string[]): Promise<Map<string, number>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .select({ id: auditEvents.subjectId, n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "bulk_message_file"), eq(auditEvents.action, "bulk_message_file.download"), inArray(auditEvents.subjectId, fileIds)))
    .groupBy(auditEvents.subjectId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

/**
 * The attachments a patient was sent with a message, for their signed-in view of it: the same links
 * as in the message (derived again from the secret; only those made at the send), and whether each
 * still works.
 */
export async function attachmentsForPatient(db: Db, secret: string, bulkMessageId: number, patientId: number, now: Date) {
  const rows = await db
    .select({ fileId: bulkMessageFiles.id, fileName: bulkMessageFiles.fileName, expiresAt: bulkMessageFileLinks.expiresAt, practiceCode: practices.urlCode })
    .from(bulkMessageFileLinks)
    .innerJoin(bulkMessageFiles, eq(bulkMessageFiles.id, bulkMessageFileLinks.fileId))
    .innerJoin(bulkMessages, eq(bulkMessages.id, bulkMessageFiles.bulkMessageId))
    .innerJoin(practices, eq(practices.id, bulkMessages.practiceId))
    .where(and(eq(bulkMessageFiles.bulkMessageId, bulkMessageId), eq(bulkMessageFileLinks.patientId, patientId)))
    .orderBy(asc(bulkMessageFiles.createdAt), asc(bulkMessageFiles.fileName));
  return rows.map((r) => ({
    fileName: r.fileName,
    href: bulkFilePath(r.practiceCode, bulkMessageId, bulkFileToken(secret, r.fileId, patientId)),
    expired: r.expiresAt <= now,
  }));
}
