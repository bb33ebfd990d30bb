/**
 * /{practice_code}/group_chat/video/{group_chat_id} (spec 3 §2, signed in): one group video call.
 * Its members (staff of the practice, and patients who sign in) join a mesh of WebRTC peers
 * (components/video/VideoCall); the practice's staff also see it when they are not in it.
 * Without a browser that runs the call the page says so and offers the phone. Joins, leaves and
 * the call's length are shown as recorded. POST intent=end: staff end the call.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import type { PageHandle } from "~/components/hydration";
import { GroupVideoCall } from "~/components/video/VideoCall";
import { formatLondonDateTime } from "~/domain/time/london";
import { GROUP_MESSAGES, GROUP_STATUS_LABELS, GROUP_STATUS_TAGS, groupStatus, secondsInCall } from "~/domain/video/group";
import { endGroupChat, groupEvents } from "~/domain/video/group.server";
import { formatDuration, NO_VIDEO_TEXT } from "~/domain/video/schedule";
import { redirectWithFlash } from "~/web/flash.server";
import { callSetup, requireGroupViewer } from "~/web/video/video.server";

// Not hydrated (decision 0161): the call is the plain call script's (components/video/VideoCall).
export const handle = { title: "Group video call", hydrate: false } satisfies PageHandle;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, chat, members, me, isStaff } = await requireGroupViewer(request, context, params.practiceCode, params.groupChatId);
  const now = context.clock.now();
  const events = await groupEvents(context.db, chat.id);
  const seconds = secondsInCall(events, now);
  const nameOf = (id: number) => members.find((m) => m.id === id)?.name ?? "A former member";
  const status = groupStatus(chat);
  return json({
    code: practice.urlCode,
    id: chat.id,
    title: chat.title,
    when: formatLondonDateTime(chat.scheduledFor),
    status,
    duration: chat.durationSeconds ?? (chat.callStartedAt ? 0 : null),
    isStaff,
    me: me?.id ?? null,
    practiceName: practice.name,
    practicePhone: practice.phone,
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      kind: m.kind,
      // Staff phone the patients instead; patients never see each other's numbers.
      phone: isStaff && m.kind === "patient" ? m.phone : null,
      seconds: seconds.get(m.id) ?? null,
    })),
    canJoin: Boolean(me) && status !== "ended",
    events: events.map((e) => ({ who: nameOf(e.memberId), what: e.kind === "joined" ? "joined" : "left", at: formatLondonDateTime(e.createdAt) })),
    ...callSetup(context),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, chat, isStaff } = await requireGroupViewer(request, context, params.practiceCode, params.groupChatId);
  const form = await request.formData();
  if (!isStaff || form.get("intent") !== "end") return json({ ok: false }, { status: 400 });
  if (!(await endGroupChat(context, { userId: viewer.userId }, chat))) return json({ ok: false, ended: true }, { status: 409 });
  return redirectWithFlash(request, context, `/${practice.urlCode}/group_chats`, { kind: "success", text: GROUP_MESSAGES.ended });
}

export default function GroupVideoRoom() {
  const d = useLoaderData<typeof loader>();
  const phones = d.members.filter((m) => m.kind === "patient");
  const fallback = (
    <div className="nhsuk-inset-text">
      <h2 className="nhsuk-heading-s">{NO_VIDEO_TEXT.heading}</h2>
      <p>{NO_VIDEO_TEXT.body}</p>
      {d.isStaff ? (
        <>
          <p>Phone the patients instead:</p>
          <ul>
            {phones.map((m) => (
              <li key={m.id}>
                {m.name}: {m.phone ?? "the number in their record"}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{d.practicePhone ? `You can still take part by phone: call ${d.practiceName} on ${d.practicePhone}.` : `You can still take part by phone: call ${d.practiceName}.`}</p>
      )}
    </div>
  );
  return (
    <>
      {d.isStaff ? (
        <a className="nhsuk-back-link" href={`/${d.code}/group_chats`}>
          Back to group video calls
        </a>
      ) : null}
      <span className="nhsuk-caption-l">Group video call</span>
      <h1>{d.title}</h1>
      <dl className="nhsuk-summary-list">
        <Row k="Date and time" v={d.when} />
        <Row k="Status" v={<strong className={`nhsuk-tag ${GROUP_STATUS_TAGS[d.status]}`}>{GROUP_STATUS_LABELS[d.status]}</strong>} />
        <Row k="Call length" v={formatDuration(d.duration)} />
      </dl>
      {d.canJoin && d.me !== null ? (
        <>
          <h2>Call</h2>
          <GroupVideoCall
            me={d.me}
            names={Object.fromEntries(d.members.map((m) => [String(m.id), m.name]))}
            signalUrl={`/${d.code}/group_chat/video/${d.id}/signal`}
            iceServers={d.iceServers}
            script={d.callScript}
            fallback={fallback}
          />
        </>
      ) : d.status === "ended" ? (
        <p>This group call has ended.</p>
      ) : (
        <p>You are not one of this call's members, so you cannot join it.</p>
      )}
      {d.isStaff && d.status !== "ended" ? (
        // A full page load: the camera, the microphone and the call's connections all close with the page.
        <PostForm reloadDocument>
          <input type="hidden" name="intent" value="end" />
          <Button variant="warning">End group call</Button>
        </PostForm>
      ) : null}
      <h2>Members</h2>
      <ul className="nhsuk-list nhsuk-list--bullet">
        {d.members.map((m) => (
          <li key={m.id}>
            {m.name} ({m.kind === "staff" ? "staff" : "patient"}){m.seconds !== null ? `: in the call for ${formatDuration(m.seconds)}` : ": not joined"}
          </li>
        ))}
      </ul>
      <h2>Joins and leaves</h2>
      {d.events.length ? (
        <ul className="nhsuk-list">
          {d.events.map((e, i) => (
            <li key={i}>
              {e.at}: {e.who} {e.what}
            </li>
          ))}
        </ul>
      ) : (
        <p>Nobody has joined yet.</p>
      )}
    </>
  );
}

function Row({ k, v }: { k: string; v: React.ReactNode }) {
  return (
    <div className="nhsuk-summary-list__row">
      <dt className="nhsuk-summary-list__key">{k}</dt>
      <dd className="nhsuk-summary-list__value">{v}</dd>
    </div>
  );
}
