/**
 * The templates area's guard: at /{code}/… the practice's gp, receptionist or practice admin (and
 * the system admin) work on that practice's templates; at the unprefixed addresses only the
 * system admin, on the national ones (spec 3 §2 and §6). The address decides the scope.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { admin, gp_or_reception_or_practice_admin } from "~/domain/auth/guards";
import type { TemplateScope } from "~/domain/templates/templates.server";
import { requireViewer } from "~/web/auth/guards.server";

export async function requireTemplateScope(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const code = args.params.practiceCode;
  if (code === undefined) {
    const { viewer } = await requireViewer(args.request, args.context, [admin]);
    return { viewer, scope: { practiceId: null } as TemplateScope, base: "", practiceName: null as string | null, practiceCode: null as string | null };
  }
  const { viewer, practice } = await requireViewer(args.request, args.context, [gp_or_reception_or_practice_admin], { practiceCode: code });
  const p = practice!;
  return { viewer, scope: { practiceId: p.id } as TemplateScope, base: `/${p.urlCode}`, practiceName: p.name, practiceCode: p.urlCode };
}
