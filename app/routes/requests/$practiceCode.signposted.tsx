import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { CancelRequest, RequestTimer } from "~/components/requests/RequestTimer";
import type { AppContext } from "~/context.server";
import { matchingRule } from "~/domain/requests/journey";
import { cancelledPath, closeDraft, continuePastSignpost, type Draft } from "~/domain/requests/journey.server";
import { openDraftStep } from "~/web/requests/draft-step.server";
import type { PageHandle } from "~/components/hydration";

// Advice and a post; the timer and cancel dialogs are a plain script (decision 0145).
export const handle = { title: (data: { rule?: { title: string } } | undefined) => data?.rule?.title ?? "Another service can help", hydrate: false } satisfies PageHandle;

/** The signposting rule the draft's answers match and the patient has not gone past, if any. */
function pendingRule({ entry, set, answers }: Draft) {
  const rule = matchingRule(set.pages, set.rules, answers);
  if (!rule || (entry.signpostRuleId === rule.id && entry.signpostContinuedAt)) return null;
  return set.rules.find((r) => r.id === rule.id) ?? null;
}

async function load(request: Request, context: AppContext, practiceCode: string | undefined) {
  const { practice, draft } = await openDraftStep(request, context, practiceCode, new URL(request.url).searchParams.get("entry"));
  return { practice, draft, entry: draft.entry, rule: pendingRule(draft) };
}

/**
 * Signposting (spec 2 §2.2 /signposted): an answer another service handles better (a
 * pharmacist, for Pharmacy First conditions). The patient may still go on with the request.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice, draft, entry, rule } = await load(request, context, params.practiceCode);
  if (!rule) throw redirect(draft.paths.place(draft.journey.place(null)));
  return json({
    practice: { name: practice.name, urlCode: practice.urlCode },
    entry: { id: entry.id, startedAt: entry.startedAt.toISOString() },
    serverNow: context.clock.now().toISOString(),
    rule: { title: rule.title, advice: rule.advice, serviceName: rule.serviceName, serviceUrl: rule.serviceUrl },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { practice, draft, entry, rule } = await load(request, context, params.practiceCode);
  if (!rule) return redirect(draft.paths.place(draft.journey.place(null)), 303);
  const intent = String((await request.formData()).get("intent") ?? "");
  if (intent === "use_service") {
    await closeDraft(context, entry.id, "signposted");
    return redirect(cancelledPath(practice.urlCode, "signposted"), 303);
  }
  await continuePastSignpost(context, entry, rule.id);
  // On to the page after the one that was answered (the bare URL would skip optional pages).
  const page = draft.set.pages.find((p) => p.questions.some((q) => q.id === rule.questionId));
  const next = page ? draft.journey.next(page.page) : null;
  return redirect(next === null ? draft.paths.check : draft.paths.page(next), 303);
}

export default function Signposted() {
  const data = useLoaderData<typeof loader>();
  const code = data.practice.urlCode;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>{data.rule.title}</h1>
        <p>{data.rule.advice}</p>
        {data.rule.serviceUrl ? (
          <p>
            {/* Through the counted redirect: the report's Pharmacy First clicks (issue "reports"). */}
            <a href={`/${code}/signposted/service?entry=${data.entry.id}`}>{data.rule.serviceName ?? data.rule.serviceUrl}</a>
          </p>
        ) : null}
        <PostForm>
          <div className="nhsuk-button-group">
            <Button name="intent" value="use_service">
              I will use this service
            </Button>
            <Button name="intent" value="continue" variant="secondary">
              Continue with my request anyway
            </Button>
          </div>
        </PostForm>
        <CancelRequest practiceCode={code} entryId={data.entry.id} />
        <RequestTimer practiceCode={code} practiceName={data.practice.name} entryId={data.entry.id} startedAt={data.entry.startedAt} serverNow={data.serverNow} />
      </div>
    </div>
  );
}
