/**
 * /{practice_code}/videoschedules/{consultation_id}/cancel: the confirmation to cancel a video
 * consultation still to happen (its own page, as every confirmation here). Only a scheduled one
 * can be cancelled; the list links here for those.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { video_scheduling } from "~/domain/auth/guards";
import { NotFound } from "~/domain/outcomes";
import { formatLondonDateTime, londonDate } from "~/domain/time/london";
import { canCancel, VIDEO_MESSAGES } from "~/domain/video/schedule";
import { cancelConsultation, consultationAt } from "~/domain/video/schedule.server";
import { parseId } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { requireVideoStaff } from "~/web/video/video.server";

export const handle = { title: "Cancel video consultation" };

async function load(request: Request, context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  const { viewer, practice } = await requireVideoStaff(request, context, params.practiceCode, [video_scheduling]);
  const id = parseId(params.consultationId);
  if (!id) throw new NotFound();
  return { viewer, practice, c: await consultationAt(context.db, practice.id, id, context.clock.now()) };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, c } = await load(request, context, params);
  return json({
    code: practice.urlCode,
    day: londonDate(c.scheduledFor),
    patient: `${c.patientFirstName} ${c.patientLastName}`,
    when: formatLondonDateTime(c.scheduledFor),
    clinician: `${c.clinicianFirstName} ${c.clinicianLastName}`,
    cancellable: canCancel(c, context.clock.now()),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, c } = await load(request, context, params);
  const done = await cancelConsultation(context, { userId: viewer.userId }, practice.id, c.id);
  if (!done) return json({ error: "This consultation can no longer be cancelled." }, { status: 409 });
  return redirectWithFlash(request, context, `/${practice.urlCode}/videoschedules?day=${londonDate(c.scheduledFor)}`, { kind: "success", text: VIDEO_MESSAGES.cancelled });
}

export default function CancelVideo() {
  const d = useLoaderData<typeof loader>();
  return (
    <FormPage title="Cancel this video consultation?" errors={[]} back={{ href: `/${d.code}/videoschedules?day=${d.day}` }}>
      <p>
        {d.patient}, {d.when}, with {d.clinician}.
      </p>
      {d.cancellable ? (
        <>
          <p>The patient's link will stop working. Tell the patient yourself if they need to know.</p>
          <PostForm>
            <Button variant="warning">Cancel video consultation</Button>
          </PostForm>
        </>
      ) : (
        <p>This consultation can no longer be cancelled.</p>
      )}
      <p>
        <a href={`/${d.code}/videoschedules?day=${d.day}`}>Keep the consultation</a>
      </p>
    </FormPage>
  );
}
