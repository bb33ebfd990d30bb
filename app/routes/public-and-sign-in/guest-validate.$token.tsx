import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LinkExpired } from "~/components/accounts/LinkPages";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { confirmGuest, findGuestLink, GUEST_MESSAGES } from "~/domain/accounts/guest-entry.server";
import { signedInHeaders } from "~/web/auth/auth-cookies.server";
import { startSession } from "~/domain/auth/sign-in.server";
import { getViewer } from "~/web/auth/viewer.server";
import { isSecureRequest } from "~/web/cookies";
import { setFlashCookie } from "~/web/flash.server";
import { deleteSession } from "~/domain/sessions/sessions.server";
import type { PageHandle } from "~/components/hydration";

export const handle = {
  title: (data: { state?: string } | undefined) =>
    data?.state === "expired" ? "This link has expired or has already been used" : "Continue as a guest",
  hydrate: false,
} satisfies PageHandle;

/**
 * /guest-validate/{token} (spec 1 §2.2): the guest's e-mail link. As with /validate, the
 * GET only shows a button (mail scanners fetch links); the POST uses the link, signs the
 * guest in and goes on to make a request.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const link = await findGuestLink(context, params.token ?? "");
  if (!link) return json({ state: "expired" as const, practice: null }, { status: 410 });
  return json({ state: "confirm" as const, practice: link.practice });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const result = await confirmGuest(context, params.token ?? "");
  if (result.status === "invalid") return json({ state: "expired" as const }, { status: 410 });
  if (result.status === "patient_has_account") {
    const flash = { kind: "info" as const, text: GUEST_MESSAGES.patientHasAccount };
    return redirect(`/${result.practiceCode}/login`, {
      status: 303,
      headers: { "Set-Cookie": setFlashCookie(context.config.sessionSecret, flash, isSecureRequest(request)) },
    });
  }
  // Whoever was signed in on this browser before is signed out: one session per cookie.
  const previous = await getViewer(request, context);
  if (previous) await deleteSession(context.db, previous.sessionId);
  const sessionId = await startSession(context, result.userId, request.headers.get("User-Agent"));
  return redirect(`/${result.practiceCode}/message`, { status: 303, headers: signedInHeaders(request, context, sessionId) });
}

export default function GuestValidate() {
  const { state, practice } = useLoaderData<typeof loader>();
  if (state === "expired" || !practice) {
    return (
      <LinkExpired signInHref="/login">
        <p>Links in our emails work once, for a limited time.</p>
        <p>To contact your practice as a guest, start again from your practice&apos;s page, or sign in if you have an account.</p>
      </LinkExpired>
    );
  }
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <span className="nhsuk-caption-l">{practice.name}</span>
        <h1>Continue as a guest</h1>
        <p>Your email address is confirmed when you continue. You can then contact {practice.name}.</p>
        <PostForm>
          <Button>Continue</Button>
        </PostForm>
      </div>
    </div>
  );
}
