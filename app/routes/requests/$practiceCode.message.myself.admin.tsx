import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ISSUE_STEP_TITLE, IssueTypeStep, stoppedTitle } from "~/components/requests/StartSteps";
import { ADMIN_ISSUE_TYPE_ID } from "~/domain/requests/questions.server";
import { issueStepAction, issueStepLoader } from "~/web/requests/start-step.server";
import type { PageHandle } from "~/components/hydration";

// The same step as message/myself: nothing for React to do (decision 0145).
export const handle = { title: (data: unknown) => stoppedTitle(data, ISSUE_STEP_TITLE), hydrate: false } satisfies PageHandle;

/** Step 3 for oneself with the administrative issue type (4) preselected (spec 2 §2.2). */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return issueStepLoader(request, context, { practiceCode: params.practiceCode }, ADMIN_ISSUE_TYPE_ID);
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return issueStepAction(request, context, { practiceCode: params.practiceCode });
}

export default IssueTypeStep;
