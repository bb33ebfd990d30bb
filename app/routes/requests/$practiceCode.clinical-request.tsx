import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ISSUE_STEP_TITLE, IssueTypeStep, stoppedTitle } from "~/components/requests/StartSteps";
import { CLINICAL_REQUEST, requireAppPatient } from "~/web/requests/nhs-app-pages.server";
import { issueStepAction, issueStepLoader } from "~/web/requests/start-step.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: (data: unknown) => stoppedTitle(data, ISSUE_STEP_TITLE), hydrate: false } satisfies PageHandle;

/**
 * The NHS App's clinical request page (spec 2 §2.4): step 3 for oneself with the clinical
 * types; Back (and the app's back action) is the advice page before it. A P5 session goes to
 * the admin hub (decision 0081).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAppPatient(request, context, params.practiceCode);
  return issueStepLoader(request, context, { practiceCode: params.practiceCode }, null, CLINICAL_REQUEST);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAppPatient(request, context, params.practiceCode);
  return issueStepAction(request, context, { practiceCode: params.practiceCode }, CLINICAL_REQUEST);
}

export default IssueTypeStep;
