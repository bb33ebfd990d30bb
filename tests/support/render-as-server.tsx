/**
 * Renders components as the server does, for the components' own tests: in a data router whose
 * root route answers the root loader data the form kit and the plain scripts' links read
 * (`useRouteLoaderData("root")`: a CSRF token "t", a form key "k", and `rootData`), the element
 * as the page route below it with its `handle` (whether the page hydrates, decision 0145), and
 * the CSP nonce "n0nce".
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Outlet } from "react-router-dom";
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router-dom/server";
import { NonceContext } from "~/components/nonce";

export async function renderAsServer(element: ReactNode, { rootData = {}, handle }: { rootData?: Record<string, unknown>; handle?: unknown } = {}): Promise<string> {
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => ({ csrfToken: "t", formKey: "k", ...rootData }),
      element: <Outlet />,
      children: [{ id: "page", index: true, element, handle }],
    },
  ]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToStaticMarkup(
    <NonceContext.Provider value="n0nce">
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </NonceContext.Provider>,
  );
}
