/**
 * A simulated TPP desktop agent (docs/decisions/0077): reports its status to a running Frontdoor
 * every minute, as the real agent on a practice's TPP Gateway machine does.
 *
 *   node --import tsx scripts/simulated-tpp-agent.ts --key <agent key> [--scenario linked]
 *        [--url http://localhost:3000] [--once]
 *
 * Scenarios: linked (both connections up), systmone_logged_out (SystmOne closed or logged out),
 * connection_lost. Stop it (Ctrl+C) and, after 15 minutes without a report, the setup page says
 * the agent is not running. The demo practice's key is DEMO_AGENT_KEY (app/db/seed-agent.server.ts).
 */
import { parseArgs } from "node:util";
import { isSimulatedAgentScenario, SimulatedTppAgent } from "~/domain/gp-system/simulated-gp-system.server";

const { values } = parseArgs({
  options: {
    key: { type: "string" },
    scenario: { type: "string", default: "linked" },
    url: { type: "string", default: `http://localhost:${process.env.PORT ?? "3000"}` },
    once: { type: "boolean", default: false },
  },
});

if (!values.key || !isSimulatedAgentScenario(values.scenario!)) {
  console.error("Usage: simulated-tpp-agent.ts --key <agent key> [--scenario linked|systmone_logged_out|connection_lost] [--url …] [--once]");
  process.exit(2);
}
const agent = new SimulatedTppAgent(values.url!, values.key);
const scenario = values.scenario;

async function tick() {
  try {
    const { status } = await agent.report(scenario);
    console.log(`${new Date().toISOString()} reported ${scenario}: HTTP ${status}${status === 401 ? " (wrong key: was a new one made?)" : ""}`);
  } catch (error) {
    console.log(`${new Date().toISOString()} could not reach ${values.url}: ${(error as Error).message}`);
  }
}

await tick();
if (!values.once) setInterval(tick, 60_000);
