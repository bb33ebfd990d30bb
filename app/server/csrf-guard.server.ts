/**
 * Checks the CSRF token once for every action in the app: each route module's action is
 * wrapped at start-up, so no route can forget it and none repeats it. The wrapper reads
 * a clone of the request, leaving the body for the action itself.
 */
import type { ActionFunctionArgs, ServerBuild } from "@remix-run/node";
import { CSRF_FIELD, isValidCsrfToken } from "~/domain/security/csrf.server";

export const CSRF_FAILED_STATUS = 403;

export async function requestCarriesValidCsrfToken(args: ActionFunctionArgs): Promise<boolean> {
  const { request, context } = args;
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return false;
  let token: FormDataEntryValue | null = null;
  try {
    token = (await request.clone().formData()).get(CSRF_FIELD);
  } catch {
    return false;
  }
  return isValidCsrfToken(context.config.sessionSecret, context.csrfSecret, token);
}

export function withCsrfProtection(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const original = route.module.action;
    if (!original) {
      routes[id] = route;
      continue;
    }
    const action = async (args: ActionFunctionArgs) => {
      if (!(await requestCarriesValidCsrfToken(args))) {
        throw new Response("Forbidden: the form could not be verified", {
          status: CSRF_FAILED_STATUS,
          statusText: "Forbidden",
        });
      }
      return original(args);
    };
    routes[id] = { ...route, module: { ...route.module, action } };
  }
  return { ...build, routes };
}
