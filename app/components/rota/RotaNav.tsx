/** The links between one person's availability, leave and calendar pages (the current one marked). */
export function RotaNav({ links, current, name }: { links: { availability: string; leave: string; calendar: string }; current: "availability" | "leave" | "calendar"; name: string }) {
  const items = [
    { key: "calendar", href: links.calendar, label: "Calendar" },
    { key: "availability", href: links.availability, label: "Working pattern" },
    { key: "leave", href: links.leave, label: "Leave and out of office" },
  ] as const;
  return (
    <nav aria-label={`Pages for ${name}`} className="nhsuk-u-margin-bottom-5">
      <ul className="nhsuk-list app-rota-nav">
        {items.map((item) => (
          <li key={item.key} className="nhsuk-u-margin-bottom-1">
            {item.key === current ? (
              <a href={item.href} aria-current="page">
                <strong>{item.label}</strong>
              </a>
            ) : (
              <a href={item.href}>{item.label}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
