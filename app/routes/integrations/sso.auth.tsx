import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { SsoSignOnSchema } from "~/domain/integrations/forms";
import { signOnWithToolbar } from "~/domain/integrations/sso.server";
import { ssoContinuation, SSO_MESSAGES } from "~/domain/integrations/sso-token";
import { nhsNumberDigits } from "~/domain/integrations/toolbar.server";
import type { Viewer } from "~/domain/auth/viewer.server";
import { signedInHeaders } from "~/web/auth/auth-cookies.server";
import { getViewer } from "~/web/auth/viewer.server";
import { permissionDeniedPath } from "~/web/auth/guards.server";

/**
 * /sso/auth (public; spec 3 §2, decision 0115): the clinical-system toolbar opens this address
 * with ?apiKey=…&token=…&type=patient&action=…#<NHS number>. Signed out, the page holds a form
 * that posts the key and token (with JS it posts itself, carrying the hash; without JS the
 * Continue button does, and the NHS number comes as ?nhs_number=). Signed in, the sign-on is
 * skipped: one practice, or the one chosen, and on to the patient or the inbox.
 */
export const handle = { title: "Single sign-on" };

const staffPractices = (viewer: Viewer) => {
  const seen = new Map<string, { code: string; name: string }>();
  for (const m of viewer.memberships) if (m.role === "gp" || m.role === "receptionist") seen.set(m.urlCode, { code: m.urlCode, name: m.practiceName });
  return [...seen.values()];
};

const clip = (value: string | null, max: number) => (value && value.length <= max ? value : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const type = clip(q.get("type"), 40);
  const action = clip(q.get("action"), 200);
  const nhsNumber = nhsNumberDigits(q.get("nhs_number"));
  const viewer = await getViewer(request, context);
  if (viewer) {
    const practices = staffPractices(viewer);
    if (practices.length === 0) throw redirect(permissionDeniedPath());
    const chosen = practices.find((p) => p.code === q.get("practice")) ?? (practices.length === 1 ? practices[0] : null);
    if (chosen) throw redirect(ssoContinuation({ practiceCode: chosen.code, userId: viewer.userId, type, action, nhsNumber, numberInQuery: true }));
    return json({ state: "choose" as const, practices, type, action, nhsNumber, message: null, apiKey: null, token: null });
  }
  const apiKey = clip(q.get("apiKey"), 200);
  const token = clip(q.get("token"), 4096);
  if (!apiKey || !token) {
    const error = clip(q.get("error"), 300);
    return json({ state: "error" as const, practices: [], type, action, nhsNumber, message: error ?? SSO_MESSAGES.problem, apiKey: null, token: null });
  }
  return json({ state: "sign-on" as const, practices: [], type, action, nhsNumber, message: null, apiKey, token });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SsoSignOnSchema });
  const viewer = await getViewer(request, context);
  const query = (value: { type: string | null; action: string | null; nhsNumber: string | null; fromHash: boolean }) => {
    const search = new URLSearchParams();
    if (value.type) search.set("type", value.type);
    if (value.action) search.set("action", value.action);
    if (value.nhsNumber && !value.fromHash) search.set("nhs_number", value.nhsNumber);
    const hash = value.nhsNumber && value.fromHash ? `#${value.nhsNumber}` : "";
    return `/sso/auth${search.size ? `?${search}` : ""}${hash}`;
  };
  if (submission.status !== "success") {
    if (viewer) return redirect("/sso/auth", 303);
    return json({ message: SSO_MESSAGES.problem }, { status: 400 });
  }
  const v = submission.value;
  const next = { type: v.type, action: v.action, nhsNumber: nhsNumberDigits(v.nhs_number), fromHash: v.from_hash === "1" };
  // Already signed in: the sign-on call is skipped.
  if (viewer) return redirect(query(next), 303);
  const result = await signOnWithToolbar(context, { apiKey: v.apiKey, token: v.token, userAgent: request.headers.get("User-Agent") });
  switch (result.status) {
    case "ok": {
      const headers = signedInHeaders(request, context, result.sessionId);
      const [only] = result.practices;
      const to =
        result.practices.length === 1
          ? ssoContinuation({ practiceCode: only.code, userId: result.userId, type: next.type, action: next.action, nhsNumber: next.nhsNumber, numberInQuery: !next.fromHash })
          : query(next);
      return redirect(to, { status: 303, headers });
    }
    case "expired":
      return json({ message: SSO_MESSAGES.expired }, { status: 400 });
    case "used":
      return json({ message: SSO_MESSAGES.used }, { status: 400 });
    case "not_staff":
      return json({ message: SSO_MESSAGES.notStaff }, { status: 400 });
    default:
      return json({ message: SSO_MESSAGES.problem }, { status: 400 });
  }
}

