/**
 * Demo data for the TPP desktop agent (docs/decisions/0077): Hillside (demotpp) has an agent on
 * its Gateway machine that last reported SystmOne logged out, and a practice admin of its own
 * (DEMO_TPP_ADMIN) to see it on /agent/setup. The demo agent's key is DEMO_AGENT_KEY, so a
 * developer can run the simulated agent against a local server:
 *
 *   node --import tsx scripts/simulated-tpp-agent.ts --key <DEMO_AGENT_KEY> --scenario linked
 */
import { sql } from "drizzle-orm";
import type { Tx } from "./client.server";
import { practiceAgents, practiceMemberships, users } from "./schema";
import { hashAgentKey } from "~/domain/agent/agent-key.server";

export const DEMO_TPP_ADMIN = "demo.tppadmin@nhs.net";
/** Demo data only: a production database is seeded only when SEED_DEMO asks for it. */
export const DEMO_AGENT_KEY = "fdag_demo-hillside-agent-key-0000000000000000000";

export async function seedDemoAgent(tx: Tx, options: { practiceId: number; passwordHash: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const [admin] = await tx
    .insert(users)
    .values({ email: DEMO_TPP_ADMIN, firstName: "Rachel", lastName: "Dunn", passwordHash: options.passwordHash, emailVerifiedAt: sql`now()` })
    .returning({ id: users.id });
  await tx.insert(practiceMemberships).values({ userId: admin.id, practiceId: options.practiceId, role: "practice_admin" });
  await tx.insert(practiceAgents).values({
    practiceId: options.practiceId,
    gatewayHost: "HILLSIDE-GW01",
    agentKeyHash: hashAgentKey(DEMO_AGENT_KEY),
    websocketConnected: true,
    systmoneConnected: false,
    statusUpdatedAt: now,
    configuredByUserId: admin.id,
    configuredAt: now,
  });
}
