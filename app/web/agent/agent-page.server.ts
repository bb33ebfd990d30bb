/**
 * What /agent/setup, its confirm page and its status resource share: the guard (a practice admin,
 * or a system admin), the practices the viewer may configure, the one chosen with ?practice=, and
 * the agent's status as the GP system reports it.
 */
import type { AppContext } from "~/context.server";
import { practice_admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import type { Viewer } from "~/domain/auth/viewer.server";
import { findPracticeByCode } from "~/domain/practices/practices.server";
import { formatDateTime } from "~/domain/requests/display";
import { agentMessage, agentState, AGENT_STATE_LABELS, type AgentState } from "~/domain/agent/agent";
import { administeredPractices, type AgentPractice, type AgentViewer } from "~/domain/agent/agent.server";

export function agentViewerOf(viewer: Viewer): AgentViewer {
  return {
    userId: viewer.userId,
    isAdmin: viewer.globalRoles.has("admin"),
    adminOfPracticeIds: viewer.memberships.filter((m) => m.role === "practice_admin").map((m) => m.practiceId),
  };
}

export type AgentPage = {
  viewer: Viewer;
  agentViewer: AgentViewer;
  practices: AgentPractice[];
  /** The practice chosen: ?practice= (case-insensitive code), or the only TPP practice. */
  chosen: AgentPractice | null;
  /** ?practice= named a practice the viewer does not administer (or none at all). */
  unknownChoice: boolean;
};

export async function requireAgentPage(request: Request, context: AppContext): Promise<AgentPage> {
  const { viewer } = await requireViewer(request, context, [practice_admin]);
  const agentViewer = agentViewerOf(viewer);
  const practices = await administeredPractices(context.db, agentViewer);
  const asked = new URL(request.url).searchParams.get("practice");
  const tpp = practices.filter((p) => p.isTpp);
  let chosen: AgentPractice | null = null;
  let unknownChoice = false;
  if (asked !== null && asked !== "") {
    chosen = practices.find((p) => p.urlCode.toLowerCase() === asked.toLowerCase()) ?? null;
    // A system admin's list holds the TPP practices only; any other practice is still theirs to ask about.
    if (!chosen && agentViewer.isAdmin) {
      const other = await findPracticeByCode(context.db, asked);
      if (other) chosen = { id: other.id, name: other.name, urlCode: other.urlCode, isTpp: other.ehrType === "tpp" };
    }
    unknownChoice = chosen === null;
  } else if (tpp.length === 1) {
    chosen = tpp[0];
  }
  return { viewer, agentViewer, practices, chosen, unknownChoice };
}

export type AgentStatusView =
  | { available: true; state: AgentState; label: string; message: string; updated: string | null; linked: boolean }
  | { available: false };

/** The status for the page and the poll; a GP system that does not answer gives `available: false`. */
export async function agentStatusView(context: AppContext, practiceId: number): Promise<AgentStatusView> {
  const result = await context.gpSystem.agentStatus(practiceId);
  if (!result.ok) return { available: false };
  const now = context.clock.now();
  const state = agentState(result.value, now);
  return {
    available: true,
    state,
    label: AGENT_STATE_LABELS[state],
    message: agentMessage(state, context.config.productName),
    updated: result.value?.dateUpdated ? formatDateTime(result.value.dateUpdated) : null,
    linked: state === "linked",
  };
}
