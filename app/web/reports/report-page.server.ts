/**
 * The report screen's HTTP glue, shared by its four addresses (one module,
 * app/route-table.mjs): /{code}/report (the practice's staff), /admin/reports (system admin),
 * /ccg-portal/reports and /ccg-portal/practice/{code}/reports (regional-group admin). The path
 * says which; the guard of that address runs first, then the scope is read in SQL, then the
 * period is parsed and the sections counted from the rollup. The CSV download (…/csv/{section})
 * goes through the same steps, so it holds exactly what the page shows.
 */
import { redirect } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { admin, ccg_admin, gp_or_reception_or_practice_admin, isAdmin } from "~/domain/auth/guards";
import { NotFound } from "~/domain/outcomes";
import { csvFileName, sectionCsv, toCsv } from "~/domain/reports/csv";
import { periodQuery, resolvePeriod, type Period, type PeriodErrors } from "~/domain/reports/period";
import { reportSections, type ReportPractice, type ReportScope } from "~/domain/reports/report.server";
import { rollupCompleteTo } from "~/domain/reports/rollup.server";
import { adminReportScope, ccgPracticeScope, ccgReportScope, practiceReportRoles } from "~/domain/reports/scope.server";
import { SECTION_IDS, sectionListTable, type ReportRole, type SectionData } from "~/domain/reports/sections";
import { formatLondonDateTime, londonDate } from "~/domain/time/london";
import { permissionDeniedPath, requireViewer, toGuardViewer } from "~/web/auth/guards.server";

export type ReportKind = "practice" | "admin" | "ccg" | "ccg-practice";

type Resolved = {
  kind: ReportKind;
  /** The page's own path (the form's action and the CSV links' base). */
  basePath: string;
  title: string;
  caption: string | null;
  scope: ReportScope;
  roles: ReportRole[];
  /** Query fields besides the period that the CSV links and the form keep. */
  extra: [string, string][];
  choices: ReportPractice[];
  chosen: string[];
  name: string;
};

function kindOf(pathname: string): ReportKind {
  if (pathname.startsWith("/admin/reports")) return "admin";
  if (pathname.startsWith("/ccg-portal/practice/")) return "ccg-practice";
  if (pathname.startsWith("/ccg-portal/reports")) return "ccg";
  return "practice";
}

async function resolve(request: Request, context: AppContext, params: { practiceCode?: string }): Promise<Resolved> {
  const url = new URL(request.url);
  const kind = kindOf(url.pathname);
  switch (kind) {
    case "practice": {
      const { viewer, practice } = await requireViewer(request, context, [gp_or_reception_or_practice_admin], { practiceCode: params.practiceCode });
      const p = practice!;
      if (!p.reportsEnabled) throw redirect(permissionDeniedPath(undefined, p.urlCode));
      const roles = practiceReportRoles({ isAdmin: isAdmin(toGuardViewer(viewer, context.clock.now())), memberships: viewer.memberships }, p.id);
      const staff = viewer.memberships.some((m) => m.practiceId === p.id && (m.role === "gp" || m.role === "receptionist"));
      return {
        kind,
        basePath: `/${p.urlCode}/report`,
        title: "Report",
        caption: p.name,
        scope: { practices: [{ id: p.id, name: p.name, urlCode: p.urlCode }], compare: false, drillDown: true, inboxLinks: staff },
        roles,
        extra: [],
        choices: [],
        chosen: [],
        name: p.urlCode,
      };
    }
    case "admin": {
      await requireViewer(request, context, [admin]);
      const code = (url.searchParams.get("practice") ?? "all").slice(0, 40);
      const r = await adminReportScope(context.db, code);
      const one = r.chosen === "all" ? null : r.scope.practices[0]!;
      return {
        kind,
        basePath: "/admin/reports",
        title: "Reports",
        caption: one ? one.name : "All practices",
        scope: r.scope,
        roles: ["admin"],
        extra: [["practice", r.chosen]],
        choices: r.choices,
        chosen: [r.chosen],
        name: one ? one.urlCode : "all-practices",
      };
    }
    case "ccg": {
      const { viewer } = await requireViewer(request, context, [ccg_admin]);
      const r = await ccgReportScope(context.db, viewer.userId, url.searchParams.getAll("practice").slice(0, 200));
      const explicit = url.searchParams.getAll("practice").length > 0;
      return {
        kind,
        basePath: "/ccg-portal/reports",
        title: "Reports across the group",
        caption: r.ccgName,
        scope: r.scope,
        roles: ["ccg_admin"],
        extra: explicit ? r.chosen.map((c) => ["practice", c] as [string, string]) : [],
        choices: r.group,
        chosen: r.chosen,
        name: "group",
      };
    }
    case "ccg-practice": {
      const { viewer } = await requireViewer(request, context, [ccg_admin]);
      const r = await ccgPracticeScope(context.db, viewer.userId, params.practiceCode ?? "");
      return {
        kind,
        basePath: `/ccg-portal/practice/${r.practice.urlCode}/reports`,
        title: "Report",
        caption: r.practice.name,
        scope: r.scope,
        roles: ["ccg_admin"],
        extra: [],
        choices: [],
        chosen: [],
        name: r.practice.urlCode,
      };
    }
  }
}

