/** The scheme, host and port a request came in on: the base of absolute links in messages. */
export function requestOrigin(request: Request): string {
  return new URL(request.url).origin;
}
