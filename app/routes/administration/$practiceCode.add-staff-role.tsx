import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Radios } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { isPracticeAdminAt, loggedin, practice_admin_no_staff_role, type Guard } from "~/domain/auth/guards";
import { permissionDeniedPath, requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { AddStaffRoleSchema, addedStaffRole, ROLE_LABELS, SELF_STAFF_ROLES } from "~/domain/staff/staff-admin";
import { addOwnStaffRole } from "~/domain/staff/staff-admin.server";

export const handle = { title: "Add a staff role" };

/** Only this practice's own admins: a system admin is not given staff roles this way. */
const practiceAdminHere: Guard = (v, t) => loggedin(v, t) ?? (isPracticeAdminAt(v!, t.practice?.id) ? null : { kind: "denied" });

/**
 * /{practice_code}/add-staff-role (spec 3 §2, §6): a practice admin without a staff role at the
 * practice makes themselves a GP or receptionist there, to use the inboxes. Someone who has a
 * staff role is refused by `practice_admin_no_staff_role` (error_code has_staff_role). Audited.
 */
async function guard(request: Request, context: LoaderFunctionArgs["context"], code: string | undefined) {
  const { viewer, practice } = await requireViewer(request, context, [practiceAdminHere, practice_admin_no_staff_role], { practiceCode: code ?? "" });
  return { viewer, practice: practice! };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await guard(request, context, params.practiceCode);
  return json({ practiceName: practice.name });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice } = await guard(request, context, params.practiceCode);
  const submission = parseWithZod(await request.formData(), { schema: AddStaffRoleSchema });
  if (submission.status !== "success") return formRejected(submission);
  const result = await addOwnStaffRole(context, { userId: viewer.userId, practiceId: practice.id }, submission.value.role);
  // A staff role added meanwhile (another tab): the guard's answer, as on the next page load.
  if (result.status === "has_staff_role") throw redirect(permissionDeniedPath("has_staff_role", practice.urlCode));
  return redirectWithFlash(request, context, `/${practice.urlCode}/inbox`, { kind: "success", text: addedStaffRole(submission.value.role, practice.name) });
}

export default function AddStaffRole() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(AddStaffRoleSchema, {
    lastResult: actionData?.lastResult,
      });
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={summaryErrors([fields.role], form.errors)} />
        <span className="nhsuk-caption-l">{data.practiceName}</span>
        <h1>Add a staff role</h1>
        <p>
          You are a practice admin at {data.practiceName}. To see and handle requests in the inboxes you also need a staff role here.
          You keep your practice admin role.
        </p>
        <PostForm {...getFormProps(form)} noValidate>
          <Radios meta={fields.role} legend="Which role do you need?" options={SELF_STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
          <Button>Add role</Button>
        </PostForm>
      </div>
    </div>
  );
}
