import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { BackLink, ChoiceField, RequestStopped } from "./RequestParts";

export type StoppedData = {
  practice: { name: string; urlCode: string };
  stopped: "not_registered" | "closed" | "too_old";
  message: string;
  /** Closed: where to go instead (an exceptional closure) and the practice's own words. */
  alternative?: string | null;
  practiceMessage?: string | null;
};

export function isStopped(data: unknown): data is StoppedData {
  return Boolean(data && typeof data === "object" && "stopped" in data);
}

/** Why no request can be made here now: not registered, requests closed, or too old. */
export function StoppedView({ data }: { data: StoppedData }) {
  const title =
    data.stopped === "closed"
      ? `${data.practice.name} is not taking online requests now`
      : data.stopped === "too_old"
        ? "You cannot make an online request for this patient"
        : "You cannot make a request at this practice";
  return (
    <RequestStopped caption={data.practice.name} title={title}>
      <p>{data.message}</p>
      {data.alternative ? (
        <div className="nhsuk-inset-text">
          <h2 className="nhsuk-heading-s">Where to go instead</h2>
          <p className="app-pre-line">{data.alternative}</p>
        </div>
      ) : null}
      {data.practiceMessage ? <p className="app-pre-line">{data.practiceMessage}</p> : null}
      {data.stopped === "closed" ? <p>Anything you have already started can still be sent.</p> : null}
    </RequestStopped>
  );
}

export function stoppedTitle(data: unknown, fallback: string): string {
  if (!isStopped(data)) return fallback;
  if (data.stopped === "closed") return `${data.practice.name} is not taking online requests now`;
  if (data.stopped === "too_old") return "You cannot make an online request for this patient";
  return "You cannot make a request at this practice";
}

type IssueStepData = {
  practice: { name: string; urlCode: string };
  subject: { firstName: string; lastName: string; relation: "myself" | "dependent" };
  issueTypes: { id: number; name: string; hint: string | null }[];
  preselected: number | null;
  backHref: string;
};

export const ISSUE_STEP_TITLE = "What is your request about?";

/** Step 3: what the request is about (the issue types, with their hints, from the database). */
export function IssueTypeStep() {
  const data = useLoaderData<IssueStepData | StoppedData>();
  const actionData = useActionData<{ errors?: { issueTypeId?: string } }>();
  if (isStopped(data)) return <StoppedView data={data} />;
  const error = actionData?.errors?.issueTypeId;
  const forDependent = data.subject.relation === "dependent";
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <BackLink href={data.backHref} />
        <ErrorSummary errors={error ? [{ fieldId: "issueTypeId", message: error }] : []} />
        <PostForm noValidate>
          <ChoiceField
            type="radio"
            id="issueTypeId"
            name="issueTypeId"
            legend={ISSUE_STEP_TITLE}
            legendIsHeading
            hint={forDependent ? `You are making this request for ${data.subject.firstName} ${data.subject.lastName}.` : undefined}
            error={error}
            options={data.issueTypes.map((t) => ({ value: String(t.id), label: t.name, hint: t.hint }))}
            defaultValue={data.preselected === null ? null : String(data.preselected)}
          />
          <Button>Continue</Button>
        </PostForm>
      </div>
    </div>
  );
}
