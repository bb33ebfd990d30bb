/**
 * The TPP desktop agent (spec 3 §2 /agent/setup, §3 Agent status, §4, §8, §9): a small program on
 * the practice's TPP Gateway machine that connects Frontdoor to SystmOne. The practice admin names
 * the machine and gives the agent a key (shown once; only its SHA-256 is kept); the agent reports
 * its two connections with that key. These are the rules; queries are in agent.server.ts
 * (docs/decisions/0077-tpp-desktop-agent.md).
 */
import * as z from "zod";

/** Spec 3 §9: the page asks for the agent's status every 5 minutes while it is open (JS). */
export const AGENT_STATUS_POLL_MS = 5 * 60 * 1000;
/** The agent reports every minute; a report older than this means the agent is not running. */
export const AGENT_REPORT_STALE_MS = 15 * 60 * 1000;

/** Spec 3 §3: what the agent reports, and when it was last heard from. */
export type AgentStatus = { websocketConnected: boolean; systmoneConnected: boolean; dateUpdated: Date | null };

export type AgentState = "linked" | "systmone_not_connected" | "agent_not_running";

/**
 * What the status means now. A report older than AGENT_REPORT_STALE_MS (or none) counts as
 * "websocket not connected": an agent that stopped cannot say so. Spec 3 §4: linked only when
 * both connections are reported.
 */
export function agentState(status: AgentStatus | null, now: Date): AgentState {
  if (!status || !status.dateUpdated) return "agent_not_running";
  const fresh = now.getTime() - status.dateUpdated.getTime() <= AGENT_REPORT_STALE_MS;
  if (!fresh || !status.websocketConnected) return "agent_not_running";
  return status.systmoneConnected ? "linked" : "systmone_not_connected";
}

export const isLinked = (status: AgentStatus | null, now: Date) => agentState(status, now) === "linked";

/** Spec 3 §8, the indicator's tooltip texts. */
export const agentMessages = {
  linked: "connected",
  systmoneNotConnected: "Please check that SystmOne is running and logged in on the TPP Gateway machine",
  agentNotRunning: (product: string) => `Please check that the ${product} SystmOne Agent is running on the TPP Gateway machine`,
} as const;

/** The sentence shown for a state (the tooltip of spec 3 §8). */
export function agentMessage(state: AgentState, product: string): string {
  if (state === "linked") return agentMessages.linked;
  if (state === "systmone_not_connected") return agentMessages.systmoneNotConnected;
  return agentMessages.agentNotRunning(product);
}

export const AGENT_STATE_LABELS: Record<AgentState, string> = {
  linked: "Linked",
  systmone_not_connected: "Not linked",
  agent_not_running: "Not linked",
};

// ---- forms and reports -----------------------------------------------------------------------

export const AGENT_FORM_MESSAGES = {
  hostRequired: "Enter the name of the TPP Gateway machine",
  hostFormat: "The machine name can only contain letters, numbers, hyphens and dots, and must start with a letter or number",
  hostTooLong: "The machine name must be 253 characters or fewer",
} as const;

/** A Windows computer name or a DNS name: letters, digits, hyphens and dots. */
export const GatewayHostSchema = z
  .string({ error: AGENT_FORM_MESSAGES.hostRequired })
  .trim()
  .min(1, AGENT_FORM_MESSAGES.hostRequired)
  .max(253, AGENT_FORM_MESSAGES.hostTooLong)
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, AGENT_FORM_MESSAGES.hostFormat);

export const AgentConfigSchema = z.object({ gatewayHost: GatewayHostSchema });

/** What the agent posts to /agent/status (JSON, or a form with the same names). */
export const AgentReportSchema = z.object({
  websocket_connected: z.boolean(),
  systmone_connected: z.boolean(),
});
export type AgentReport = z.infer<typeof AgentReportSchema>;

/** Form values arrive as text: "true"/"false" (and 1/0) are read as booleans. */
export function reportFromForm(fields: Record<string, unknown>): unknown {
  const bool = (v: unknown) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v);
  return { websocket_connected: bool(fields.websocket_connected), systmone_connected: bool(fields.systmone_connected) };
}
