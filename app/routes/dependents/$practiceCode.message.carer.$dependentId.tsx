import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ISSUE_STEP_TITLE, IssueTypeStep, stoppedTitle } from "~/components/requests/StartSteps";
import { issueStepAction, issueStepLoader } from "~/web/requests/start-step.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: (data: unknown) => stoppedTitle(data, ISSUE_STEP_TITLE), hydrate: false } satisfies PageHandle;

/** Step 3 for a carer on behalf of a dependent (dependent_id is carer_dependents.id; 404 if not theirs). */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return issueStepLoader(request, context, params, null);
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return issueStepAction(request, context, params);
}

export default IssueTypeStep;
