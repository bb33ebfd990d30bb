import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Pager, SearchForm } from "~/components/admin/AdminKit";
import { admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { COUNTRIES, GP_SYSTEMS, pageNumber, paging, searchTerm } from "~/domain/practices/onboarding";
import { searchPeople, searchPractices } from "~/domain/practices/onboarding.server";
import { Table } from "~/components/Table";

/** /admin (spec 3 §2): the system admin's home: practices, people, and where to change things. */
export const handle = { title: "Admin" };

const ROLE_LABELS: Record<string, string> = {
  admin: "System administrator",
  advanced: "Advanced user",
  ccg_admin: "Regional group administrator",
  carer_user: "Carer",
};
const PRACTICE_ROLE_LABELS: Record<string, string> = { gp: "GP", receptionist: "Receptionist", practice_admin: "Practice administrator" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context, [admin]);
  const url = new URL(request.url);
  const q = searchTerm(url.searchParams.get("q"));
  const page = pageNumber(url.searchParams.get("page"));
  const people = searchTerm(url.searchParams.get("people"));
  const peoplePage = pageNumber(url.searchParams.get("peoplePage"));
  const [practiceList, peopleList] = await Promise.all([searchPractices(context.db, q, page), searchPeople(context.db, people, peoplePage)]);
  return json({
    q,
    people,
    practices: practiceList.items.map((p) => ({
      ...p,
      ehrType: GP_SYSTEMS.find((g) => g.value === p.ehrType)?.label ?? p.ehrType,
      country: COUNTRIES.find((c) => c.value === p.country)?.label ?? p.country,
    })),
    practicePaging: paging("/admin", { q, people, peoplePage: peoplePage > 1 ? String(peoplePage) : "" }, page, practiceList.total),
    persons: peopleList.items.map((p) => ({
      id: p.id,
      name: `${p.firstName} ${p.lastName}`,
      email: p.email,
      disabled: p.disabled,
      roles: [
        ...p.globalRoles.map((r) => ROLE_LABELS[r] ?? r),
        ...p.practiceRoles.map((r) => {
          const [role, ...rest] = r.split(" at ");
          return `${PRACTICE_ROLE_LABELS[role] ?? role} at ${rest.join(" at ")}`;
        }),
        ...(p.isPatient ? ["Patient"] : []),
      ],
    })),
    peoplePaging: paging("/admin", { q, page: page > 1 ? String(page) : "", people }, peoplePage, peopleList.total, "peoplePage"),
  });
}

export default function AdminHome() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Admin</h1>
      <ul className="nhsuk-list app-admin-links">
        <li>
          <a href="/practices/add">Add a practice</a>
        </li>
        <li>
          <a href="/practices/invite">Practice invitations</a>
        </li>
        <li>
          <a href="/admin/notices">Global notices</a>
        </li>
        <li>
          <a href="/admin/settings">Global settings</a>
        </li>
      </ul>

      <h2 id="practices">Practices</h2>
      <SearchForm
        id="practice-search"
        name="q"
        label="Search practices"
        hint="Practice name, practice code or ODS code"
        value={data.q}
        keep={{ people: data.people }}
      />
      {data.practices.length === 0 ? (
        <p>{data.q ? `No practices match "${data.q}".` : "There are no practices yet."}</p>
      ) : (
        <Table caption={<>Practices, {data.practicePaging.total} in all</>} columns={["Practice", "Practice code", "ODS code", "GP system", "Country"]}>
          {data.practices.map((p) => (
            <tr key={p.id}>
              <td>
                <a href={`/practices/edit/${p.urlCode}`}>{p.name}</a>
              </td>
              <td>{p.urlCode}</td>
              <td>{p.odsCode ?? "No information provided"}</td>
              <td>{p.ehrType}</td>
              <td>{p.country}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager paging={data.practicePaging} label="Pages of practices" />

      <h2 id="people">People</h2>
      <SearchForm
        id="people-search"
        name="people"
        label="Search people"
        hint="Name or email address"
        value={data.people}
        keep={{ q: data.q }}
      />
      {data.persons.length === 0 ? (
        <p>{data.people ? `No people match "${data.people}".` : "There are no accounts yet."}</p>
      ) : (
        <Table caption={"People"} columns={["Name", "Email address", "Roles"]}>
          {data.persons.map((p) => (
            <tr key={p.id}>
              <td>
                {p.name}
                {p.disabled ? " (disabled)" : null}
              </td>
              <td>{p.email}</td>
              <td>{p.roles.length ? p.roles.join(", ") : "No roles"}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager paging={data.peoplePaging} label="Pages of people" />
    </>
  );
}
