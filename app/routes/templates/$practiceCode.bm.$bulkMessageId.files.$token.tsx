import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BULK_FILE_DAYS, openBulkFile } from "~/domain/bulk/files.server";
import { formatLondonDateTime } from "~/domain/time/london";
import { fromNhsApp } from "~/web/nhs-login/nhs-app.server";

/**
 * /{code}/bm/{id}/files/{token} (spec 2 §2.2, spec 3 §3; decision 0128): a file attached to a bulk
 * message, from the patient's own link. No guard: the token is the key (256 bits, only its hash
 * stored), it expires, and every opening is an audit row. This page says what the file is and from
 * whom, and opens it (…/download); a wrong link is page-not-found and an expired one 410, each a
 * page that says what to do, never an error.
 */
type Data = Awaited<ReturnType<typeof loader>> extends { json(): Promise<infer T> } ? T : never;

export const handle = {
  title: (data: Data | undefined) => (data?.state === "open" ? "A file from your GP practice" : data?.state === "expired" ? "This link has expired" : "This link does not work"),
};

const noStore = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const opened = await openBulkFile(context.db, { practiceCode: params.practiceCode, bulkMessageId: params.bulkMessageId, token: params.token, now: context.clock.now() }, "view");
  if (opened.state === "unknown") return json({ state: "unknown" as const }, { status: 404, headers: noStore });
  if (opened.state === "expired") return json({ state: "expired" as const, practiceName: opened.practiceName, days: BULK_FILE_DAYS }, { status: 410, headers: noStore });
  const url = new URL(request.url);
  return json(
    {
      state: "open" as const,
      practiceName: opened.practiceName,
      fileName: opened.file.fileName,
      kind: opened.file.contentType === "application/pdf" ? "PDF" : opened.file.contentType === "image/png" ? "PNG image" : "JPG image",
      size: opened.file.sizeBytes >= 1024 * 1024 ? `${(opened.file.sizeBytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(opened.file.sizeBytes / 1024))} KB`,
      expires: formatLondonDateTime(opened.expiresAt),
      href: `${url.pathname}/download`,
      inApp: fromNhsApp(request),
    },
    { headers: noStore },
  );
}

export default function BulkMessageFile() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "open") {
    return (
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <span className="nhsuk-caption-l">{data.practiceName}</span>
          <h1>A file from your GP practice</h1>
          <dl className="nhsuk-summary-list">
            <div className="nhsuk-summary-list__row">
              <dt className="nhsuk-summary-list__key">File</dt>
              <dd className="nhsuk-summary-list__value">{data.fileName}</dd>
            </div>
            <div className="nhsuk-summary-list__row">
              <dt className="nhsuk-summary-list__key">Type and size</dt>
              <dd className="nhsuk-summary-list__value">
                {data.kind}, {data.size}
              </dd>
            </div>
            <div className="nhsuk-summary-list__row">
              <dt className="nhsuk-summary-list__key">Link works until</dt>
              <dd className="nhsuk-summary-list__value">{data.expires}</dd>
            </div>
          </dl>
          {/* A plain link: the file is not a page of this site (reloadDocument, no client-side fetch). */}
          <a className="nhsuk-button" href={data.href} data-discover="false">
            {data.inApp ? "Open the file" : "Download the file"}
          </a>
          <p>This link is for you only. Do not share it.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>{data.state === "expired" ? "This link has expired" : "This link does not work"}</h1>
        {data.state === "expired" ? (
          <p>
            Links to files in messages from {data.practiceName} work for {data.days} days. If you still need the file, contact the practice.
          </p>
        ) : (
          <p>Check that you copied the whole link from your message. If it still does not work, contact your GP practice.</p>
        )}
      </div>
    </div>
  );
}
