import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportPage } from "~/components/reports/ReportPage";
import { loadReportPage } from "~/web/reports/report-page.server";

export const handle = { title: "Report" };

/**
 * The report (spec 3 §2 Reports): /{code}/report for the practice's gp, receptionist or practice
 * admin (reports enabled), and through app/route-table.mjs /admin/reports (system admin),
 * /ccg-portal/reports and /ccg-portal/practice/{code}/reports (regional-group admin). The
 * address decides the guard and the practices (web/reports/report-page.server.ts).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { data, status } = await loadReportPage(request, context, params);
  return json(data, { status });
}

export default function Report() {
  const data = useLoaderData<typeof loader>();
  return <ReportPage data={data} />;
}
