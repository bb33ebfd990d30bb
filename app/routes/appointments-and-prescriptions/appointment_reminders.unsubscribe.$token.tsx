import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { openReminderLink, unsubscribeByReminder } from "~/domain/bulk/reminders.server";
import type { PageHandle } from "~/components/hydration";

/**
 * /appointment_reminders/unsubscribe/{token} (spec 2 §2.5): stop appointment reminders, from the
 * link in a reminder, without signing in. One confirmation; the link works once.
 */
export const handle = { title: "Stop appointment reminders", hydrate: false } satisfies PageHandle;

const statusOf = (state: string) => (state === "open" || state === "unsubscribed" ? 200 : state === "unknown" ? 404 : 410);

export async function loader({ context, params }: LoaderFunctionArgs) {
  const link = await openReminderLink(context.db, "unsubscribe", params.token, context.clock.now());
  return json({ state: link.state, practiceName: "practiceName" in link ? link.practiceName : null }, { status: statusOf(link.state) });
}

export async function action({ context, params }: ActionFunctionArgs) {
  const link = await openReminderLink(context.db, "unsubscribe", params.token, context.clock.now());
  const result = await unsubscribeByReminder(context.db, params.token, context.clock.now());
  return json({ state: result, practiceName: "practiceName" in link ? link.practiceName : null }, { status: statusOf(result) });
}

export default function UnsubscribeFromReminders() {
  const loaded = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const data = done ?? loaded;
  const practice = data.practiceName ?? "your GP practice";
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {data.state === "open" || data.state === "expired" ? (
          <>
            <h1>Stop appointment reminders</h1>
            <p>You will no longer get a message from {practice} the day before an appointment. Your appointments are not changed.</p>
            <PostForm>
              <Button>Stop reminders</Button>
            </PostForm>
          </>
        ) : data.state === "unsubscribed" ? (
          <div className="nhsuk-panel">
            <h1 className="nhsuk-panel__title">Reminders stopped</h1>
            <div className="nhsuk-panel__body">You will not get appointment reminders from {practice} any more.</div>
          </div>
        ) : (
          <>
            <h1>{data.state === "used" ? "This link has already been used" : "This link does not work"}</h1>
            <p>To change how {practice} contacts you, contact the practice.</p>
          </>
        )}
      </div>
    </div>
  );
}
