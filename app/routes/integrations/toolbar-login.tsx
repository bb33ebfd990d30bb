import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { gp_or_reception_any_practice } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";

/**
 * /toolbar-login (gp or receptionist at any practice; spec 3 §2): the user's practices as
 * buttons; each opens that practice's patient search, where the toolbar works (decision 0115).
 */
export const handle = { title: "Toolbar login" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [gp_or_reception_any_practice]);
  const practices = new Map<string, { code: string; name: string }>();
  for (const m of viewer.memberships) if (m.role === "gp" || m.role === "receptionist") practices.set(m.urlCode, { code: m.urlCode, name: m.practiceName });
  return json({ practices: [...practices.values()] });
}

export default function ToolbarLogin() {
  const { practices } = useLoaderData<typeof loader>();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Toolbar login</h1>
        <p>Choose the practice the toolbar is working for.</p>
        <ul className="nhsuk-list">
          {practices.map((p) => (
            <li key={p.code}>
              <a className="nhsuk-button nhsuk-button--secondary" href={`/${p.code}/patients`}>
                {p.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
