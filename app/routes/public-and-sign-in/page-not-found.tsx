import { json } from "@remix-run/node";
import { NotFound } from "~/components/ErrorPages";

export const handle = { title: "Page not found" };

export function loader() {
  return json(null, { status: 404 });
}

export default function PageNotFound() {
  return <NotFound />;
}
