import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { Table } from "~/components/Table";
import { createDraft, listBulkMessages } from "~/domain/bulk/bulk-messages.server";
import { BULK_CHANNELS, CHANNEL_LABELS, STATE_LABELS } from "~/domain/bulk/rules";
import { formatLondonDateTime } from "~/domain/time/london";
import { requireBulkScope } from "~/web/bulk/bulk-scope.server";
import { redirectWithFlash } from "~/web/flash.server";

/**
 * /{code}/bulk-messages (spec 3 §2): the practice's bulk messages, newest first, with their state
 * and counts; "New bulk message" makes a draft and opens its first step.
 */
export const handle = { title: "Bulk messages" };

export async function loader(args: LoaderFunctionArgs) {
  const { practice, base } = await requireBulkScope(args);
  const rows = await listBulkMessages(args.context.db, practice.id);
  return json({
    base,
    practiceName: practice.name,
    messages: rows.map((m) => {
      const total = (key: "queued" | "sending" | "sent" | "delivered" | "failed" | "stopped") => BULK_CHANNELS.reduce((n, c) => n + m.progress[c][key], 0);
      return {
        id: m.id,
        title: m.title || "Untitled draft",
        state: STATE_LABELS[m.state],
        channels: m.channels.map((c) => CHANNEL_LABELS[c]).join(", ") || "None chosen",
        when: m.scheduledFor ? formatLondonDateTime(new Date(m.scheduledFor)) : m.queuedAt ? formatLondonDateTime(new Date(m.queuedAt)) : "Not sent",
        queued: total("queued") + total("sending"),
        sent: total("sent") + total("delivered"),
        failed: total("failed"),
      };
    }),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer, practice, base } = await requireBulkScope(args);
  const id = await createDraft(args.context.db, args.context.clock.now(), practice.id, { userId: viewer.userId });
  return redirectWithFlash(args.request, args.context, `${base}/bulk-message/${id}`, { kind: "success", text: "Draft bulk message created." });
}

export default function BulkMessages() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <span className="nhsuk-caption-l">{data.practiceName}</span>
      <h1>Bulk messages</h1>
      <p>Send one message to many patients by SMS, email or NHS App message, for example to invite them to a flu clinic.</p>
      <PostForm>
        <Button>New bulk message</Button>
      </PostForm>
      {data.messages.length === 0 ? (
        <p>There are no bulk messages yet.</p>
      ) : (
        <Table caption="Bulk messages" columns={["Message", "State", "Channels", "Sent or scheduled", "Waiting", "Sent", "Failed"]}>
          {data.messages.map((m) => (
            <tr key={m.id} className="nhsuk-table__row">
              <td className="nhsuk-table__cell">
                <a href={`${data.base}/bulk-message/${m.id}`}>{m.title}</a>
              </td>
              <td className="nhsuk-table__cell">{m.state}</td>
              <td className="nhsuk-table__cell">{m.channels}</td>
              <td className="nhsuk-table__cell">{m.when}</td>
              <td className="nhsuk-table__cell">{m.queued}</td>
              <td className="nhsuk-table__cell">{m.sent}</td>
              <td className="nhsuk-table__cell">{m.failed}</td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
