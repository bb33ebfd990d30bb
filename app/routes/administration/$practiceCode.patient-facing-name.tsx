import { useNhsForm } from "~/components/forms";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { gp_or_reception } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { PATIENT_FACING_NAME_MAX, PATIENT_FACING_NAME_MESSAGES as M, PatientFacingNameSchema } from "~/domain/staff/patient-facing-name";
import { getPatientFacingName, setPatientFacingName } from "~/domain/staff/patient-facing-name.server";

export const handle = { title: "Patient-facing name" };

/**
 * /{practice_code}/patient-facing-name (spec 3 §2; gp or receptionist): the name patients see
 * instead of the staff member's real name. One field, Update; 2 to 300 characters (spec 3 §5).
 */
async function guard(request: Request, context: LoaderFunctionArgs["context"], code: string | undefined) {
  const { viewer, practice } = await requireViewer(request, context, [gp_or_reception], { practiceCode: code ?? "" });
  return { viewer, practice: practice! };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice } = await guard(request, context, params.practiceCode);
  return json({ name: await getPatientFacingName(context.db, viewer.userId), realName: `${viewer.firstName} ${viewer.lastName}`, code: practice.urlCode });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice } = await guard(request, context, params.practiceCode);
  const submission = parseWithZod(await request.formData(), { schema: PatientFacingNameSchema });
  if (submission.status !== "success") return formRejected(submission);
  await setPatientFacingName(context, { userId: viewer.userId, practiceId: practice.id }, submission.value.name);
  return redirectWithFlash(request, context, `/${practice.urlCode}/patient-facing-name`, { kind: "success", text: M.updated });
}

export default function PatientFacingName() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(PatientFacingNameSchema, {
    lastResult: actionData?.lastResult,
    defaultValue: { name: data.name ?? "" },
      });
  // The spec's one line in the summary; the field says what is wrong.
  const errors = fields.name.errors?.length ? [{ fieldId: fields.name.id, message: M.summary }] : [];
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} />
        <h1>Patient-facing name</h1>
        <div className="nhsuk-warning-callout">
          <h2 className="nhsuk-warning-callout__label">
            <span role="text">
              <span className="nhsuk-u-visually-hidden">Important: </span>Only patients see this name
            </span>
          </h2>
          <p>{M.warning}</p>
          <p>Your real name: {data.realName}</p>
        </div>
        <PostForm {...getFormProps(form)} noValidate>
          <TextInput
            meta={fields.name}
            label="Patient-facing name"
            hint={`For example, Dr Sam Patel or Reception team. Between 2 and ${PATIENT_FACING_NAME_MAX} characters.`}
            autoComplete="off"
          />
          <Button>Update</Button>
        </PostForm>
      </div>
    </div>
  );
}
