import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PermissionDenied } from "~/components/ErrorPages";
import { isPermissionErrorCode } from "~/copy";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Permission denied", hydrate: false } satisfies PageHandle;

export function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("error_code");
  return json({ errorCode: isPermissionErrorCode(code) ? code : null }, { status: 403 });
}

export default function PermissionDeniedPage() {
  const { errorCode } = useLoaderData<typeof loader>();
  return <PermissionDenied errorCode={errorCode} />;
}
