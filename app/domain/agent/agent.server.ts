/**
 * The TPP desktop agent's configuration and reports (spec 3 §2 /agent/setup, §7 Agent setup):
 * which practices a viewer may configure (their own TPP practices, every TPP practice for a
 * system admin; decided in the SQL), the configuration with its key (only the SHA-256 kept),
 * and the agent's own status reports, authenticated by that key. Every change is audited.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { practiceAgents, practices, users } from "~/db/schema";
import { audit } from "~/domain/audit/audit.server";
import type { Clock } from "~/domain/clock";
import type { AgentReport } from "./agent";
import { agentKeyMatches, hashAgentKey, isWellFormedAgentKey, newAgentKey } from "./agent-key.server";

/** Who is asking: the ids of the practices they administer, and whether they are a system admin. */
export type AgentViewer = { userId: number; isAdmin: boolean; adminOfPracticeIds: readonly number[] };

export type AgentPractice = { id: number; name: string; urlCode: string; isTpp: boolean };

/**
 * The practices the viewer administers (every practice for a system admin), TPP or not, by
 * name: the page offers the TPP ones and explains the others.
 */
export async function administeredPractices(db: Db, viewer: AgentViewer): Promise<AgentPractice[]> {
  if (!viewer.isAdmin && viewer.adminOfPracticeIds.length === 0) return [];
  const rows = await db
    .select({ id: practices.id, name: practices.name, urlCode: practices.urlCode, ehrType: practices.ehrType })
    .from(practices)
    .where(
      and(
        viewer.isAdmin ? undefined : inArray(practices.id, [...viewer.adminOfPracticeIds]),
        // A system admin sees the TPP practices only: there are too many to explain one by one.
        viewer.isAdmin ? eq(practices.ehrType, "tpp") : undefined,
        sql`lower(${practices.urlCode}) not in ('all', 'aitesting')`,
      ),
    )
    .orderBy(asc(practices.name), asc(practices.id));
  return rows.map((r) => ({ id: r.id, name: r.name, urlCode: r.urlCode, isTpp: r.ehrType === "tpp" }));
}

export type AgentConfig = {
  gatewayHost: string;
  configuredAt: Date;
  configuredBy: string | null;
  websocketConnected: boolean;
  systmoneConnected: boolean;
  statusUpdatedAt: Date | null;
};

export async function agentConfig(db: Db, practiceId: number): Promise<AgentConfig | null> {
  const [row] = await db
    .select({
      gatewayHost: practiceAgents.gatewayHost,
      configuredAt: practiceAgents.configuredAt,
      configuredBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      websocketConnected: practiceAgents.websocketConnected,
      systmoneConnected: practiceAgents.systmoneConnected,
      statusUpdatedAt: practiceAgents.statusUpdatedAt,
    })
    .from(practiceAgents)
    .leftJoin(users, eq(users.id, practiceAgents.configuredByUserId))
    .where(eq(practiceAgents.practiceId, practiceId));
  return row ?? null;
}

/** A TPP practice the viewer administers, or null (not theirs, not TPP, or not there). */
async function tppPracticeOf(db: Db, viewer: AgentViewer, practiceId: number) {
  const [row] = await db
    .select({ id: practices.id })
    .from(practices)
    .where(
      and(
        eq(practices.id, practiceId),
        eq(practices.ehrType, "tpp"),
        viewer.isAdmin ? undefined : inArray(practices.id, viewer.adminOfPracticeIds.length ? [...viewer.adminOfPracticeIds] : [0]),
      ),
    );
  return row ?? null;
}

export type ConfigureResult =
  | { status: "not_found" }
  /** The first configuration: the key to show once. */
  | { status: "created"; key: string }
  | { status: "updated"; changed: boolean };

/**
 * Saves the Gateway machine's name. The first save makes the agent's key (returned once); a
 * later one changes the name only and keeps the key and the status.
 */
