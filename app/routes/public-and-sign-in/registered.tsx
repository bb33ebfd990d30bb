import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Registered } from "~/components/accounts/LinkPages";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Your email address is confirmed", hydrate: false } satisfies PageHandle;

/** /registered (spec 1 §2.2): the address is confirmed; sign in. */
export async function loader({ context }: LoaderFunctionArgs) {
  return json({ productName: context.config.productName });
}

export default function RegisteredPage() {
  const { productName } = useLoaderData<typeof loader>();
  return <Registered productName={productName} practiceName={null} signInHref="/login" />;
}
