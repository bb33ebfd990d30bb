/**
 * Which practices a report covers, decided in SQL from who is asking (spec 3 §2, §6):
 * - a practice's staff (gp, receptionist, practice admin) or a system admin: that practice,
 *   with the sections their roles there allow, while the practice has reports enabled;
 * - a system admin at /admin/reports: any one practice, or all of them added up;
 * - a regional-group admin (ccg_admin): the practices of their own group only, side by side,
 *   or one of them; another group's practice is not found.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { ccgs, practices, users } from "~/db/schema";
import { NotFound } from "~/domain/outcomes";
import type { ReportPractice, ReportScope } from "./report.server";
import type { ReportRole } from "./sections";

/** Most practices a regional report puts side by side. */
export const MAX_COMPARED = 10;

export type PracticeViewer = {
  isAdmin: boolean;
  memberships: ReadonlyArray<{ practiceId: number; role: "gp" | "receptionist" | "practice_admin" }>;
};

/** The roles the viewer has for this practice's report. */
export function practiceReportRoles(viewer: PracticeViewer, practiceId: number): ReportRole[] {
  const roles: ReportRole[] = viewer.memberships.filter((m) => m.practiceId === practiceId).map((m) => m.role);
  if (viewer.isAdmin) roles.push("admin");
  return roles;
}

const columns = { id: practices.id, name: practices.name, urlCode: practices.urlCode };

/** A system admin's choice: one practice by code, or "all". Null practice list means all. */
export async function adminReportScope(db: Db, code: string | null): Promise<{ scope: ReportScope; choices: ReportPractice[]; chosen: string }> {
  const choices = await db.select(columns).from(practices).orderBy(asc(sql`lower(${practices.name})`), asc(practices.id));
  const one = code && code !== "all" ? choices.find((p) => p.urlCode.toLowerCase() === code.toLowerCase()) : undefined;
  if (code && code !== "all" && !one) throw new NotFound();
  return {
    scope: { practices: one ? [one] : choices, compare: false, drillDown: false },
    choices,
    chosen: one ? one.urlCode : "all",
  };
}

/** The viewer's regional group and its practices (none when the account is not linked to one). */
export async function ccgGroup(db: Db, userId: number): Promise<{ ccgName: string | null; practices: ReportPractice[] }> {
  const [me] = await db.select({ ccgId: users.ccgId, ccgName: ccgs.name }).from(users).leftJoin(ccgs, eq(ccgs.id, users.ccgId)).where(eq(users.id, userId));
  if (!me?.ccgId) return { ccgName: null, practices: [] };
  const rows = await db.select(columns).from(practices).where(eq(practices.ccgId, me.ccgId)).orderBy(asc(sql`lower(${practices.name})`), asc(practices.id));
  return { ccgName: me.ccgName, practices: rows };
}

/**
 * The group's practices to compare: those asked for by code (unknown or other groups' codes are
 * ignored), or the first MAX_COMPARED by name.
 */
export async function ccgReportScope(db: Db, userId: number, codes: string[]): Promise<{ scope: ReportScope; ccgName: string | null; group: ReportPractice[]; chosen: string[] }> {
  const group = await ccgGroup(db, userId);
  const wanted = new Set(codes.map((c) => c.toLowerCase()));
  const picked = wanted.size ? group.practices.filter((p) => wanted.has(p.urlCode.toLowerCase())) : [];
  const chosen = (picked.length ? picked : group.practices).slice(0, MAX_COMPARED);
  return { scope: { practices: chosen, compare: true, drillDown: false }, ccgName: group.ccgName, group: group.practices, chosen: chosen.map((p) => p.urlCode) };
}

/** One practice of the viewer's group; another group's practice (or none) is not found. */
export async function ccgPracticeScope(db: Db, userId: number, code: string): Promise<{ scope: ReportScope; practice: ReportPractice }> {
  const [row] = await db
    .select(columns)
    .from(practices)
    .innerJoin(users, and(eq(users.id, userId), eq(users.ccgId, practices.ccgId)))
    .where(sql`lower(${practices.urlCode}) = lower(${code})`);
  if (!row) throw new NotFound();
  return { scope: { practices: [row], compare: false, drillDown: false }, practice: row };
}

