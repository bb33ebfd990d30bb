import { Form, useRouteLoaderData, type FormProps } from "@remix-run/react";

/**
 * What this component reads from the root loader's data. Named here, not imported from
 * root.tsx, so components never depend on the route that renders them (root.tsx imports this).
 */
type RootFormFields = { csrfToken: string; formKey: string };

/**
 * The hidden fields every form carries, both checked once for every POST by the route layer
 * (app/server/route-layer.server.ts): the CSRF token, and the page's idempotency key, which
 * makes a double post or a retry answer with the first post's result instead of saving twice.
 */
export function CsrfInput() {
  const root = useRouteLoaderData("root") as RootFormFields | undefined;
  return (
    <>
      <input type="hidden" name="csrf" value={root?.csrfToken ?? ""} />
      <input type="hidden" name="idempotency_key" value={root?.formKey ?? ""} />
    </>
  );
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
