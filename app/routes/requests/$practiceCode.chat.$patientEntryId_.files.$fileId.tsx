import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileDownloadResponse } from "~/web/files/download.server";
import { fromNhsApp } from "~/web/nhs-login/nhs-app.server";
import { findEntryFile } from "~/domain/files/entry-files.server";
import { notFound } from "~/web/responses.server";
import { requireChatEntry } from "~/web/requests/chat-access.server";

/**
 * A file of a request's conversation, for whoever may open its chat (the same checks: a
 * file of somebody else's request is page-not-found, like the request itself).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { entry } = await requireChatEntry(request, context, params, { allowDraft: true });
  const file = await findEntryFile(context, entry.id, params.fileId ?? "");
  if (!file) throw notFound();
  const bytes = await context.files.get(file.fileKey);
  if (!bytes) throw notFound();
  // Inside the NHS App there is nowhere to download to: the file opens in place.
  return fileDownloadResponse(file, bytes, { inline: fromNhsApp(request) });
}