export async function configureAgent(
  db: Db,
  clock: Clock,
  viewer: AgentViewer,
  input: { practiceId: number; gatewayHost: string },
): Promise<ConfigureResult> {
  return db.transaction(async (tx) => {
    if (!(await tppPracticeOf(tx as unknown as Db, viewer, input.practiceId))) return { status: "not_found" as const };
    const now = clock.now();
    const [before] = await tx.select().from(practiceAgents).where(eq(practiceAgents.practiceId, input.practiceId)).for("update");
    if (!before) {
      const key = newAgentKey();
      const [made] = await tx
        .insert(practiceAgents)
        .values({ practiceId: input.practiceId, gatewayHost: input.gatewayHost, agentKeyHash: hashAgentKey(key), configuredByUserId: viewer.userId, configuredAt: now })
        .onConflictDoNothing()
        .returning({ practiceId: practiceAgents.practiceId });
      // Two first saves at once: the other one made the key; this one changes nothing.
      if (!made) return { status: "updated" as const, changed: false };
      await audit(tx as unknown as Db, {
        actorUserId: viewer.userId,
        practiceId: input.practiceId,
        action: "agent.configured",
        subjectType: "practice_agent",
        subjectId: String(input.practiceId),
        detail: { gatewayHostBefore: null, gatewayHostAfter: input.gatewayHost, keyIssued: true },
        at: now,
      });
      return { status: "created" as const, key };
    }
    if (before.gatewayHost === input.gatewayHost) return { status: "updated" as const, changed: false };
    await tx
      .update(practiceAgents)
      .set({ gatewayHost: input.gatewayHost, configuredByUserId: viewer.userId, configuredAt: now })
      .where(eq(practiceAgents.practiceId, input.practiceId));
    await audit(tx as unknown as Db, {
      actorUserId: viewer.userId,
      practiceId: input.practiceId,
      action: "agent.gateway_changed",
      subjectType: "practice_agent",
      subjectId: String(input.practiceId),
      detail: { gatewayHostBefore: before.gatewayHost, gatewayHostAfter: input.gatewayHost },
      at: now,
    });
    return { status: "updated" as const, changed: true };
  });
}

/**
 * A new key for a configured agent: the old one stops working at once, and the status is
 * reset (not linked) until the agent reports with the new key.
 */
export async function regenerateAgentKey(
  db: Db,
  clock: Clock,
  viewer: AgentViewer,
  practiceId: number,
): Promise<{ status: "not_found" } | { status: "not_configured" } | { status: "regenerated"; key: string }> {
  return db.transaction(async (tx) => {
    if (!(await tppPracticeOf(tx as unknown as Db, viewer, practiceId))) return { status: "not_found" as const };
    const key = newAgentKey();
    const now = clock.now();
    const [row] = await tx
      .update(practiceAgents)
      .set({
        agentKeyHash: hashAgentKey(key),
        websocketConnected: false,
        systmoneConnected: false,
        statusUpdatedAt: null,
        configuredByUserId: viewer.userId,
        configuredAt: now,
      })
      .where(eq(practiceAgents.practiceId, practiceId))
      .returning({ practiceId: practiceAgents.practiceId });
    if (!row) return { status: "not_configured" as const };
    await audit(tx as unknown as Db, {
      actorUserId: viewer.userId,
      practiceId,
      action: "agent.key_regenerated",
      subjectType: "practice_agent",
      subjectId: String(practiceId),
      detail: { keyBefore: "replaced", keyAfter: "issued" },
      at: now,
    });
    return { status: "regenerated" as const, key };
  });
}

/**
 * The agent's report (POST /agent/status): the key names the practice. A key that matches no
 * agent changes nothing. Reports are not audited one by one (one a minute per practice); a
 * change of state is.
 */
export async function recordAgentReport(
  db: Db,
  clock: Clock,
  key: string,
  report: AgentReport,
): Promise<{ status: "unauthorised" } | { status: "recorded"; practiceId: number }> {
  if (!isWellFormedAgentKey(key)) return { status: "unauthorised" };
  const hash = hashAgentKey(key);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(practiceAgents).where(eq(practiceAgents.agentKeyHash, hash)).for("update");
    if (!row || !agentKeyMatches(key, row.agentKeyHash)) return { status: "unauthorised" as const };
    const now = clock.now();
    await tx
      .update(practiceAgents)
      .set({ websocketConnected: report.websocket_connected, systmoneConnected: report.systmone_connected, statusUpdatedAt: now })
      .where(eq(practiceAgents.practiceId, row.practiceId));
    if (row.websocketConnected !== report.websocket_connected || row.systmoneConnected !== report.systmone_connected) {
      await audit(tx as unknown as Db, {
        actorUserId: null,
        practiceId: row.practiceId,
        action: "agent.status_changed",
        subjectType: "practice_agent",
        subjectId: String(row.practiceId),
        detail: {
          websocketBefore: row.websocketConnected,
          websocketAfter: report.websocket_connected,
          systmoneBefore: row.systmoneConnected,
          systmoneAfter: report.systmone_connected,
        },
        at: now,
      });
    }
    return { status: "recorded" as const, practiceId: row.practiceId };
  });
}
