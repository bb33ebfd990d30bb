import { redirect } from "@remix-run/node";

/** /{code}/statistics is blocked and redirects home (spec 3 §2): the numbers are in the report. */
export async function loader() {
  return redirect("/");
}
