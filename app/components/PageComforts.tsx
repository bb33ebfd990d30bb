import { useRouteLoaderData } from "@remix-run/react";
import { useNonce } from "./nonce";

/**
 * Links the plain script that gives a page which is not hydrated the comforts React gives the
 * others (app/client/page-comforts.ts, decision 0160): dialog links, password reveals, refreshed
 * lists. Rendered by each component that marks such markup, so only pages that have some load
 * it; the script runs once however often it is linked. Nothing without a build (unit tests).
 */
export function PageComfortsScript() {
  const nonce = useNonce();
  const src = (useRouteLoaderData("root") as { pageComfortsScript?: string | null } | undefined)?.pageComfortsScript;
  return src ? <script src={src} nonce={nonce} defer /> : null;
}
