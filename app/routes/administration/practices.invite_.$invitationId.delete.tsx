import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SummaryList } from "~/components/admin/AdminKit";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { advanced_or_admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { notFound } from "~/web/responses.server";
import { deletePracticeInvitation, findPracticeInvitation } from "~/domain/practices/onboarding.server";
import { parseId } from "~/validation/ids";

/** /practices/invite/{id}/delete: the confirm step of deleting a practice invitation (a page of its own, without JS). */
export const handle = { title: "Delete this invitation?" };

async function invitationOr404(db: Parameters<typeof findPracticeInvitation>[0], value: string | undefined) {
  const id = parseId(value);
  const invitation = id === null ? null : await findPracticeInvitation(db, id);
  if (!invitation) throw notFound();
  return invitation;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context, [advanced_or_admin]);
  const i = await invitationOr404(context.db, params.invitationId);
  return json({ practiceName: i.practiceName, email: i.email, registrationCode: i.registrationCode, completed: i.completedAt !== null });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [advanced_or_admin]);
  const i = await invitationOr404(context.db, params.invitationId);
  const result = await deletePracticeInvitation(context.db, context.clock, viewer.userId, i.id);
  if (result === "not_found") throw notFound();
  return redirectWithFlash(request, context, "/practices/invite", { kind: "success", text: `The invitation to ${i.practiceName} has been deleted.` });
}

export default function DeleteInvitation() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <a className="nhsuk-back-link" href="/practices/invite">
          Back to invited practices
        </a>
        <h1>Delete this invitation?</h1>
        <SummaryList
          rows={[
            ["Practice", data.practiceName],
            ["Email address", data.email],
            ["Registration code", data.registrationCode],
          ]}
        />
        <p>
          {data.completed
            ? "The practice has already registered: deleting the invitation removes it from the list, and the practice stays."
            : "The link in the invitation email will stop working."}
        </p>
        <PostForm>
          <div className="nhsuk-button-group">
            <Button variant="warning">Delete invitation</Button>
            <a href="/practices/invite" className="nhsuk-link">
              Cancel
            </a>
          </div>
        </PostForm>
      </div>
    </div>
  );
}
