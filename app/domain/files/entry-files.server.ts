/**
 * Attachments of a request: the bytes go to the FileStore, the record to entry_files. At most
 * five live files per request (answers and chat replies together).
 */
import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { entryFiles } from "~/db/schema";
import { FILE_MESSAGES, MAX_FILES_PER_REQUEST } from "./file-types";
import type { AcceptedUpload } from "./file-types";

export type EntryFile = typeof entryFiles.$inferSelect;

export async function listEntryFiles(context: Pick<AppContext, "db">, entryId: number): Promise<EntryFile[]> {
  return context.db
    .select()
    .from(entryFiles)
    .where(and(eq(entryFiles.patientEntryId, entryId), isNull(entryFiles.deletedAt)))
    .orderBy(asc(entryFiles.createdAt), asc(entryFiles.fileName));
}

export type StoreResult = { stored: EntryFile[]; refused: { fileName: string; message: string }[] };

/** Stores what fits under the per-request limit and says which files did not fit. */
export async function storeEntryFiles(
  context: Pick<AppContext, "db" | "files" | "clock">,
  input: { entryId: number; uploads: AcceptedUpload[]; sensitive: boolean; userId: number | null; messageId?: number | null },
): Promise<StoreResult> {
  const [{ n }] = await context.db
    .select({ n: count() })
    .from(entryFiles)
    .where(and(eq(entryFiles.patientEntryId, input.entryId), isNull(entryFiles.deletedAt)));
  const room = Math.max(0, MAX_FILES_PER_REQUEST - n);
  const fitting = input.uploads.slice(0, room);
  const refused = input.uploads.slice(room).map((u) => ({ fileName: u.fileName, message: FILE_MESSAGES.tooMany }));
  const stored: EntryFile[] = [];
  for (const upload of fitting) {
    const fileKey = await context.files.put(upload.bytes, upload.contentType);
    const [row] = await context.db
      .insert(entryFiles)
      .values({
        patientEntryId: input.entryId,
        messageId: input.messageId ?? null,
        fileKey,
        fileName: upload.fileName,
        contentType: upload.contentType,
        sizeBytes: upload.bytes.length,
        sensitive: input.sensitive,
        uploadedByUserId: input.userId,
        createdAt: context.clock.now(),
      })
      .returning();
    stored.push(row);
  }
  return { stored, refused };
}

/** Soft-deletes a file of this request (the bytes stay until retention clears them). */
export async function removeEntryFile(context: Pick<AppContext, "db" | "clock">, entryId: number, fileId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) return false;
  const removed = await context.db
    .update(entryFiles)
    .set({ deletedAt: context.clock.now() })
    .where(and(eq(entryFiles.id, fileId), eq(entryFiles.patientEntryId, entryId), isNull(entryFiles.deletedAt)))
    .returning({ id: entryFiles.id });
  return removed.length > 0;
}

/** One file of this request, for download by someone already allowed to see the request. */
export async function findEntryFile(context: Pick<AppContext, "db">, entryId: number, fileId: string): Promise<EntryFile | null> {
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) return null;
  const [row] = await context.db
    .select()
    .from(entryFiles)
    .where(and(eq(entryFiles.id, fileId), eq(entryFiles.patientEntryId, entryId), isNull(entryFiles.deletedAt)))
    .limit(1);
  return row ?? null;
}
