import { Link, NavLink, useLocation } from "@remix-run/react";

type Counts = Record<"personal" | "unassigned" | "awaiting-response" | "completed" | "rejected" | "all", number>;

/** The federated inbox's code (docs/decisions/0062-federated-inbox.md). */
const ALL = "all";

/**
 * The same inbox at another practice, or at all practices: the inbox part of the current path
 * without the open request (it may not be there). Someone else's personal inbox becomes one's
 * own, the only personal inbox the federated view has.
 */
export function sameInboxAt(pathname: string, fromCode: string, toCode: string, me: number): string {
  const rest = pathname.slice(`/${fromCode}/inboxes/`.length).replace(/\/request-details\/.*$/, "");
  const inbox = !rest || (/^\d+$/.test(rest) && rest !== String(me)) ? String(me) : rest;
  return `/${toCode}/inboxes/${inbox}`;
}

/**
 * The inboxes of the practice (or of all the viewer's practices) with their counts, rendered
 * on the server with every page. Staff of more than one practice also get the switch between
 * each practice's inboxes and the federated "All practices" ones.
 */
export function InboxNav({
  code,
  me,
  counts,
  issueTypes,
  practices,
  carerRequests = 0,
}: {
  code: string;
  me: { id: number; name: string };
  counts: Counts;
  issueTypes: { id: number; name: string; count: number }[];
  practices: { code: string; name: string }[];
  /** Carers waiting for the practice's approval. */
  carerRequests?: number;
}) {
  const { pathname } = useLocation();
  const className = ({ isActive }: { isActive: boolean }) => (isActive ? "app-inbox-nav__link app-inbox-nav__link--active" : "app-inbox-nav__link");
  const links: { href: string; label: string; count: number }[] = [
    { href: `/${code}/inboxes/${me.id}`, label: "My inbox", count: counts.personal },
    { href: `/${code}/inboxes/unassigned`, label: "Unassigned", count: counts.unassigned },
    { href: `/${code}/inboxes/awaiting-response`, label: "Awaiting Response", count: counts["awaiting-response"] },
    { href: `/${code}/inboxes/completed`, label: "Completed", count: counts.completed },
    { href: `/${code}/inboxes/rejected`, label: "Rejected", count: counts.rejected },
    { href: `/${code}/inboxes/all`, label: "All", count: counts.all },
    { href: `/${code}/inboxes/carer-requests`, label: "Carer requests", count: carerRequests },
  ];
  const switchTo = [{ code: ALL, name: "All practices" }, ...practices];
  return (
    <nav className="app-inbox-nav" aria-label="Inboxes">
      {practices.length > 1 ? (
        <div className="app-inbox-nav__group">
          <h2 className="app-inbox-nav__heading">Practice</h2>
          <ul className="nhsuk-list app-inbox-nav__list">
            {switchTo.map((p) => {
              const current = p.code.toLowerCase() === code.toLowerCase();
              return (
                <li key={p.code}>
                  <Link
                    to={sameInboxAt(pathname, code, p.code, me.id)}
                    className={current ? "app-inbox-nav__link app-inbox-nav__link--active" : "app-inbox-nav__link"}
                    aria-current={current ? "true" : undefined}
                  >
                    {p.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {code.toLowerCase() !== ALL ? (
        // Availability, leave and calendar (issue "video"): one's own, at this practice. Before the
        // inboxes: short, it shares the practice row (decision 0132).
        <div className="app-inbox-nav__group">
          <h2 className="app-inbox-nav__heading">My time</h2>
          <ul className="nhsuk-list app-inbox-nav__list">
            <li>
              <Link to={`/${code}/calendar/${me.id}`} className="app-inbox-nav__link">
                My calendar
              </Link>
            </li>
            <li>
              <Link to={`/${code}/leave/${me.id}`} className="app-inbox-nav__link">
                My leave
              </Link>
            </li>
          </ul>
        </div>
      ) : null}
      <div className="app-inbox-nav__group">
      <h2 className="app-inbox-nav__heading">Inboxes</h2>
      <ul className="nhsuk-list app-inbox-nav__list">
        {links.map((l) => (
          <li key={l.href}>
            <NavLink to={l.href} className={className}>
              {l.label} <span className="app-inbox-nav__count">({l.count})</span>
            </NavLink>
          </li>
        ))}
      </ul>
      </div>
      <div className="app-inbox-nav__group">
      <h2 className="app-inbox-nav__heading">Open requests by type</h2>
      <ul className="nhsuk-list app-inbox-nav__list">
        {issueTypes.map((t) => (
          <li key={t.id}>
            <NavLink to={`/${code}/inboxes/issue_type/${t.id}`} className={className}>
              {t.name} <span className="app-inbox-nav__count">({t.count})</span>
            </NavLink>
          </li>
        ))}
      </ul>
      </div>
    </nav>
  );
}
