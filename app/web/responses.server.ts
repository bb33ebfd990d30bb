/** Thrown responses that the root error boundary renders as the matching page. */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}
