import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ISSUE_STEP_TITLE, IssueTypeStep, stoppedTitle } from "~/components/requests/StartSteps";
import { issueStepAction, issueStepLoader } from "~/web/requests/start-step.server";
import type { PageHandle } from "~/components/hydration";

// A radio question and a post: nothing for React to do (decision 0145).
export const handle = { title: (data: unknown) => stoppedTitle(data, ISSUE_STEP_TITLE), hydrate: false } satisfies PageHandle;

/** Step 3 for oneself: what the request is about. */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return issueStepLoader(request, context, { practiceCode: params.practiceCode }, null);
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return issueStepAction(request, context, { practiceCode: params.practiceCode });
}

export default IssueTypeStep;
