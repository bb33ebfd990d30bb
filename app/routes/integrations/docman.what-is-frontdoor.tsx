import { redirect } from "@remix-run/node";
import { WHAT_IS_PRODUCT_URL } from "~/domain/integrations/docman";

/** /docman/what-is-{product}: the product's page for practices (spec 3 §2). */
export function loader() {
  return redirect(WHAT_IS_PRODUCT_URL);
}
