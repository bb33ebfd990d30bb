import { formRejected } from "~/web/forms.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PatientDetailsPage } from "~/components/patients/PatientDetailsPage";
import { dateOfBirthOptions } from "~/web/accounts/registration.server";
import { redirectWithFlash } from "~/web/flash.server";
import { createNonDigitalPatient } from "~/domain/patients/patient-directory.server";
import { NON_DIGITAL_ADDED_MESSAGE, PATIENT_FORM_MESSAGES, patientDetailsSchema } from "~/domain/patients/patient-forms";
import { auditPatient, requirePatientStaff } from "~/web/patients/patient-staff.server";

export const handle = { title: "Add a non-digital patient" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requirePatientStaff(request, context, params.practiceCode);
  const { maximumPatientAge } = await dateOfBirthOptions(context);
  return json({ code: staff.practice.urlCode, maximumPatientAge });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requirePatientStaff(request, context, params.practiceCode);
  const submission = parseWithZod(await request.formData(), { schema: patientDetailsSchema(await dateOfBirthOptions(context)) });
  if (submission.status !== "success") return formRejected(submission);
  const result = await createNonDigitalPatient(context.db, staff.practice.id, submission.value, context.clock.now());
  if (result.status === "nhs_number_taken") {
    return formRejected(submission, { fieldErrors: { nhsNumber: [PATIENT_FORM_MESSAGES.nhsNumberTaken] } });
  }
  await auditPatient(context, staff, "non_digital_patient.create", result.value.id);
  return redirectWithFlash(request, context, `/${staff.practice.urlCode}/non-digital-patients`, { kind: "success", text: NON_DIGITAL_ADDED_MESSAGE });
}

export default function AddNonDigitalPatient() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <PatientDetailsPage
      title="Add a non-digital patient"
      backHref={`/${data.code}/non-digital-patients`}
      backText="Back to non-digital patients"
      submitText="Add patient"
      maximumPatientAge={data.maximumPatientAge}
      lastResult={actionData?.lastResult}
    />
  );
}
