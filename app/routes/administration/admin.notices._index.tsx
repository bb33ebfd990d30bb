import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDateTime, noticeState } from "~/domain/admin/notices";
import { listNotices } from "~/domain/admin/notices.server";
import { admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { Table } from "~/components/Table";

/** /admin/notices (spec 3 §2): the global notices, newest first. */
export const handle = { title: "Global notices" };

const STATE_TAGS = {
  live: ["Showing", "nhsuk-tag--green"],
  scheduled: ["Scheduled", "nhsuk-tag--blue"],
  ended: ["Ended", "nhsuk-tag--grey"],
  inactive: ["Inactive", "nhsuk-tag--grey"],
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context, [admin]);
  const now = context.clock.now();
  const rows = await listNotices(context.db);
  return json({
    notices: rows.map((n) => ({
      id: n.id,
      title: n.title,
      welsh: n.welshTitle !== null,
      state: noticeState(n, now),
      from: formatDateTime(n.startsAt) || formatDateTime(n.createdAt),
      until: formatDateTime(n.endsAt),
    })),
  });
}

export default function Notices() {
  const { notices } = useLoaderData<typeof loader>();
  return (
    <>
      <a className="nhsuk-back-link" href="/admin">
        Back to admin
      </a>
      <h1>Global notices</h1>
      <p>The newest notice that is showing appears at the top of every page, for everyone, until they dismiss it.</p>
      <p>
        <a href="/admin/notices/new">Create a notice</a>
      </p>
      {notices.length === 0 ? (
        <p>There are no notices yet.</p>
      ) : (
        <Table caption={"Global notices"} columns={["Title", "Shown from", "Until", "Status"]}>
          {notices.map((n) => {
            const [label, tag] = STATE_TAGS[n.state];
            return (
              <tr key={n.id}>
                <td>
                  <a href={`/admin/notices/${n.id}`}>{n.title}</a>
                  {n.welsh ? <span className="nhsuk-body-s nhsuk-u-display-block">With Welsh text</span> : null}
                </td>
                <td>{n.from}</td>
                <td>{n.until || "Until taken down"}</td>
                <td>
                  <strong className={`nhsuk-tag ${tag}`}>{label}</strong>
                </td>
              </tr>
            );
          })}
        </Table>
      )}
    </>
  );
}
