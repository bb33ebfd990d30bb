import { describe, expect, it } from "vitest";
import { AgentConfigSchema, agentMessage, agentMessages, AgentReportSchema, agentState, AGENT_FORM_MESSAGES, AGENT_REPORT_STALE_MS, isLinked, reportFromForm } from "./agent";

const now = new Date("2026-03-02T10:00:00Z");
const at = (msAgo: number) => new Date(now.getTime() - msAgo);

describe("the linked rule (spec 3 §4)", () => {
  it("is linked only when both connections are reported", () => {
    expect(agentState({ websocketConnected: true, systmoneConnected: true, dateUpdated: at(60_000) }, now)).toBe("linked");
    expect(agentState({ websocketConnected: true, systmoneConnected: false, dateUpdated: at(60_000) }, now)).toBe("systmone_not_connected");
    expect(agentState({ websocketConnected: false, systmoneConnected: true, dateUpdated: at(60_000) }, now)).toBe("agent_not_running");
    expect(agentState({ websocketConnected: false, systmoneConnected: false, dateUpdated: at(60_000) }, now)).toBe("agent_not_running");
  });

  it("treats no report, or one older than 15 minutes, as the agent not running", () => {
    expect(agentState(null, now)).toBe("agent_not_running");
    expect(agentState({ websocketConnected: false, systmoneConnected: false, dateUpdated: null }, now)).toBe("agent_not_running");
    expect(isLinked({ websocketConnected: true, systmoneConnected: true, dateUpdated: at(AGENT_REPORT_STALE_MS) }, now)).toBe(true);
    expect(isLinked({ websocketConnected: true, systmoneConnected: true, dateUpdated: at(AGENT_REPORT_STALE_MS + 1) }, now)).toBe(false);
  });
});

describe("the message for each state (spec 3 §8)", () => {
  it("uses the spec's texts, with the product name", () => {
    expect(agentMessage("linked", "Frontdoor")).toBe("connected");
    expect(agentMessage("systmone_not_connected", "Frontdoor")).toBe("Please check that SystmOne is running and logged in on the TPP Gateway machine");
    expect(agentMessage("agent_not_running", "Practice Online")).toBe(
      "Please check that the Practice Online SystmOne Agent is running on the TPP Gateway machine",
    );
    expect(agentMessages.agentNotRunning("Frontdoor")).toContain("Frontdoor SystmOne Agent");
  });
});

describe("the configuration form", () => {
  const parse = (gatewayHost: unknown) => AgentConfigSchema.safeParse({ gatewayHost });
  it("takes a computer or DNS name, trimmed", () => {
    expect(parse("  HILLSIDE-GW01 ").data).toEqual({ gatewayHost: "HILLSIDE-GW01" });
    expect(parse("gw01.hillside.nhs.uk").success).toBe(true);
  });
  it("refuses empty names, spaces, symbols and overlong names with a message", () => {
    expect(parse("").error?.issues[0].message).toBe(AGENT_FORM_MESSAGES.hostRequired);
    expect(parse(undefined).error?.issues[0].message).toBe(AGENT_FORM_MESSAGES.hostRequired);
    expect(parse("GW 01").error?.issues[0].message).toBe(AGENT_FORM_MESSAGES.hostFormat);
    expect(parse("-gw").error?.issues[0].message).toBe(AGENT_FORM_MESSAGES.hostFormat);
    expect(parse("gw<script>").error?.issues[0].message).toBe(AGENT_FORM_MESSAGES.hostFormat);
    expect(parse("a".repeat(254)).error?.issues[0].message).toBe(AGENT_FORM_MESSAGES.hostTooLong);
  });
});

describe("the agent's report", () => {
  it("needs both booleans", () => {
    expect(AgentReportSchema.safeParse({ websocket_connected: true, systmone_connected: false }).success).toBe(true);
    expect(AgentReportSchema.safeParse({ websocket_connected: true }).success).toBe(false);
    expect(AgentReportSchema.safeParse({ websocket_connected: "yes", systmone_connected: false }).success).toBe(false);
  });
  it("reads true/false and 1/0 from a form, and nothing else", () => {
    expect(reportFromForm({ websocket_connected: "true", systmone_connected: "0" })).toEqual({ websocket_connected: true, systmone_connected: false });
    expect(AgentReportSchema.safeParse(reportFromForm({ websocket_connected: "on", systmone_connected: "1" })).success).toBe(false);
  });
});
