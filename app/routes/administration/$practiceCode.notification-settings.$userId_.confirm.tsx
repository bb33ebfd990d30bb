import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { NOTIFICATION_MESSAGES as M } from "~/domain/staff/notification-settings";
import { loadNotificationSettings } from "~/domain/staff/notification-settings.server";
import { requireNotificationSettings } from "~/web/staff/notification-settings.server";

export const handle = { title: M.confirmTitle };

/**
 * /{practice_code}/notification-settings/{user_id}/confirm: turning 'My Inbox' off, asked on a
 * page of its own when JS is off (with JS the settings page asks in a dialog). The choices made
 * ride along in the query; Yes posts them to the settings page, Cancel goes back to it.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { userId, practice } = await requireNotificationSettings(request, context, params);
  const { names } = await loadNotificationSettings(context.db, userId);
  const known = new Set(names);
  const ticked = new URL(request.url).searchParams.getAll("inbox").filter((name) => known.has(name));
  return json({ settingsPath: `/${practice.urlCode}/notification-settings/${userId}`, ticked });
}

export default function ConfirmMyInboxOff() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>{M.confirmTitle}</h1>
        <p>{M.confirmText}</p>
        <p className="nhsuk-body-l">{M.confirmQuestion}</p>
        <PostForm action={data.settingsPath}>
          {/* inbox[0], inbox[1], …: the same list the checkboxes post (one name per hidden field). */}
          {data.ticked.map((name, i) => (
            <input type="hidden" name={`inbox[${i}]`} value={name} key={name} />
          ))}
          <input type="hidden" name="confirmed" value="yes" />
          <div className="nhsuk-button-group">
            <Button variant="warning">Yes</Button>
            <Link className="nhsuk-button nhsuk-button--secondary" to={data.settingsPath}>
              Cancel
            </Link>
          </div>
        </PostForm>
      </div>
    </div>
  );
}
