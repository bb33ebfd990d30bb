import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageColumn } from "~/components/online-services/Confirmations";
import { StartAgainConfirmation } from "~/components/online-services/Prescriptions";
import { requireOnlineServices } from "~/web/online-services/access.server";
import { sortCourses } from "~/domain/online-services/medication-table";
import { clearSelection, readSelection } from "~/domain/online-services/prescriptions.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: "Cancel and start new request", hydrate: false } satisfies PageHandle;

/** The start-again confirmation: a page without JS; /prescriptions opens it as a dialog. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "prescriptions" });
  const selection = await readSelection(context.db, access.patient.patientId);
  const courses = await context.gpSystem.courses(access.patient);
  const selected = courses.ok ? sortCourses(courses.value.filter((c) => selection.has(c.courseId)), "name", "asc") : [];
  return json({ selected: selected.map((c) => ({ courseId: c.courseId, name: c.name })) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireOnlineServices(request, context, { feature: "prescriptions" });
  await clearSelection(context.db, access.patient.patientId);
  return redirect("/prescriptions", { status: 303 });
}

export default function StartAgain() {
  const { selected } = useLoaderData<typeof loader>();
  return (
    <PageColumn>
      <StartAgainConfirmation selected={selected} />
    </PageColumn>
  );
}
