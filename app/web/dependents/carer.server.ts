/**
 * The carer pages' shared HTTP glue (spec 2 §2.3): who may open them (a signed-in carer, not a
 * guest, not staff-only), at which practice (the one in the URL, else the carer's home practice),
 * and the add-a-dependent form's action, which three URLs share.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { addDependent } from "~/domain/accounts/dependent-registration.server";
import { dependentSchema, REGISTRATION_MESSAGES } from "~/domain/accounts/registration-forms";
import { TOO_MANY_ATTEMPTS } from "~/domain/accounts/registration.server";
import { noGPNoGuestAccount } from "~/domain/auth/guards";
import type { Viewer } from "~/domain/auth/viewer.server";
import { carerHomePracticeCode, carerLinks } from "~/domain/dependents/proxy-links.server";
import { findPracticeByCode, type Practice } from "~/domain/practices/practices.server";
import { dateOfBirthOptions } from "~/web/accounts/registration.server";
import { permissionDeniedPath, requireViewer } from "~/web/auth/guards.server";
import { formRejected } from "~/web/forms.server";
import { redirectWithFlash } from "~/web/flash.server";
import { notFound } from "~/web/responses.server";

/** A signed-in carer (role carer_user, not a guest); the practice of the URL when it has one (404 if unknown). */
export async function requireCarer(request: Request, context: AppContext, practiceCode?: string): Promise<{ viewer: Viewer; practice: Practice | null }> {
  const { viewer, practice } = await requireViewer(request, context, [noGPNoGuestAccount], practiceCode ? { practiceCode } : {});
  if (practiceCode && !practice) throw notFound();
  if (!viewer.globalRoles.has("carer_user")) throw redirect(permissionDeniedPath(undefined, practice?.urlCode));
  return { viewer, practice };
}

/** Where the carer's own pages live: /{code}/dependents when reached that way, else /carer/dependents. */
export function dependentsHome(practiceCode: string | undefined): string {
  return practiceCode ? `/${practiceCode}/dependents` : "/carer/dependents";
}

/**
 * The practice a carer adds someone at: the URL's, else where they registered (or their own
 * record's), else that of the people they already care for; 404 with none.
 */
export async function practiceToAddAt(context: AppContext, viewer: Viewer, practice: Practice | null): Promise<Practice> {
  if (practice) return practice;
  const code = (await carerHomePracticeCode(context.db, viewer.userId)) ?? (await carerLinks(context.db, viewer.userId))[0]?.practiceCode ?? null;
  const home = code ? await findPracticeByCode(context.db, code) : null;
  if (!home) throw notFound();
  return home;
}

export async function addDependentPageData(context: AppContext, practice: Practice, backHref: string) {
  const { maximumPatientAge } = await dateOfBirthOptions(context);
  return { practice: { name: practice.name, urlCode: practice.urlCode }, maximumPatientAge, backHref };
}

/** The add-a-dependent form posted: the link waits for the practice; back to the list with a message. */
export async function addDependentAction(request: Request, context: AppContext, viewer: Viewer, practice: Practice, doneHref: string) {
  const schema = dependentSchema(await dateOfBirthOptions(context));
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return formRejected(submission);
  const result = await addDependent(context, practice, viewer.userId, submission.value);
  const formError = (message: string) => formRejected(submission, { formErrors: [message] });
  switch (result.status) {
    case "not_registered":
      return formError(REGISTRATION_MESSAGES.dependentNotRegistered(context.config.productName));
    case "self":
      return formError(REGISTRATION_MESSAGES.cannotAddYourself);
    case "throttled":
      return json({ lastResult: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS] }) }, { status: 429 });
    case "postcode_needed":
      return formRejected(submission, { fieldErrors: { postcode: [REGISTRATION_MESSAGES.postcodeNeeded] } });
    case "wrong_reason":
      return formRejected(submission, { fieldErrors: { reason: [result.message] } });
    case "requested":
    case "already_pending":
    case "already_approved": {
      const name = `${result.firstName} ${result.lastName}`;
      const flash =
        result.status === "already_approved"
          ? { kind: "info" as const, text: `${name} is already one of the people you care for.` }
          : {
              kind: "success" as const,
              text: `We have asked ${practice.name} to confirm that you care for ${name}. You can act for them once the practice approves.`,
            };
      return redirectWithFlash(request, context, doneHref, flash);
    }
  }
}
