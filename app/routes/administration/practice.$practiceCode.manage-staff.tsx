import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Radios, TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { manageStaff } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { formatDateTime } from "~/domain/requests/display";
import { InvitationActionSchema, INVITABLE_ROLES, inviteSchema, ROLE_LABELS, STAFF_MESSAGES } from "~/domain/staff/staff-admin";
import { cancelInvitation, invite, listInvitations, listStaff, resendInvitation } from "~/domain/staff/staff-admin.server";
import { Table } from "~/components/Table";

export const handle = { title: "Manage staff" };

/**
 * /practice/{practiceCode}/manage-staff (spec 3 §2; practice admin of that practice, or system
 * admin): the practice's GPs, receptionists and practice admins, its pending invitations, and
 * the invite form. Resend and cancel post here; removing a role has a confirm page of its own
 * (practice.$practiceCode.manage-staff_.remove.$userId.$role.tsx). Decision 0075.
 */
async function guard(request: Request, context: LoaderFunctionArgs["context"], code: string | undefined) {
  const { viewer, practice } = await requireViewer(request, context, [manageStaff], { practiceCode: code ?? "" });
  return { viewer, practice: practice! };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await guard(request, context, params.practiceCode);
  const [staff, invitations] = await Promise.all([listStaff(context.db, practice.id), listInvitations(context, practice.id)]);
  return json({
    code: practice.urlCode,
    practiceName: practice.name,
    allowTestDomain: context.config.testTools,
    staff: staff.map((s) => ({ ...s, name: `${s.firstName} ${s.lastName}`, roleLabel: ROLE_LABELS[s.role] })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      roleLabel: ROLE_LABELS[i.role],
      sentAt: formatDateTime(i.sentAt),
      expiresAt: formatDateTime(i.expiresAt),
      expired: i.state === "expired",
    })),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice } = await guard(request, context, params.practiceCode);
  const formData = await request.formData();
  const actor = { userId: viewer.userId, practiceId: practice.id };
  const origin = new URL(request.url).origin;
  const back = `/practice/${practice.urlCode}/manage-staff`;
  if (formData.get("intent") === "resend" || formData.get("intent") === "cancel") {
    const submission = parseWithZod(formData, { schema: InvitationActionSchema });
    if (submission.status !== "success") return formRejected(submission);
    const { intent, invitationId } = submission.value;
    const result = intent === "resend" ? await resendInvitation(context, actor, invitationId, origin) : await cancelInvitation(context, actor, invitationId);
    if (result.status === "gone") return json({ lastResult: submission.reply({ formErrors: [STAFF_MESSAGES.invitationGone] }) }, { status: 409 });
    if (result.status === "failed") return json({ lastResult: submission.reply({ formErrors: [result.message] }) }, { status: 409 });
    const text = intent === "resend" ? STAFF_MESSAGES.resent(result.email) : STAFF_MESSAGES.cancelled(result.email);
    return redirectWithFlash(request, context, back, { kind: "success", text });
  }
  const submission = parseWithZod(formData, { schema: inviteSchema(context.config.testTools) });
  if (submission.status !== "success") return formRejected(submission);
  const { email, role } = submission.value;
  const result = await invite(context, actor, { email, role, origin });
  switch (result.status) {
    case "sent":
      return redirectWithFlash(request, context, back, { kind: "success", text: STAFF_MESSAGES.invited(email) });
    case "invalid_email":
      return formRejected(submission, { fieldErrors: { email: [result.message] } });
    case "already_member":
      return formRejected(submission, { fieldErrors: { email: [STAFF_MESSAGES.alreadyMember(role)] } });
    case "unknown_practice":
      throw new Response("Not Found", { status: 404 });
  }
}

export default function ManageStaff() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const schema = inviteSchema(data.allowTestDomain);
  const [form, fields] = useNhsForm(schema, {
    id: "invite",
    lastResult: actionData && "lastResult" in actionData ? actionData.lastResult : undefined,
  });
  const errors = summaryErrors([fields.email, fields.role], form.errors, "invitations");
  const base = `/practice/${data.code}/manage-staff`;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <ErrorSummary errors={errors} />
        <span className="nhsuk-caption-l">{data.practiceName}</span>
        <h1>Manage staff</h1>

        <h2 id="staff">Staff</h2>
        {data.staff.length === 0 ? (
          <p>Nobody works at this practice yet. Invite your first staff member below.</p>
        ) : (
          <Table caption={<>Staff at {data.practiceName}</>} columns={["Name", "Email address", "Role", { hidden: "Actions" }]}>
            {data.staff.map((s) => (
              <tr key={`${s.userId}-${s.role}`}>
                <td>{s.name}</td>
                <td>{s.email}</td>
                <td>{s.roleLabel}</td>
                <td>
                  <Link to={`${base}/remove/${s.userId}/${s.role}`}>
                    Remove role<span className="nhsuk-u-visually-hidden">: {s.roleLabel} for {s.name}</span>
                  </Link>
                  {s.role === "gp" || s.role === "receptionist" ? (
                    // Availability, leave and calendar (issue "video"): a GP's or receptionist's.
                    <>
                      {" | "}
                      <Link to={`/${data.code}/calendar/${s.userId}`}>
                        Calendar<span className="nhsuk-u-visually-hidden"> of {s.name}</span>
                      </Link>
                      {" | "}
                      <Link to={`/${data.code}/leave/${s.userId}`}>
                        Leave<span className="nhsuk-u-visually-hidden"> of {s.name}</span>
                      </Link>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
        )}

        <h2 id="invitations">Invitations</h2>
        {data.invitations.length === 0 ? (
          <p>There are no pending invitations.</p>
        ) : (
          <Table caption={"Pending invitations"} columns={["Email address", "Role", "Sent", "Expires", { hidden: "Actions" }]}>
            {data.invitations.map((i) => (
              <tr key={i.id}>
                <td>{i.email}</td>
                <td>{i.roleLabel}</td>
                <td>{i.sentAt}</td>
                <td>{i.expired ? <strong className="nhsuk-tag nhsuk-tag--grey">Expired</strong> : i.expiresAt}</td>
                <td>
                  <PostForm className="app-inline-form">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="invitationId" value={i.id} />
                    <button type="submit" className="nhsuk-button nhsuk-button--secondary nhsuk-u-margin-bottom-2">
                      Resend<span className="nhsuk-u-visually-hidden"> invitation to {i.email}</span>
                    </button>
                  </PostForm>
                  <PostForm className="app-inline-form">
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="invitationId" value={i.id} />
                    <button type="submit" className="nhsuk-button nhsuk-button--warning nhsuk-u-margin-bottom-0">
                      Cancel<span className="nhsuk-u-visually-hidden"> invitation to {i.email}</span>
                    </button>
                  </PostForm>
                </td>
              </tr>
            ))}
          </Table>
        )}

        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-two-thirds">
            <h2>Invite someone</h2>
            <p>
              We will email them a link to create their account, or to add the role to the account they have. The link works once
              and expires after 7 days.
            </p>
            <PostForm {...getFormProps(form)} noValidate>
              <input type="hidden" name="intent" value="invite" />
              <TextInput
                meta={fields.email}
                label="Email address"
                hint={`It must be an NHS email address, for example name@nhs.net${data.allowTestDomain ? " (example.com is also allowed outside production)" : ""}.`}
                type="email"
                autoComplete="off"
                spellCheck={false}
              />
              <Radios meta={fields.role} legend="Role" options={INVITABLE_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
              <Button>Send invitation</Button>
            </PostForm>
          </div>
        </div>
      </div>
    </div>
  );
}
