import { json } from "@remix-run/node";
import { NotFound } from "~/components/ErrorPages";
import type { PageHandle } from "~/components/hydration";

/**
 * Every unknown path renders page-not-found in place with HTTP 404 (rather than
 * redirecting), so the address stays visible and crawlers and monitors see the 404.
 */
export const handle = { title: "Page not found", hydrate: false } satisfies PageHandle;

export function loader() {
  return json(null, { status: 404 });
}

export function action() {
  return json(null, { status: 404 });
}

export default function UnknownPath() {
  return <NotFound />;
}
