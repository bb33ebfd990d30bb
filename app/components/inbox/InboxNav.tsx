import { NavLink } from "@remix-run/react";

type Counts = Record<"personal" | "unassigned" | "awaiting-response" | "completed" | "rejected" | "all", number>;

/** The inboxes of the practice with their counts, rendered on the server with every page. */
export function InboxNav({ code, me, counts, issueTypes }: { code: string; me: { id: number; name: string }; counts: Counts; issueTypes: { id: number; name: string; count: number }[] }) {
  const links: { href: string; label: string; count: number }[] = [
    { href: `/${code}/inboxes/${me.id}`, label: "My inbox", count: counts.personal },
    { href: `/${code}/inboxes/unassigned`, label: "Unassigned", count: counts.unassigned },
    { href: `/${code}/inboxes/awaiting-response`, label: "Awaiting Response", count: counts["awaiting-response"] },
    { href: `/${code}/inboxes/completed`, label: "Completed", count: counts.completed },
    { href: `/${code}/inboxes/rejected`, label: "Rejected", count: counts.rejected },
    { href: `/${code}/inboxes/all`, label: "All", count: counts.all },
  ];
  return (
    <nav className="app-inbox-nav" aria-label="Inboxes">
      <ul className="nhsuk-list app-inbox-nav__list">
        {links.map((l) => (
          <li key={l.href}>
            <NavLink to={l.href} className={({ isActive }) => (isActive ? "app-inbox-nav__link app-inbox-nav__link--active" : "app-inbox-nav__link")}>
              {l.label} <span className="app-inbox-nav__count">({l.count})</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <h2 className="nhsuk-heading-xs nhsuk-u-margin-bottom-2">Open requests by type</h2>
      <ul className="nhsuk-list app-inbox-nav__list">
        {issueTypes.map((t) => (
          <li key={t.id}>
            <NavLink to={`/${code}/inboxes/issue_type/${t.id}`} className={({ isActive }) => (isActive ? "app-inbox-nav__link app-inbox-nav__link--active" : "app-inbox-nav__link")}>
              {t.name} <span className="app-inbox-nav__count">({t.count})</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
