/**
 * The simulated TPP desktop agent and the simulation's agent status (docs/decisions/0077): the
 * agent posts each scenario to /agent/status with its key, through the real route and route
 * layer (no CSRF token), and the simulation then answers that status for the practice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { practiceAgents } from "~/db/schema";
import { hashAgentKey, newAgentKey } from "~/domain/agent/agent-key.server";
import { agentState } from "~/domain/agent/agent";
import * as statusRoute from "~/routes/administration/agent.status";
import { guardAction } from "~/server/route-layer.server";
import { useTestWorld } from "../../../tests/support/world";
import { type TestContext } from "../../../tests/support/context";
import { addGpFault, makeGpPractice } from "../../../tests/support/online-services-fixtures";
import { callAction } from "../../../tests/support/requests";
import { SIMULATED_AGENT_SCENARIOS, SimulatedGpSystem, SimulatedTppAgent, type SimulatedAgentScenario } from "./simulated-gp-system.server";

const t = useTestWorld({ onContext: (c) => (context = c) });
let context: TestContext;
let gp: SimulatedGpSystem;
beforeAll(async () => {
  gp = context.gpSystem as SimulatedGpSystem;
});

/** fetch, answered by the route through the route layer as production wraps it. */
const throughTheRoute = (url: string, init: RequestInit) =>
  callAction(guardAction("routes/agent.status", statusRoute.action), { request: new Request(url, init), context });

describe("the simulated desktop agent", () => {
  it("reports each scenario, and the simulation answers the status the agent reported", async () => {
    const practice = await makeGpPractice(context, { flavour: "tpp" });
    const key = newAgentKey();
    await t.db.insert(practiceAgents).values({ practiceId: practice.id, gatewayHost: "GW01", agentKeyHash: hashAgentKey(key), configuredAt: context.clock.now() });
    expect(await gp.agentStatus(practice.id)).toEqual({ ok: true, value: { websocketConnected: false, systmoneConnected: false, dateUpdated: null } });

    const agent = new SimulatedTppAgent("http://localhost", key, throughTheRoute);
    const expected: Record<SimulatedAgentScenario, string> = { linked: "linked", systmone_logged_out: "systmone_not_connected", connection_lost: "agent_not_running" };
    for (const scenario of Object.keys(SIMULATED_AGENT_SCENARIOS) as SimulatedAgentScenario[]) {
      expect(await agent.report(scenario)).toEqual({ status: 200 });
      const status = await gp.agentStatus(practice.id);
      if (!status.ok) throw new Error("expected a status");
      expect(agentState(status.value, context.clock.now())).toBe(expected[scenario]);
    }

    // An agent with another key is refused and changes nothing.
    const before = await gp.agentStatus(practice.id);
    expect(await new SimulatedTppAgent("http://localhost", newAgentKey(), throughTheRoute).report("linked")).toEqual({ status: 401 });
    expect(await gp.agentStatus(practice.id)).toEqual(before);
  });

  it("answers null for a practice without an agent, and fails as configured", async () => {
    const practice = await makeGpPractice(context, { flavour: "tpp" });
    expect(await gp.agentStatus(practice.id)).toEqual({ ok: true, value: null });
    await addGpFault(context, practice.id, "agent_status", "unavailable");
    expect(await gp.agentStatus(practice.id)).toEqual({ ok: false, error: { kind: "unavailable" } });
  });
});
