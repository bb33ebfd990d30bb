import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { Guard } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";

/** Loader for a placeholder landing page: the real guards, then the heading. */
export function placeholderLoader(heading: string, guards: Guard[], withPractice = false) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    const { viewer } = await requireViewer(request, context, guards, withPractice ? { practiceCode: params.practiceCode } : {});
    return json({ heading, name: `${viewer.firstName} ${viewer.lastName}` });
  };
}
