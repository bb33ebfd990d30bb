/**
 * URLs that show the same screen as another route module (the spec gives one screen several
 * URLs). Each is declared here once, with its own route id, and points at the module that
 * holds the loader, action and page; remix.config.js adds them to the file-based routes, and
 * the access matrix and fuzz tests read this table to find their module. A route file that
 * only re-exports another is not written.
 *
 * `id` stays the id the URL had as a file (tests and logs name routes by it); `parentId`
 * nests the URL under a layout route (its `path` is then relative to the parent's).
 *
 * @type {{ id: string; path: string; file: string; parentId?: string }[]}
 */
export const SHARED_ROUTES = [
  { id: "routes/$practiceCode.login", path: ":practiceCode/login", file: "routes/login._index.tsx" },
  // An issue type's inbox: the inbox list (the loader reads params.type), inside the inboxes layout.
  {
    id: "routes/$practiceCode.inboxes.issue_type.$type",
    parentId: "routes/$practiceCode.inboxes",
    path: "issue_type/:type",
    file: "routes/$practiceCode.inboxes.$inbox.tsx",
  },
  // A request opened from an issue type's inbox: the request details, beside that list.
  {
    id: "routes/$practiceCode.inboxes.issue_type.$type.request-details.$requestId",
    parentId: "routes/$practiceCode.inboxes.issue_type.$type",
    path: "request-details/:requestId",
    file: "routes/$practiceCode.inboxes.$inbox.request-details.$requestId.tsx",
  },
];
