import { useMatches } from "@remix-run/react";
import { useContext } from "react";
// react-router is pinned in package.json to the exact version @remix-run/react uses: a second
// copy would have its own context object and this would never see the action data.
import { UNSAFE_DataRouterStateContext } from "react-router";

/**
 * A route names its page with `handle.title` (a string, or a function of its loader data).
 * The document title is "{title} – {product}", just the product name when no route names
 * one, and starts with "Error: " when the last form post came back with errors (spec 1 §2.1).
 */
export type TitleHandle = { title?: string | ((data: unknown) => string) };

export function useDocumentTitle(productName: string): string {
  const matches = useMatches();
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  let title: string | undefined;
  for (const match of matches) {
    const handle = match.handle as TitleHandle | undefined;
    if (!handle?.title) continue;
    title = typeof handle.title === "function" ? handle.title(match.data) : handle.title;
  }
  const hasErrors = Object.values(routerState?.actionData ?? {}).some(hasFormErrors);
  const base = title ? `${title} – ${productName}` : productName;
  return hasErrors ? `Error: ${base}` : base;
}

/** Action data signals errors as a Conform submission result or an `errors` list. */
export function hasFormErrors(data: unknown): boolean {
  if (!data || typeof data !== "object") return false;
  const d = data as { lastResult?: { status?: string }; errors?: unknown };
  if (d.lastResult?.status === "error") return true;
  if (Array.isArray(d.errors)) return d.errors.length > 0;
  return Boolean(d.errors && typeof d.errors === "object" && Object.keys(d.errors).length > 0);
}
