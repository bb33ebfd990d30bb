/**
 * /{practice_code}/waitingroom (spec 2 §2.1; patient with video): the patient's side of a video
 * consultation. From the invitation's link (?token=) no sign-in is needed; a signed-in patient
 * sees their upcoming consultations and opens one (?consultation=). With a browser that runs it
 * the page checks the camera and microphone and the call starts when the clinician joins;
 * without, it says so and offers the phone.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { VideoCall } from "~/components/video/VideoCall";
import { canJoin, NO_VIDEO_TEXT, STATUS_LABELS, STATUS_TAGS } from "~/domain/video/schedule";
import { consultationAt, consultationByToken, patientConsultations, videoSettingOn, type Consultation } from "~/domain/video/schedule.server";
import { formatLondonDateTime } from "~/domain/time/london";
import { parseId } from "~/validation/ids";
import { callSetup, requireVideoPatient } from "~/web/video/video.server";
import { practiceNamedInUrl } from "~/web/practices.server";
import { NotFound } from "~/domain/outcomes";
import type { PageHandle } from "~/components/hydration";

// Not hydrated (decision 0161): the call is the plain call script's (components/video/VideoCall).
export const handle = { title: "Video consultation waiting room", hydrate: false } satisfies PageHandle;

type Row = Pick<Consultation, "id" | "scheduledFor" | "clinicianFirstName" | "clinicianLastName" | "clinicianFacingName" | "shownStatus">;
const clinicianName = (c: Row) => c.clinicianFacingName ?? `${c.clinicianFirstName} ${c.clinicianLastName}`;
const view = (c: Row, now: Date) => ({
  id: c.id,
  when: formatLondonDateTime(c.scheduledFor),
  clinician: clinicianName(c),
  status: c.shownStatus,
  canJoin: canJoin({ status: c.shownStatus, scheduledFor: c.scheduledFor, patientJoinedAt: null }, now, "patient"),
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const now = context.clock.now();
  if (token) {
    const practice = await practiceNamedInUrl(request, context, params.practiceCode ?? "");
    if (!practice) throw new NotFound();
    const c = practice.allowVideo && (await videoSettingOn(context.db)) ? await consultationByToken(context.db, practice.id, token, now) : null;
    if (!c) return json({ kind: "dead" as const, practiceName: practice.name }, { status: 410 });
    return json({
      kind: "room" as const,
      code: practice.urlCode,
      practiceName: practice.name,
      phone: practice.phone,
      token,
      consultation: { ...view(c, now), notes: c.notesForPatient },
      ...callSetup(context),
    });
  }
  const { viewer, practice } = await requireVideoPatient(request, context, params.practiceCode);
  const mine = viewer.patient && viewer.patient.practiceId === practice.id ? [viewer.patient.id] : [];
  const list = await patientConsultations(context.db, practice.id, mine, now);
  const chosen = parseId(url.searchParams.get("consultation"));
  const c = chosen ? list.find((r) => r.id === chosen) : undefined;
  if (chosen && !c) throw new NotFound();
  if (c) {
    const full = await consultationAt(context.db, practice.id, c.id, now);
    return json({
      kind: "room" as const,
      code: practice.urlCode,
      practiceName: practice.name,
      phone: practice.phone,
      token: null,
      consultation: { ...view(full, now), notes: full.notesForPatient },
      ...callSetup(context),
    });
  }
  return json({ kind: "list" as const, code: practice.urlCode, practiceName: practice.name, phone: practice.phone, consultations: list.map((r) => view(r, now)) });
}

export default function WaitingRoom() {
  const d = useLoaderData<typeof loader>();
  if (d.kind === "dead") {
    return (
      <>
        <h1>This video consultation link does not work</h1>
        <p>The link may have been mistyped, or the consultation may have been cancelled or moved.</p>
        <p>Contact {d.practiceName} if you think you should have a video consultation.</p>
      </>
    );
  }
  if (d.kind === "list") {
    return (
      <>
        <h1>Video calls</h1>
        {d.consultations.length === 0 ? (
          <p>You have no video consultations booked with {d.practiceName}. If the practice books one, you will be sent a link.</p>
        ) : (
          <ul className="nhsuk-list nhsuk-list--border">
            {d.consultations.map((c) => (
              <li key={c.id}>
                {c.when} with {c.clinician} <strong className={`nhsuk-tag ${STATUS_TAGS[c.status]}`}>{STATUS_LABELS[c.status]}</strong>
                {c.canJoin ? (
                  <>
                    {" "}
                    <a href={`/${d.code}/waitingroom?consultation=${c.id}`}>
                      Go to the waiting room<span className="nhsuk-u-visually-hidden"> for {c.when}</span>
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }
  const c = d.consultation;
  const fallback = (
    <div className="nhsuk-inset-text">
      <h2 className="nhsuk-heading-s">{NO_VIDEO_TEXT.heading}</h2>
      <p>{NO_VIDEO_TEXT.body}</p>
      <p>{d.phone ? NO_VIDEO_TEXT.patientPhone(d.practiceName, d.phone) : NO_VIDEO_TEXT.patientNoPhone(d.practiceName)}</p>
    </div>
  );
  return (
    <>
      <span className="nhsuk-caption-l">{d.practiceName}</span>
      <h1>Video consultation waiting room</h1>
      <p>
        Your video consultation is on {c.when} with {c.clinician}.
      </p>
      {c.notes ? <div className="nhsuk-inset-text app-pre-line">{c.notes}</div> : null}
      {c.canJoin ? (
        <>
          <h2>Check your camera and microphone</h2>
          <p>You should see yourself below. Stay on this page: the call starts when {c.clinician} joins.</p>
          <VideoCall side="patient" signalUrl={`/${d.code}/video/${c.id}/signal`} extra={d.token ? { token: d.token } : undefined} iceServers={d.iceServers} script={d.callScript} fallback={fallback} />
        </>
      ) : (
        <p>This consultation is {STATUS_LABELS[c.status].toLowerCase()}. Contact {d.practiceName} if you need to speak to someone.</p>
      )}
    </>
  );
}
