import type { LoaderFunctionArgs } from "@remix-run/node";
import { openBulkFileForStaff } from "~/domain/bulk/files.server";
import { requireBulkScope } from "~/web/bulk/bulk-scope.server";
import { fileDownloadResponse } from "~/web/files/download.server";
import { notFound } from "~/web/responses.server";

/**
 * /{code}/bulk-message/{id}/files/{fileId}: a bulk message's attachment for the practice's staff
 * (the bulk messages area's guard), from the draft's Attachments and the progress page, so they
 * can open what they attached or what went. Another practice's message or file is
 * page-not-found; each opening is an audit row.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { practice, viewer } = await requireBulkScope(args);
  const bulkMessageId = Number(args.params.bulkMessageId);
  if (!Number.isSafeInteger(bulkMessageId) || bulkMessageId <= 0) throw notFound();
  const { context } = args;
  const file = await openBulkFileForStaff(context.db, { practiceId: practice.id, bulkMessageId, fileId: args.params.fileId ?? "", userId: viewer.userId, now: context.clock.now() });
  if (!file) throw notFound();
  const bytes = await context.files.get(file.fileKey);
  if (!bytes) throw notFound();
  return fileDownloadResponse(file, bytes, { inline: false });
}
