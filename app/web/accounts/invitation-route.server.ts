/**
 * Loader and action shared by the three invitation routes (staff, and practice admin with
 * and without the practice code in the path). What the page offers depends on who opens
 * the link: a newcomer registers, the owner of an existing account signs in and accepts.
 */
import { formRejected } from "~/web/forms.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { signedInHeaders } from "~/web/auth/auth-cookies.server";
import { loginPath, requireGuards } from "~/web/auth/guards.server";
import { startSession } from "~/domain/auth/sign-in.server";
import type { Viewer } from "~/domain/auth/viewer.server";
import {
  acceptInvitation,
  findInvitation,
  landingAfterInvitation,
  registerFromInvitation,
  type Invitation,
  type InvitationKind,
} from "~/domain/accounts/invitations.server";
import { InvitationRegistrationSchema } from "~/domain/accounts/registration-forms";

export type InvitationState = "expired" | "register" | "sign_in" | "accept" | "wrong_account";

function stateFor(invitation: Invitation | null, viewer: Viewer | null): InvitationState {
  if (!invitation) return "expired";
  if (viewer) return viewer.email.toLowerCase() === invitation.email ? "accept" : "wrong_account";
  return invitation.hasAccount ? "sign_in" : "register";
}

async function load(request: Request, context: AppContext, kind: InvitationKind, params: LoaderFunctionArgs["params"]) {
  // No role guard: anyone holding the link may open it. The practice in the path must exist.
  const { viewer } = await requireGuards(request, context, [], params.practiceCode ? { practiceCode: params.practiceCode } : {});
  const invitation = await findInvitation(context, kind, params.token ?? "", params.practiceCode);
  return { viewer, invitation, state: stateFor(invitation, viewer) };
}

export function invitationLoader(kind: InvitationKind) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    const { invitation, state } = await load(request, context, kind, params);
    const url = new URL(request.url);
    return json(
      {
        state,
        kind,
        productName: context.config.productName,
        email: invitation?.email ?? null,
        role: invitation?.role ?? null,
        practiceName: invitation?.practice.name ?? null,
        signInHref: invitation ? loginPath(url.pathname, { practiceCode: invitation.practice.urlCode }) : "/login",
      },
      { status: state === "expired" ? 410 : 200 },
    );
  };
}

export function invitationAction(kind: InvitationKind) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    const { viewer, state } = await load(request, context, kind, params);
    const formData = await request.formData();
    const token = params.token ?? "";
    if (state === "accept" && viewer && formData.get("intent") === "accept") {
      const outcome = await acceptInvitation(context, kind, token, params.practiceCode, viewer);
      if (outcome.status === "accepted") return redirect(landingAfterInvitation(outcome.role, outcome.practiceCode), { status: 303 });
      return json({ lastResult: null }, { status: outcome.status === "invalid" ? 410 : 409 });
    }
    if (state !== "register") return json({ lastResult: null }, { status: state === "expired" ? 410 : 409 });
    const submission = parseWithZod(formData, { schema: InvitationRegistrationSchema });
    if (submission.status !== "success") {
      return formRejected(submission, { hideFields: ["password"] });
    }
    const outcome = await registerFromInvitation(context, kind, token, params.practiceCode, submission.value);
    if (outcome.status !== "created") return json({ lastResult: null }, { status: outcome.status === "invalid" ? 410 : 409 });
    const sessionId = await startSession(context, outcome.userId, request.headers.get("User-Agent"));
    return redirect(landingAfterInvitation(outcome.role, outcome.practiceCode), {
      status: 303,
      headers: signedInHeaders(request, context, sessionId),
    });
  };
}

export type InvitationLoaderData = ReturnType<typeof invitationLoader>;
export type InvitationActionData = ReturnType<typeof invitationAction>;
