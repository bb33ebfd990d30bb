import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { openBulkFile } from "~/domain/bulk/files.server";
import { fileDownloadResponse } from "~/web/files/download.server";
import { fromNhsApp } from "~/web/nhs-login/nhs-app.server";
import { notFound } from "~/web/responses.server";

/**
 * The bytes of a bulk-message attachment, from the patient's link (decision 0128): no guard, the
 * token is the key; each fetch is an audit row. A wrong or expired link goes back to the link's
 * page, which says so (404 or 410). Inside the NHS App the file opens in place.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = `/${encodeURIComponent(params.practiceCode ?? "")}/bm/${encodeURIComponent(params.bulkMessageId ?? "")}/files/${encodeURIComponent(params.token ?? "")}`;
  const opened = await openBulkFile(context.db, { practiceCode: params.practiceCode, bulkMessageId: params.bulkMessageId, token: params.token, now: context.clock.now() }, "download");
  if (opened.state !== "open") return redirect(page, 303);
  const bytes = await context.files.get(opened.file.fileKey);
  if (!bytes) throw notFound();
  const response = fileDownloadResponse(opened.file, bytes, { inline: fromNhsApp(request) });
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
