/** The agent's key, shown once after it is made (docs/decisions/0077). */
export function AgentKeyPanel({ agentKey }: { agentKey: string }) {
  return (
    <div className="nhsuk-card nhsuk-card--feature" role="status">
      <div className="nhsuk-card__content nhsuk-card__content--feature">
        <h2 className="nhsuk-card__heading nhsuk-card__heading--feature">Copy the agent key now</h2>
        <p>Paste this key into the agent on the TPP Gateway machine. It is shown only this once: it is not stored and cannot be shown again.</p>
        <p>
          <code className="app-agent-key" data-testid="agent-key">
            {agentKey}
          </code>
        </p>
        <p className="nhsuk-u-margin-bottom-0">Keep it as you would a password: do not e-mail it or write it down where others can see it.</p>
      </div>
    </div>
  );
}
