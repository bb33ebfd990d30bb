import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportCsvResponse } from "~/web/reports/report-page.server";

/**
 * A report section as CSV: …/csv/{section} under each report address (app/route-table.mjs), with
 * the page's period in the query. Same guard, scope and numbers as the page's table.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return reportCsvResponse(request, context, params);
}
