/**
 * /{practice_code}/leave/{staff_member_id}/{leave_id}/cancel: the confirmation before cancelling
 * a period of leave (its own page, as every confirmation is). The row is kept, marked cancelled.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { FormPage } from "~/components/FormPage";
import { NotFound } from "~/domain/outcomes";
import { LEAVE_KIND_LABELS, LEAVE_MESSAGES } from "~/domain/rota/leave";
import { cancelLeave, leaveAt } from "~/domain/rota/rota.server";
import { formatDate } from "~/validation/dates";
import { parseId } from "~/validation/ids";
import { redirectWithFlash } from "~/web/flash.server";
import { requireRotaPerson, rotaLinks } from "~/web/rota/rota.server";

export const handle = { title: "Cancel leave" };

function leaveIdOf(params: { leaveId?: string }) {
  const id = parseId(params.leaveId);
  if (!id) throw new NotFound();
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, person } = await requireRotaPerson(request, context, params);
  const leave = await leaveAt(context.db, practice.id, person.id, leaveIdOf(params));
  return json({ person, links: rotaLinks(practice.urlCode, person.id), kind: LEAVE_KIND_LABELS[leave.kind], from: formatDate(leave.startDate), to: formatDate(leave.endDate) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, person } = await requireRotaPerson(request, context, params);
  if (!(await cancelLeave(context, { userId: viewer.userId }, practice.id, person.id, leaveIdOf(params)))) throw new NotFound();
  return redirectWithFlash(request, context, `/${practice.urlCode}/leave/${person.id}`, { kind: "success", text: LEAVE_MESSAGES.cancelled });
}

export default function CancelLeave() {
  const d = useLoaderData<typeof loader>();
  return (
    <FormPage title="Cancel this leave?" caption={d.person.name} errors={[]} back={{ href: d.links.leave }}>
      <p>
        {d.kind} from {d.from} to {d.to}.
      </p>
      <p>Requests will no longer be offered to the person covering on these days.</p>
      <PostForm>
        <Button variant="warning">Cancel leave</Button>
      </PostForm>
      <p>
        <a href={d.links.leave}>Keep this leave</a>
      </p>
    </FormPage>
  );
}