function periodOf(request: Request, context: AppContext): { ok: true; period: Period } | { ok: false; errors: PeriodErrors } {
  const q = new URL(request.url).searchParams;
  return resolvePeriod({ period: q.get("period"), from: q.get("from"), to: q.get("to") }, londonDate(context.clock.now()));
}

export type ReportPageData = {
  kind: ReportKind;
  basePath: string;
  title: string;
  caption: string | null;
  form: { period: string; from: string; to: string };
  errors: PeriodErrors | null;
  period: Period | null;
  /** The query that repeats this page's period and choices (for the CSV links). */
  query: string;
  completeTo: string | null;
  choices: ReportPractice[];
  chosen: string[];
  sections: SectionData[];
  /** One section on its own (`?section=…`, a section these roles may see), or null for all. */
  section: string | null;
};

/** The page: the guard of its address, the scope, the period (400 with the messages when a custom period does not hold), the sections. */
export async function loadReportPage(request: Request, context: AppContext, params: { practiceCode?: string }): Promise<{ data: ReportPageData; status: number }> {
  const r = await resolve(request, context, params);
  const q = new URL(request.url).searchParams;
  const form = { period: q.get("period") ?? "12-months", from: (q.get("from") ?? "").slice(0, 20), to: (q.get("to") ?? "").slice(0, 20) };
  const parsed = periodOf(request, context);
  const completeTo = await rollupCompleteTo(context.db);
  const base = {
    kind: r.kind,
    basePath: r.basePath,
    title: r.title,
    caption: r.caption,
    form,
    completeTo: completeTo && completeTo.getTime() > 0 ? formatLondonDateTime(completeTo) : null,
    choices: r.choices,
    chosen: r.chosen,
  };
  // One section on its own: a short page to read or link to (an unknown one shows them all).
  const wanted = q.get("section");
  const only = wanted && (SECTION_IDS as string[]).includes(wanted) ? wanted : undefined;
  if (!parsed.ok) return { status: 400, data: { ...base, errors: parsed.errors, period: null, query: "", sections: [], section: only ?? null } };
  const query = new URLSearchParams([...new URLSearchParams(periodQuery(parsed.period)), ...r.extra]).toString();
  const list = { detailsPage: q.get("details") };
  let sections = await reportSections(context.db, r.scope, parsed.period, r.roles, only, list);
  if (only && sections.length === 0) sections = await reportSections(context.db, r.scope, parsed.period, r.roles, undefined, list);
  return { status: 200, data: { ...base, errors: null, period: parsed.period, query, sections, section: only && sections.length === 1 ? only : null } };
}

/** One section as CSV (the same numbers as its table), or 404 for a section these roles may not see. */
export async function reportCsvResponse(request: Request, context: AppContext, params: { practiceCode?: string; section?: string }): Promise<Response> {
  const r = await resolve(request, context, params);
  const id = params.section ?? "";
  if (!(SECTION_IDS as string[]).includes(id)) throw new NotFound();
  const parsed = periodOf(request, context);
  if (!parsed.ok) return new Response(Object.values(parsed.errors).join("\n"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // `?rows=all`: a listing section's every row (Request details) rather than its counts.
  const rows = new URL(request.url).searchParams.get("rows") === "all";
  const [section] = await reportSections(context.db, r.scope, parsed.period, r.roles, id, { detailsAll: rows });
  if (!section) throw new NotFound();
  if (rows && !section.list) throw new NotFound();
  const body = rows && section.list ? toCsv(sectionListTable(section.list)) : sectionCsv(section);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(rows ? `${id}-list` : id, parsed.period.from, parsed.period.to, r.name)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
