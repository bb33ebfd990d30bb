import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ISSUE_STEP_TITLE, IssueTypeStep } from "~/components/requests/StartSteps";
import { staffStartAction, staffStartLoader } from "~/web/requests/staff-start.server";

/** Staff start a request on a patient's behalf; then the patient journey's own steps follow. */
export const handle = { title: ISSUE_STEP_TITLE };

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return staffStartLoader(request, context, params);
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return staffStartAction(request, context, params);
}

export default IssueTypeStep;
