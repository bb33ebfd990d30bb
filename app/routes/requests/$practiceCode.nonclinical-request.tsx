import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ISSUE_STEP_TITLE, IssueTypeStep, stoppedTitle } from "~/components/requests/StartSteps";
import { ADMIN_ISSUE_TYPE_ID } from "~/domain/requests/questions.server";
import { NONCLINICAL_REQUEST, requireAppPatient } from "~/web/requests/nhs-app-pages.server";
import { issueStepAction, issueStepLoader } from "~/web/requests/start-step.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: (data: unknown) => stoppedTitle(data, ISSUE_STEP_TITLE), hydrate: false } satisfies PageHandle;

/** The NHS App's non-clinical request page (spec 2 §2.4): step 3 for oneself, admin preselected. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAppPatient(request, context, params.practiceCode);
  return issueStepLoader(request, context, { practiceCode: params.practiceCode }, ADMIN_ISSUE_TYPE_ID, NONCLINICAL_REQUEST);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAppPatient(request, context, params.practiceCode);
  return issueStepAction(request, context, { practiceCode: params.practiceCode }, NONCLINICAL_REQUEST);
}

export default IssueTypeStep;
