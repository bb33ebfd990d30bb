import { Form, useRouteLoaderData, type FormProps } from "@remix-run/react";
import type { RootLoaderData } from "~/root";

/** The hidden field every form carries; server.ts checks it once for every POST. */
export function CsrfInput() {
  const root = useRouteLoaderData<RootLoaderData>("root");
  return <input type="hidden" name="csrf" value={root?.csrfToken ?? ""} />;
}

/**
 * A plain `<form method="post">` that Remix enhances when JS runs. Always use this (not a
 * bare <Form>) so no form can forget its CSRF token.
 */
export function PostForm({ children, ...props }: Omit<FormProps, "method"> & { method?: "post" }) {
  return (
    <Form method="post" {...props}>
      <CsrfInput />
      {children}
    </Form>
  );
}
