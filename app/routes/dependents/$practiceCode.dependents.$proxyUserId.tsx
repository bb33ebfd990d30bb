import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button, CheckboxField } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { Table } from "~/components/Table";
import type { AppContext } from "~/context.server";
import { carerDependent, dependentRequests, removeDependent } from "~/domain/dependents/dependent.server";
import { dependentOffers, RemoveDependentSchema } from "~/domain/dependents/dependent-page";
import { CARER_STATUS_LABELS } from "~/domain/dependents/proxy-links";
import { STATUS_TAGS } from "~/domain/requests/request-status";
import { parseId } from "~/validation/ids";
import { formatDate } from "~/validation/dates";
import { dependentsHome, requireCarer } from "~/web/dependents/carer.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { notFound } from "~/web/responses.server";
import type { PageHandle } from "~/components/hydration";

export const handle = { title: (data: { name?: string } | undefined) => data?.name ?? "Someone you care for", hydrate: false } satisfies PageHandle;

/**
 * /{code}/dependents/{proxy_user_id} (spec 2 §2.3): one person the carer cares for. The id is
 * the link's (carer_dependents.id, as in /{code}/message/carer/{dependent_id}: decision 0100).
 * The link's state; once approved their date of birth, their requests and Make a request; and
 * the carer stopping the link. Another carer's link, or another practice's, is not found.
 */
async function guard(request: Request, context: AppContext, params: LoaderFunctionArgs["params"]) {
  const { viewer, practice } = await requireCarer(request, context, params.practiceCode);
  const linkId = parseId(params.proxyUserId);
  if (!practice || linkId === null) throw notFound();
  const link = await carerDependent(context.db, { carerUserId: viewer.userId, linkId, practiceId: practice.id });
  if (!link) throw notFound();
  return { viewer, practice, link };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, practice, link } = await guard(request, context, params);
  const offers = dependentOffers(link.status);
  const requests = offers.seeRequests ? await dependentRequests(context.db, { carerUserId: viewer.userId, patientId: link.patientId, practiceId: practice.id }) : [];
  return json({
    name: `${link.firstName} ${link.lastName}`,
    practiceName: practice.name,
    code: practice.urlCode,
    dateOfBirth: link.dateOfBirth ? formatDate(link.dateOfBirth) : null,
    relationship: link.relationship,
    status: link.status,
    statusLabel: CARER_STATUS_LABELS[link.status],
    note: link.status === "declined" ? link.decisionNote : null,
    offers,
    requestHref: offers.makeRequest ? `/${practice.urlCode}/message/carer/${link.id}` : null,
    requests: requests.map((r) => ({ ...r, href: `/${practice.urlCode}/chat/${r.id}` })),
    backHref: dependentsHome(practice.urlCode),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, practice, link } = await guard(request, context, params);
  const submission = parseWithZod(await request.formData(), { schema: RemoveDependentSchema });
  if (submission.status !== "success") return formRejected(submission);
  const result = await removeDependent(context, { carerUserId: viewer.userId, linkId: link.id, practiceId: practice.id });
  if (result.status === "not_found") throw notFound();
  return redirectWithFlash(request, context, dependentsHome(practice.urlCode), {
    kind: "success",
    text: `You no longer act for ${result.name}. You can ask ${practice.name} again at any time.`,
  });
}

export default function Dependent() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useNhsForm(RemoveDependentSchema, { lastResult: actionData?.lastResult });
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={summaryErrors([fields.confirm], form.errors)} />
        <span className="nhsuk-caption-l">Someone you care for</span>
        <h1>{data.name}</h1>
        <dl className="nhsuk-summary-list">
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Status</dt>
            <dd className="nhsuk-summary-list__value">
              {data.statusLabel}
              {data.note ? <p className="nhsuk-u-margin-top-2 nhsuk-u-margin-bottom-0">The practice said: {data.note}</p> : null}
            </dd>
          </div>
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Practice</dt>
            <dd className="nhsuk-summary-list__value">{data.practiceName}</dd>
          </div>
          {data.dateOfBirth ? (
            <div className="nhsuk-summary-list__row">
              <dt className="nhsuk-summary-list__key">Date of birth</dt>
              <dd className="nhsuk-summary-list__value">{data.dateOfBirth}</dd>
            </div>
          ) : null}
          {data.relationship ? (
            <div className="nhsuk-summary-list__row">
              <dt className="nhsuk-summary-list__key">Your relationship</dt>
              <dd className="nhsuk-summary-list__value">{data.relationship}</dd>
            </div>
          ) : null}
        </dl>
        {data.status === "pending" ? <p>{data.practiceName} checks your request before you can act for them. You will get an email when they decide.</p> : null}
        {data.requestHref ? (
          <p>
            <a className="nhsuk-button" href={data.requestHref}>
              Make a request<span className="nhsuk-u-visually-hidden"> for {data.name}</span>
            </a>
          </p>
        ) : null}
        {data.offers.seeRequests ? (
          <>
            <h2 className="nhsuk-heading-m">Their requests</h2>
            {data.requests.length === 0 ? (
              <p>No requests have been sent for {data.name} yet.</p>
            ) : (
              <Table caption={`Requests for ${data.name}`} columns={["Request", "Type", "Sent on", "Status"]}>
                {data.requests.map((r) => (
                  <tr className="nhsuk-table__row" key={r.id}>
                    <td className="nhsuk-table__cell">
                      <a href={r.href}>{r.reference}</a>
                    </td>
                    <td className="nhsuk-table__cell">{r.issueTypeName}</td>
                    <td className="nhsuk-table__cell">{r.sentOn}</td>
                    <td className="nhsuk-table__cell">
                      <strong className={STATUS_TAGS[r.status].className}>{STATUS_TAGS[r.status].text}</strong>
                    </td>
                  </tr>
                ))}
              </Table>
            )}
          </>
        ) : null}
        {data.offers.remove ? (
          <>
            <h2 className="nhsuk-heading-m">Stop acting for {data.name}</h2>
            <p>You will no longer be able to make requests for them or see their requests. Requests already sent stay with the practice.</p>
            <PostForm {...getFormProps(form)} noValidate>
              <input type="hidden" name="intent" value="remove" />
              <CheckboxField id={fields.confirm.id} name={fields.confirm.name} value="yes" label={`Yes, I no longer act for ${data.name}`} error={fields.confirm.errors?.[0]} />
              <Button variant="warning">Remove {data.name}</Button>
            </PostForm>
          </>
        ) : null}
        <p>
          <a href={data.backHref}>Back to the people you care for</a>
        </p>
      </div>
    </div>
  );
}
