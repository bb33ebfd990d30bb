import { useEffect, useState } from "react";
import { BACKGROUND_REQUEST_HEADER } from "~/domain/sessions/background";
import type { AgentStatusView } from "~/web/agent/agent-page.server";

/** Spec 3 §9: 5 minutes. Kept here (not imported from the domain) so no server code reaches the browser. */
const POLL_MS = 5 * 60 * 1000;

/**
 * The agent's status (spec 3 §4, §8): "Linked" only when both connections are reported, with
 * the spec's sentence for what to check otherwise. Without JS it is as fresh as the page; with
 * JS it is asked for again every 5 minutes, and a failed poll is silent (the last status stays).
 */
export function AgentStatus({ initial, pollUrl }: { initial: AgentStatusView; pollUrl: string }) {
  const [status, setStatus] = useState(initial);
  useEffect(() => setStatus(initial), [initial]);
  useEffect(() => {
    const timer = window.setInterval(async () => {
      try {
        // The page's own request: no activity for the idle logout (decision 0162).
        const response = await fetch(pollUrl, { headers: { Accept: "application/json", [BACKGROUND_REQUEST_HEADER]: "agent-status" }, credentials: "same-origin" });
        if (!response.ok) return;
        const next = (await response.json()) as AgentStatusView;
        if (next.available) setStatus(next);
      } catch {
        // Silent (spec 3 §8): the status shown stays until the next poll or page load.
      }
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [pollUrl]);

  return (
    <div id="agent-status" aria-live="polite">
      {status.available ? (
        <dl className="nhsuk-summary-list">
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Agent status</dt>
            <dd className="nhsuk-summary-list__value">
              <strong className={`nhsuk-tag ${status.linked ? "nhsuk-tag--green" : "nhsuk-tag--red"}`} title={status.message}>
                {status.label}
              </strong>
              <p className="nhsuk-u-margin-top-2 nhsuk-u-margin-bottom-0" data-testid="agent-message">
                {status.linked ? `The agent is ${status.message} to SystmOne.` : status.message}
              </p>
            </dd>
          </div>
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Last report from the agent</dt>
            <dd className="nhsuk-summary-list__value">{status.updated ?? "No report received yet"}</dd>
          </div>
        </dl>
      ) : (
        <p>The agent&apos;s status could not be checked just now. It is checked again each time you open this page.</p>
      )}
    </div>
  );
}
