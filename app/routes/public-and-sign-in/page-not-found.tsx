import { json } from "@remix-run/node";
import { NotFound } from "~/components/ErrorPages";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Page not found", hydrate: false } satisfies PageHandle;

export function loader() {
  return json(null, { status: 404 });
}

export default function PageNotFound() {
  return <NotFound />;
}
