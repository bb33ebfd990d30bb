import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AgentKeyPanel } from "~/components/agent/AgentKeyPanel";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { requireAgentPage } from "~/web/agent/agent-page.server";
import { agentConfig, regenerateAgentKey } from "~/domain/agent/agent.server";
import { notFound } from "~/web/responses.server";

export const handle = { title: "Create a new agent key" };

const setupPath = (code: string) => `/agent/setup?practice=${encodeURIComponent(code)}`;

/**
 * /agent/setup/regenerate?practice={code}: the confirm step (a page of its own, JS or not) before
 * a new agent key replaces the old one. The old key stops working at once and the status is
 * "not linked" until the agent reports with the new key. The new key is shown on the answer.
 */
async function load(request: Request, context: LoaderFunctionArgs["context"]) {
  const page = await requireAgentPage(request, context);
  if (!page.chosen || !page.chosen.isTpp) throw notFound();
  const config = await agentConfig(context.db, page.chosen.id);
  // Nothing to replace yet: the setup page makes the first key.
  if (!config) throw redirect(setupPath(page.chosen.urlCode));
  return { page, chosen: page.chosen, config };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { chosen, config } = await load(request, context);
  return json({ practice: { name: chosen.name, code: chosen.urlCode }, gatewayHost: config.gatewayHost });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { page, chosen } = await load(request, context);
  const result = await regenerateAgentKey(context.db, context.clock, page.agentViewer, chosen.id);
  if (result.status === "not_found") throw notFound();
  if (result.status === "not_configured") throw redirect(setupPath(chosen.urlCode));
  return json({ key: result.key }, { headers: { "Cache-Control": "no-store" } });
}

export default function RegenerateAgentKey() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = setupPath(data.practice.code);
  if (actionData?.key) {
    return (
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <h1>
            <span className="nhsuk-caption-l">{data.practice.name}</span>
            New agent key made
          </h1>
          <AgentKeyPanel agentKey={actionData.key} />
          <p>
            The old key no longer works. Until you paste this key into the agent on {data.gatewayHost}, the agent shows as not
            linked and requests are not passed to SystmOne.
          </p>
          <p>
            <a href={back}>Back to the desktop agent</a>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <a className="nhsuk-back-link" href={back}>
          Back
        </a>
        <h1>
          <span className="nhsuk-caption-l">{data.practice.name}</span>
          Create a new agent key?
        </h1>
        <div className="nhsuk-warning-callout">
          <h2 className="nhsuk-warning-callout__label">
            <span role="text">
              <span className="nhsuk-u-visually-hidden">Important: </span>
              The current key stops working straight away
            </span>
          </h2>
          <p>
            The agent on {data.gatewayHost} is disconnected until someone pastes the new key into it. Do this only when you can
            update the agent now, or when the old key may have been seen by someone who should not have it.
          </p>
        </div>
        <PostForm>
          <Button variant="warning">Yes, create a new key</Button>
        </PostForm>
        <p>
          <a href={back}>No, keep the current key</a>
        </p>
      </div>
    </div>
  );
}
