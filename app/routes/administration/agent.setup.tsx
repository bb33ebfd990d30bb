import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AgentStatus } from "~/components/agent/AgentStatus";
import { AgentKeyPanel } from "~/components/agent/AgentKeyPanel";
import { TextInput } from "~/components/accounts/ConformFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { AgentConfigSchema } from "~/domain/agent/agent";
import { agentStatusView, requireAgentPage } from "~/web/agent/agent-page.server";
import { agentConfig, configureAgent } from "~/domain/agent/agent.server";
import { formRejected } from "~/web/forms.server";
import { redirectWithFlash } from "~/web/flash.server";
import { notFound } from "~/web/responses.server";
import { formatDateTime } from "~/domain/requests/display";

export const handle = { title: "TPP desktop agent" };

const setupPath = (code: string) => `/agent/setup?practice=${encodeURIComponent(code)}`;

/**
 * /agent/setup (spec 3 §2, practice admin): the desktop agent that links a TPP practice to
 * SystmOne. The admin names the TPP Gateway machine, gets the agent's key once, and sees the
 * agent's status (linked only when both connections are reported, spec 3 §4), fresh with each
 * page and polled every 5 minutes with JS. A practice admin of several practices picks one with
 * ?practice=; a practice on EMIS is told why there is nothing to set up. docs/decisions/0077.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await requireAgentPage(request, context);
  if (page.unknownChoice) throw notFound();
  const choices = page.practices.filter((p) => p.isTpp).map((p) => ({ name: p.name, code: p.urlCode }));
  const others = page.practices.filter((p) => !p.isTpp).map((p) => p.name);
  const chosen = page.chosen;
  if (!chosen || !chosen.isTpp) {
    return json({ product: context.config.productName, choices, others, chosen: chosen ? { name: chosen.name, code: chosen.urlCode, isTpp: false as const } : null, agent: null, status: null });
  }
  const [config, status] = await Promise.all([agentConfig(context.db, chosen.id), agentStatusView(context, chosen.id)]);
  return json({
    product: context.config.productName,
    choices,
    others,
    chosen: { name: chosen.name, code: chosen.urlCode, isTpp: true as const },
    agent: config ? { gatewayHost: config.gatewayHost, configuredAt: formatDateTime(config.configuredAt), configuredBy: config.configuredBy } : null,
    status: config ? status : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const page = await requireAgentPage(request, context);
  if (!page.chosen || !page.chosen.isTpp) throw notFound();
  const submission = parseWithZod(await request.formData(), { schema: AgentConfigSchema });
  if (submission.status !== "success") return formRejected(submission);
  const result = await configureAgent(context.db, context.clock, page.agentViewer, { practiceId: page.chosen.id, gatewayHost: submission.value.gatewayHost });
  if (result.status === "not_found") throw notFound();
  // The key is shown on this answer only: it is not stored anywhere it could be shown again.
  if (result.status === "created") return json({ key: result.key, lastResult: submission.reply({ resetForm: false }) }, { headers: { "Cache-Control": "no-store" } });
  return redirectWithFlash(request, context, setupPath(page.chosen.urlCode), {
    kind: "success",
    text: result.changed ? "TPP Gateway machine name saved." : "Nothing to save: the machine name is unchanged.",
  });
}

export default function AgentSetup() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const key = actionData && "key" in actionData && typeof actionData.key === "string" ? actionData.key : null;
  const [form, fields] = useNhsForm(AgentConfigSchema, {
    lastResult: actionData?.lastResult,
        defaultValue: { gatewayHost: data.agent?.gatewayHost ?? "" },
  });
  const errors = summaryErrors([fields.gatewayHost], form.errors);
  const chosen = data.chosen;

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <a className="nhsuk-back-link" href="/practices">
          Back to my practices
        </a>
        <ErrorSummary errors={errors} />
        <h1>
          {chosen ? <span className="nhsuk-caption-l">{chosen.name}</span> : null}
          TPP desktop agent
        </h1>

        {!chosen ? <ChoosePractice choices={data.choices} others={data.others} /> : null}

        {chosen && !chosen.isTpp ? (
          <>
            <p>
              {chosen.name} does not use SystmOne (TPP), so it does not need the desktop agent. The agent is only for TPP
              practices: it runs on the practice&apos;s TPP Gateway machine and passes requests between {data.product} and
              SystmOne.
            </p>
            <p>
              If the practice has moved to SystmOne, ask your {data.product} system administrator to change its clinical system in
              the practice settings first.
            </p>
            {data.choices.length > 0 ? <ChoosePractice choices={data.choices} others={[]} /> : null}
          </>
        ) : null}

        {chosen && chosen.isTpp ? (
          <>
            {key ? <AgentKeyPanel agentKey={key} /> : null}

            <h2>Status</h2>
            {data.status ? (
              <AgentStatus initial={data.status} pollUrl={`/agent/setup/status?practice=${encodeURIComponent(chosen.code)}`} />
            ) : (
              <p>The agent is not set up yet. Enter the name of the TPP Gateway machine below to create its key.</p>
            )}

            <h2>TPP Gateway machine</h2>
            <PostForm {...getFormProps(form)} noValidate>
              <TextInput
                meta={fields.gatewayHost}
                label="Machine name"
                hint="The computer name of the practice's TPP Gateway machine, where SystmOne and the agent run, for example HILLSIDE-GW01. On that machine, find it in Settings > System > About > Device name."
                width={20}
                spellCheck={false}
                autoComplete="off"
              />
              <Button>{data.agent ? "Save machine name" : "Save and create the agent key"}</Button>
            </PostForm>

            {data.agent ? (
              <>
                <h2>Agent key</h2>
                <p>
                  The agent proves it belongs to {chosen.name} with its key. The current key was made on {data.agent.configuredAt}
                  {data.agent.configuredBy ? ` by ${data.agent.configuredBy}` : ""}. Keys are shown only once, when they are made: if
                  the key is lost, or someone who should not have it may have seen it, make a new one.
                </p>
                <p>
                  <a href={`/agent/setup/regenerate?practice=${encodeURIComponent(chosen.code)}`}>Create a new agent key</a>
                </p>
              </>
            ) : null}

            <h2>Installing the agent</h2>
            <ol className="nhsuk-list nhsuk-list--number">
              <li>On the TPP Gateway machine, sign in to Windows with the account SystmOne runs under.</li>
              <li>Install the {data.product} SystmOne Agent your IT support provides, and start it.</li>
              <li>When the agent asks for its key, paste the key this page gave you.</li>
              <li>Start SystmOne and log in. The agent needs SystmOne running and logged in to link.</li>
              <li>Come back to this page: the status shows Linked within a few minutes.</li>
            </ol>
            {data.choices.length > 1 ? (
              <p>
                <a href="/agent/setup">Set up the agent for another practice</a>
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

function ChoosePractice({ choices, others }: { choices: { name: string; code: string }[]; others: string[] }) {
  return (
    <>
      {choices.length > 0 ? (
        <>
          <p>Choose the practice whose desktop agent you want to set up or check.</p>
          <ul className="nhsuk-list">
            {choices.map((c) => (
              <li key={c.code}>
                <a href={setupPath(c.code)}>{c.name}</a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          None of your practices uses SystmOne (TPP), so there is no desktop agent to set up. The agent is only needed by TPP
          practices, to pass requests between this service and SystmOne.
        </p>
      )}
      {others.length > 0 ? (
        <p>
          Not on SystmOne, so no agent needed: {others.join(", ")}.
        </p>
      ) : null}
    </>
  );
}
