/**
 * Fixed paths that exist today. Menus link only to these, so a menu never offers a page
 * that is not built yet. Add a path here when its route lands.
 */
export const availablePaths: ReadonlySet<string> = new Set([
  "/",
  "/data-privacy",
  "/cookies",
  "/suggestion",
  "/login",
  // Signed-in landing pages (placeholders until their features land).
  "/admin",
  "/carer/dependents",
  "/practices",
  "/practices/invite",
  "/ccg-portal",
  "/:code/inbox",
  "/:code/message",
  "/:code/my-requests-and-messages",
]);
