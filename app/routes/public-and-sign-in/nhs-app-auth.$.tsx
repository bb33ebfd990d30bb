import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { journeyFromNhsApp } from "~/domain/nhs-login/nhs-app";
import { getViewer } from "~/web/auth/viewer.server";
import { startNhsLogin } from "~/web/nhs-login/nhs-login.server";
import { notFound } from "~/web/responses.server";

/**
 * /nhs-app-auth/{journeyPath} (spec 2 §2.4): where the NHS App opens this service. No guard:
 * someone signed in goes straight to the journey; anyone else signs in through NHS login
 * silently (prompt=none, with the app's assertedLoginIdentity when given) and then continues
 * to the journey. If NHS login must ask after all, it asks (decision 0084).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const journey = journeyFromNhsApp(params["*"], url.searchParams);
  if (!journey) throw notFound();
  if (await getViewer(request, context)) return redirect(journey);
  return startNhsLogin(request, context, { next: journey, silent: true, assertedLoginIdentity: url.searchParams.get("assertedLoginIdentity") });
}
