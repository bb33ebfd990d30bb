import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { patient } from "~/domain/auth/guards";
import { messagesForPatient } from "~/domain/bulk/bulk-messages.server";
import { formatLondonDateTime } from "~/domain/time/london";
import { requireViewer } from "~/web/auth/guards.server";

/** /patient_bulk_messages/patient: the bulk messages the practice sent the signed-in patient, with a reply link. */
export const handle = { title: "Messages from your practice" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [patient]);
  const rows = viewer.patient ? await messagesForPatient(context.db, viewer.patient.id) : [];
  return json({ messages: rows.map((m) => ({ id: m.id, title: m.title, practiceName: m.practiceName, sentAt: m.sentAt ? formatLondonDateTime(m.sentAt) : "" })) });
}

export default function PatientBulkMessages() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Messages from your practice</h1>
      {data.messages.length === 0 ? (
        <p>Your practice has not sent you any messages.</p>
      ) : (
        <ul className="nhsuk-list nhsuk-list--border">
          {data.messages.map((m) => (
            <li key={m.id}>
              <a href={`/patient_bulk_messages/${m.id}/request`}>{m.title}</a>
              <br />
              <span className="nhsuk-body-s">
                {m.practiceName}, {m.sentAt}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
