/**
 * The header by audience (spec 1 §2.1). Computed on the server from the viewer, so menu
 * visibility follows the same role data the guards use. Only pages that exist are linked:
 * `available` lists the paths built so far, and items for missing pages are left out.
 */
export type NavLink = { label: string; href: string };
export type Audience = "public" | "patient" | "staff";
export type ShellNavigation = {
  audience: Audience;
  homeHref: string;
  items: NavLink[];
  account?: { name: string; items: NavLink[]; logoutLabel: string };
};

export type NavViewer = null;

export function publicNavigation(options: { healthHubUrl?: string | null; available: ReadonlySet<string> }): ShellNavigation {
  const items: NavLink[] = [];
  // The health hub (when the practice group has one) stands where "Home" would be.
  if (options.healthHubUrl) items.push({ label: "Health hub", href: options.healthHubUrl });
  else items.push({ label: "Home", href: "/" });
  for (const link of [
    { label: "Help", href: "/help" },
    { label: "Login", href: "/login" },
  ]) {
    if (options.available.has(link.href)) items.push(link);
  }
  return { audience: "public", homeHref: "/", items };
}
