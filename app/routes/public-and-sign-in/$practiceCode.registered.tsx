import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Registered } from "~/components/accounts/LinkPages";
import { notFound } from "~/web/responses.server";
import { findPracticeByCode } from "~/domain/practices/practices.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Your email address is confirmed", hydrate: false } satisfies PageHandle;

/** /{code}/registered (spec 1 §2.2): the address is confirmed; sign in at the practice. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const practice = params.practiceCode ? await findPracticeByCode(context.db, params.practiceCode) : null;
  if (!practice) throw notFound();
  return json({ productName: context.config.productName, practice: { name: practice.name, urlCode: practice.urlCode } });
}

export default function PracticeRegisteredPage() {
  const { productName, practice } = useLoaderData<typeof loader>();
  return <Registered productName={productName} practiceName={practice.name} signInHref={`/${practice.urlCode}/login`} />;
}
