import { requestOrigin } from "~/web/origin";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextInput } from "~/components/accounts/ConformFields";
import { Pager, SearchForm } from "~/components/admin/AdminKit";
import { CcgSelect } from "~/components/admin/PracticeDetailsFields";
import { PostForm } from "~/components/Csrf";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Button } from "~/components/Fields";
import { summaryErrors, useNhsForm } from "~/components/forms";
import { formatDateTime } from "~/domain/admin/notices";
import { advanced_or_admin } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { safeRedirectPath } from "~/web/redirects";
import { notFound } from "~/web/responses.server";
import { ONBOARDING_MESSAGES, pageNumber, paging, practiceInvitationSchema, searchTerm } from "~/domain/practices/onboarding";
import { invitePractice, listCcgs, listPracticeInvitations, resendPracticeInvitation } from "~/domain/practices/onboarding.server";
import { parseId } from "~/validation/ids";
import { Table } from "~/components/Table";

/**
 * /practices/invite (spec 3 §2, advanced users and system admins): invite practices by e-mail,
 * each with a registration code; the invited list with search, resend and delete.
 */
export const handle = { title: "Invite a practice" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context, [advanced_or_admin]);
  const url = new URL(request.url);
  const q = searchTerm(url.searchParams.get("q"));
  const page = pageNumber(url.searchParams.get("page"));
  const [list, ccgs] = await Promise.all([listPracticeInvitations(context.db, q, page), listCcgs(context.db)]);
  return json({
    q,
    ccgs,
    allowTestDomain: context.config.testTools,
    returnTo: url.pathname + url.search,
    invitations: list.items.map((i) => ({
      id: i.id,
      email: i.email,
      practiceName: i.practiceName,
      odsCode: i.odsCode,
      registrationCode: i.registrationCode,
      lastSent: formatDateTime(new Date(i.lastSentAt)),
      completed: i.completedAt !== null,
      practiceCode: i.practiceCode,
    })),
    paging: paging("/practices/invite", { q }, page, list.total),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireViewer(request, context, [advanced_or_admin]);
  const formData = await request.formData();
  if (formData.get("intent") === "resend") {
    const id = parseId(formData.get("invitationId"));
    if (id === null) throw notFound();
    const result = await resendPracticeInvitation(context, requestOrigin(request), viewer.userId, id);
    if (result === "not_found") throw notFound();
    const back = safeRedirectPath(formData.get("returnTo"), "/practices/invite");
    return redirectWithFlash(request, context, back.startsWith("/practices/invite") ? back : "/practices/invite", {
      kind: result === "done" ? "success" : "info",
      text: result === "done" ? "The invitation has been sent again. The earlier link no longer works." : "That practice has already registered.",
    });
  }
  const submission = parseWithZod(formData, { schema: practiceInvitationSchema(context.config.testTools) });
  if (submission.status !== "success") return formRejected(submission);
  const result = await invitePractice(context, requestOrigin(request), viewer.userId, submission.value);
  if (result.status === "unknown_ccg") return formRejected(submission, { fieldErrors: { ccgId: [ONBOARDING_MESSAGES.ccg] } });
  return redirectWithFlash(request, context, "/practices/invite", {
    kind: "success",
    text: `Invitation sent to ${submission.value.email}. Registration code: ${result.registrationCode}.`,
  });
}

export default function InvitePractices() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const schema = practiceInvitationSchema(data.allowTestDomain);
  const [form, fields] = useNhsForm(schema, {
    lastResult: actionData?.lastResult ?? undefined,
  });
  const errors = summaryErrors([fields.email, fields.practiceName, fields.odsCode, fields.ccgId]);
  return (
    <>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <ErrorSummary errors={errors} />
          <h1>Invite a practice</h1>
          <p>
            The practice gets an email with a link to set itself up and a registration code to quote on the phone. The link works once
            and expires after 7 days.
          </p>
          <PostForm {...getFormProps(form)} noValidate>
            <TextInput meta={fields.email} label="Email address" hint="An NHS email address, for example name@nhs.net" type="email" autoComplete="off" spellCheck={false} />
            <TextInput meta={fields.practiceName} label="Practice name" spellCheck={false} />
            <TextInput meta={fields.odsCode} label="ODS code" hint="Letters and numbers only, for example A12345" width={10} optional spellCheck={false} />
            <CcgSelect meta={fields.ccgId as never} ccgs={data.ccgs} />
            <Button>Send invitation</Button>
          </PostForm>
        </div>
      </div>

      <h2>Invited practices</h2>
      <SearchForm id="invitation-search" name="q" label="Search invitations" hint="Email address, practice name, ODS code or registration code" value={data.q} />
      {data.invitations.length === 0 ? (
        <p>{data.q ? `No invitations match "${data.q}".` : "No practices have been invited yet."}</p>
      ) : (
        <Table caption={"Invited practices"} columns={["Practice", "Email address", "Registration code", "Last sent", "Status", { hidden: "Actions" }]}>
          {data.invitations.map((i) => (
            <tr key={i.id}>
              <td>
                {i.practiceName}
                {i.odsCode ? <span className="nhsuk-body-s nhsuk-u-display-block">ODS {i.odsCode}</span> : null}
              </td>
              <td>{i.email}</td>
              <td>
                <code>{i.registrationCode}</code>
              </td>
              <td>{i.lastSent}</td>
              <td>
                {i.completed ? (
                  <strong className="nhsuk-tag nhsuk-tag--green">Registered{i.practiceCode ? ` (${i.practiceCode})` : ""}</strong>
                ) : (
                  <strong className="nhsuk-tag nhsuk-tag--blue">Invited</strong>
                )}
              </td>
              <td>
                {i.completed ? null : (
                  <PostForm reloadDocument className="app-inline-form">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="invitationId" value={String(i.id)} />
                    <input type="hidden" name="returnTo" value={data.returnTo} />
                    <button type="submit" className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-2">
                      Resend<span className="nhsuk-u-visually-hidden"> the invitation to {i.practiceName}</span>
                    </button>
                  </PostForm>
                )}
                <a href={`/practices/invite/${i.id}/delete`}>
                  Delete<span className="nhsuk-u-visually-hidden"> the invitation to {i.practiceName}</span>
                </a>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager paging={data.paging} label="Pages of invited practices" />
    </>
  );
}
