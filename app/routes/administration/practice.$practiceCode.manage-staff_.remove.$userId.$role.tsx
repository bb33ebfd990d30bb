import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { manageStaff } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { notFound } from "~/web/responses.server";
import { isInvitableRole, removalRefusal, ROLE_LABELS, ROLE_NOUNS, STAFF_MESSAGES } from "~/domain/staff/staff-admin";
import { findMemberRole, listStaff, removeRole } from "~/domain/staff/staff-admin.server";
import { parseId } from "~/validation/ids";

// Not the person's name: titles end up in browser history on shared practice PCs.
export const handle = { title: "Remove a staff role" };

/**
 * /practice/{practiceCode}/manage-staff/remove/{user_id}/{role}: the confirm step for taking a
 * role away, a page of its own (no JS needed). 404 when the person does not hold that role at
 * this practice. An admin cannot remove their own last practice admin role (decision 0075).
 */
async function load(request: Request, context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  const { viewer, practice } = await requireViewer(request, context, [manageStaff], { practiceCode: params.practiceCode ?? "" });
  const userId = parseId(params.userId);
  const role = params.role;
  if (userId === null || !isInvitableRole(role)) throw notFound();
  const member = await findMemberRole(context.db, practice!.id, userId, role);
  if (!member) throw notFound();
  return { viewer, practice: practice!, member, role };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice, member, role } = await load(request, context, params);
  const admins = (await listStaff(context.db, practice.id)).filter((s) => s.role === "practice_admin").length;
  const refusal = removalRefusal({ actorUserId: viewer.userId, targetUserId: member.userId, role, practiceAdminCount: admins });
  return json({
    code: practice.urlCode,
    practiceName: practice.name,
    name: `${member.firstName} ${member.lastName}`,
    email: member.email,
    roleLabel: ROLE_LABELS[role],
    roleNoun: ROLE_NOUNS[role],
    isSelf: member.userId === viewer.userId,
    refusal,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, member, role } = await load(request, context, params);
  const result = await removeRole(context, { userId: viewer.userId, practiceId: practice.id }, { userId: member.userId, role });
  if (result.status === "not_found") throw notFound();
  if (result.status === "refused") return json({ formError: result.message }, { status: 409 });
  const name = `${member.firstName} ${member.lastName}`;
  // Someone who removed their own role may no longer open manage staff: send them to the practices.
  const stillAdmin = member.userId !== viewer.userId || role !== "practice_admin" || viewer.globalRoles.has("admin");
  const to = stillAdmin ? `/practice/${practice.urlCode}/manage-staff` : "/practices";
  return redirectWithFlash(request, context, to, { kind: "success", text: STAFF_MESSAGES.removed(name, role) });
}

export default function RemoveStaffRole() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/practice/${data.code}/manage-staff`;
  const refusal = actionData?.formError ?? data.refusal;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <Link className="nhsuk-back-link" to={back}>
          Back to manage staff
        </Link>
        <ErrorSummary errors={actionData?.formError ? [{ fieldId: "remove-role", message: actionData.formError }] : []} />
        <span className="nhsuk-caption-l">{data.practiceName}</span>
        <h1 id="remove-role">
          Remove {data.isSelf ? "your" : `${data.name}'s`} {data.roleLabel.toLowerCase()} role?
        </h1>
        <dl className="nhsuk-summary-list">
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Name</dt>
            <dd className="nhsuk-summary-list__value">{data.name}</dd>
          </div>
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Email address</dt>
            <dd className="nhsuk-summary-list__value">{data.email}</dd>
          </div>
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Role</dt>
            <dd className="nhsuk-summary-list__value">{data.roleLabel}</dd>
          </div>
        </dl>
        {refusal && !actionData?.formError ? (
          <div className="nhsuk-warning-callout">
            <h2 className="nhsuk-warning-callout__label">
              <span role="text">
                <span className="nhsuk-u-visually-hidden">Important: </span>You cannot remove this role
              </span>
            </h2>
            <p>{refusal}</p>
          </div>
        ) : null}
        {refusal ? null : (
          <>
            <p>
              {data.isSelf ? "You" : data.name} will no longer be {data.roleNoun} at {data.practiceName}. Their account and any other
              roles stay. Requests assigned to them stay assigned until someone reassigns them.
            </p>
            <PostForm>
              <Button variant="warning">Remove role</Button>
            </PostForm>
          </>
        )}
        <p>
          <Link to={back}>Cancel</Link>
        </p>
      </div>
    </div>
  );
}
