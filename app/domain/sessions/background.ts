/**
 * A request the page makes by itself, not its user (the slot list's five-minute refresh,
 * app/client/page-comforts.ts) says so with this header. It is served as any other, but it is
 * not activity: the session's idle deadline stays where the user's last action put it (spec 1
 * §4, decision 0162), so a page left open does not keep a session alive for its 12 hours. A
 * client that sends it of its own accord only shortens its own session.
 */
export const BACKGROUND_REQUEST_HEADER = "X-Frontdoor-Background";
