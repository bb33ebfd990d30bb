import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { nextAssignment } from "~/domain/integrations/ai-testing.server";
import { requireReviewer } from "~/web/integrations/aitesting.server";

/** /aitesting/redirect: where a reviewer lands; on to their next review, or the completed list when none is left. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { reviewer } = await requireReviewer(request, context);
  const id = await nextAssignment(context, reviewer);
  return redirect(id === null ? "/aitesting/completed?done=1" : `/aitesting/review/${id}`);
}