function readHashNumber(): string | null {
  const digits = window.location.hash.replace(/^#/, "").replace(/[\s-]|%20/g, "");
  return /^\d{10}$/.test(digits) ? digits : null;
}

export default function SsoAuth() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const wrapper = useRef<HTMLDivElement>(null);
  const numberField = useRef<HTMLInputElement>(null);
  const fromHash = useRef<HTMLInputElement>(null);
  const autoPosted = useRef(false);

  useEffect(() => {
    const fromAddress = readHashNumber();
    if (fromAddress && numberField.current) {
      numberField.current.value = fromAddress;
      if (fromHash.current) fromHash.current.value = "1";
    }
    // With JS the toolbar's sign-on needs no click (once: a refused token shows why).
    const form = wrapper.current?.querySelector("form");
    if (data.state === "sign-on" && !autoPosted.current && !result && form) {
      autoPosted.current = true;
      form.requestSubmit();
    }
  }, [data.state, result]);

  if (data.state === "choose") {
    return (
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <h1>Choose a practice</h1>
          <p>You work at more than one practice. Which practice is the toolbar open for?</p>
          <Form method="get" action="/sso/auth">
            {data.type ? <input type="hidden" name="type" value={data.type} /> : null}
            {data.action ? <input type="hidden" name="action" value={data.action} /> : null}
            <input type="hidden" name="nhs_number" defaultValue={data.nhsNumber ?? ""} ref={numberField} />
            {data.practices.map((p) => (
              <p key={p.code}>
                <button className="nhsuk-button nhsuk-button--secondary" type="submit" name="practice" value={p.code} data-module="nhsuk-button">
                  {p.name}
                </button>
              </p>
            ))}
          </Form>
        </div>
      </div>
    );
  }

  const message = result?.message ?? data.message;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {message ? (
          <>
            <h1>Single sign-on</h1>
            <div className="nhsuk-error-summary" aria-labelledby="sso-error-title" role="alert" tabIndex={-1}>
              <h2 className="nhsuk-error-summary__title" id="sso-error-title">
                There is a problem
              </h2>
              <div className="nhsuk-error-summary__body">
                <p data-testid="sso-error">{message}</p>
              </div>
            </div>
            <p>
              <a href="/login">Sign in with your email address and password</a>
            </p>
          </>
        ) : (
          <>
            <h1>Signing you in from your toolbar</h1>
            <p>Select Continue to sign in and open what your toolbar asked for.</p>
            <div ref={wrapper}>
            <PostForm action="/sso/auth">
              <input type="hidden" name="apiKey" value={data.apiKey ?? ""} />
              <input type="hidden" name="token" value={data.token ?? ""} />
              {data.type ? <input type="hidden" name="type" value={data.type} /> : null}
              {data.action ? <input type="hidden" name="action" value={data.action} /> : null}
              <input type="hidden" name="nhs_number" defaultValue={data.nhsNumber ?? ""} ref={numberField} />
              <input type="hidden" name="from_hash" defaultValue="" ref={fromHash} />
              <Button>Continue</Button>
            </PostForm>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
