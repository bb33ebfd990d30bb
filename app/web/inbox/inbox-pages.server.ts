/**
 * The loaders and actions behind the inbox routes, shared by the inbox views (unassigned,
 * personal, issue type...) so each route module is a few lines. Staff only (the `inbox` guard:
 * a practice admin without a staff role is refused with no_staff_role), in loaders and actions.
 * The practice code `all` is the federated inbox over every practice where the viewer is staff
 * (inbox-scope.server.ts, docs/decisions/0062-federated-inbox.md).
 */
import { autofileOnCompletion, type AutofileOutcome } from "~/domain/inbox/filing.server";
import { videoOnAt } from "~/domain/video/schedule.server";
import { notificationCount } from "~/domain/staff/notification-settings.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import type { Viewer } from "~/domain/auth/viewer.server";
import { inbox as inboxGuard } from "~/domain/auth/guards";
import { requireViewer } from "~/web/auth/guards.server";
import { audit } from "~/domain/audit/audit.server";
import { fileDownloadResponse } from "~/web/files/download.server";
import { readUploadForm } from "~/web/files/uploads.server";
import { readSignedValue, signValue } from "~/domain/auth/signed-value.server";
import { isSecureRequest } from "~/web/cookies";
import { redirectWithFlash, setFlashCookie } from "~/web/flash.server";
import { notFound } from "~/web/responses.server";
import { parseId } from "~/validation/ids";
import { memoized } from "~/server/request-memo.server";
import type { Practice } from "~/domain/practices/practices.server";
import { listIssueTypes } from "~/domain/requests/questions.server";
import { pendingLinkCount, pendingLinks } from "~/domain/dependents/proxy-links.server";
import { requestReference } from "~/domain/requests/reference";
import { bubbleCount, inboxCountsAcross } from "~/domain/inbox/counters.server";
import { practiceInboxCounts } from "~/web/inbox/counters.server";
import { HandlingSchema } from "~/domain/inbox/handling-forms";
import { parseLtcFilter, parseReviewDate, parseReviewFilter, triageFromForm, triageSummary } from "~/domain/inbox/triage";
import { londonDate } from "~/domain/time/london";
import { inboxLtcCounts, listInboxAcross, type InboxSelector, type InboxSort } from "~/domain/inbox/inbox-queries.server";
import { FEDERATED_CODE, practiceOfEntry, staffPractices, type InboxScope } from "~/domain/inbox/inbox-scope.server";
import { requireInboxScope } from "~/web/inbox/inbox-scope.server";
import { addAction, addComment, completeAction, searchSnomed } from "~/domain/inbox/notes.server";
import { replyToPatient } from "~/domain/inbox/reply.server";
import { changeRequest, isStaffMember, undoTarget, type ChangeResult } from "~/domain/inbox/request-handling.server";
import { noticeRefusedMessage, type NoticeRefused } from "~/domain/notify/notice-refused";
import { loadRequestDetails, practiceStaff, recordView } from "~/domain/inbox/request-details.server";
import { replyTemplates } from "~/web/templates/reply-templates.server";
import { sendQuestionnaire } from "~/domain/templates/questionnaire-sends.server";
import { listQuestionnaires } from "~/domain/templates/questionnaires.server";
import { awayAt, type Away } from "~/domain/rota/rota.server";
import { LEAVE_KIND_LABELS } from "~/domain/rota/leave";
import { formatDate } from "~/validation/dates";

export const NAMED_INBOXES = ["unassigned", "awaiting-response", "completed", "rejected", "all"] as const;
export const INBOX_TITLES: Record<(typeof NAMED_INBOXES)[number], string> = {
  unassigned: "Unassigned",
  "awaiting-response": "Awaiting Response",
  completed: "Completed",
  rejected: "Rejected",
  all: "All",
};

/** One practice's pages only (downloads, delete): `all` is no practice there, so 404. */
async function requireStaff(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { viewer, practice } = await requireViewer(args.request, args.context, [inboxGuard], { practiceCode: args.params.practiceCode });
  return { viewer, practice: practice as Practice };
}

const requireScope = (args: LoaderFunctionArgs | ActionFunctionArgs) => requireInboxScope(args.request, args.context, args.params.practiceCode);

/** The page heading's caption in the federated inbox. */
export const FEDERATED_LABEL = "All practices";

/** A practice's staff, read once per page (the personal inbox's title and the list's assignees). */
function staffOf(request: Request, context: AppContext, practiceId: number) {
  return memoized(context, request, `practice-staff:${practiceId}`, () => practiceStaff(context.db, practiceId));
}

/**
 * The inbox a URL names: a named inbox, an issue type, or a staff member's personal inbox. In
 * the federated inbox only the viewer's own id is a personal inbox: another id would name a
 * colleague at some of the practices only, so it is not found there.
 */
async function resolveInbox(request: Request, context: AppContext, scope: InboxScope, viewer: Viewer, params: LoaderFunctionArgs["params"]) {
  const base = `/${scope.code}/inboxes`;
  if (params.type !== undefined) {
    const types = await listIssueTypes(context.db);
    const type = types.find((t) => String(t.id) === params.type);
    if (!type) throw notFound();
    return { selector: { issueTypeId: type.id } as InboxSelector, title: type.name, basePath: `${base}/issue_type/${type.id}` };
  }
  const name = params.inbox ?? "";
  if ((NAMED_INBOXES as readonly string[]).includes(name)) {
    const named = name as (typeof NAMED_INBOXES)[number];
    return { selector: named as InboxSelector, title: INBOX_TITLES[named], basePath: `${base}/${named}` };
  }
  if (!/^\d{1,10}$/.test(name)) throw notFound();
  const staff = scope.federated
    ? String(viewer.userId) === name
      ? { id: viewer.userId, firstName: viewer.firstName, lastName: viewer.lastName }
      : undefined
    : (await staffOf(request, context, scope.practices[0].id)).find((s) => String(s.id) === name);
  if (!staff) throw notFound();
  return {
    selector: { staffUserId: staff.id } as InboxSelector,
    title: `${staff.firstName} ${staff.lastName}`,
    basePath: `${base}/${staff.id}`,
  };
}

/** /{code}/inboxes: the inbox navigation with counts (rendered with every page, no JS needed). */
export async function inboxesLayoutLoader(args: LoaderFunctionArgs) {
  const { viewer, scope } = await requireScope(args);
  const { db } = args.context;
  const ids = scope.practices.map((p) => p.id);
  const [counts, issueTypes, carerRequests] = await Promise.all([
    scope.federated ? inboxCountsAcross(db, ids, viewer.userId) : practiceInboxCounts(args.request, args.context, ids[0]),
    listIssueTypes(db),
    pendingLinkCount(db, ids),
  ]);
  return json({
    practice: { code: scope.code, name: scope.federated ? FEDERATED_LABEL : scope.practices[0].name },
    // The switch between a practice's inboxes and all practices, for staff of more than one.
    practices: staffPractices(viewer).map((p) => ({ code: p.urlCode, name: p.name })),
    me: { id: viewer.userId, name: `${viewer.firstName} ${viewer.lastName}` },
    counts: {
      personal: counts.get(`personal:${viewer.userId}`) ?? 0,
      ...Object.fromEntries(NAMED_INBOXES.map((n) => [n, counts.get(n) ?? 0])),
    } as Record<"personal" | (typeof NAMED_INBOXES)[number], number>,
    issueTypes: issueTypes.map((t) => ({ id: t.id, name: t.name, count: counts.get(`issue_type:${t.id}`) ?? 0 })),
    // Carers waiting for the practice to approve their link (docs/decisions/0070).
    carerRequests,
  });
}

/** /{code}/inboxes/carer-requests: carers waiting for a decision, oldest first. */
export async function carerRequestsLoader(args: LoaderFunctionArgs) {
  const { viewer, scope } = await requireScope(args);
  const { context } = args;
  const ids = scope.practices.map((p) => p.id);
  const links = await pendingLinks(context.db, ids);
  const codes = new Map(scope.practices.map((p) => [p.id, p]));
  await Promise.all(
    ids.map((practiceId) =>
      audit(context.db, { actorUserId: viewer.userId, practiceId, action: "inbox.view", subjectType: "inbox", subjectId: `/${scope.code}/inboxes/carer-requests`, at: context.clock.now() }),
    ),
  );
  return json({
    caption: scope.federated ? FEDERATED_LABEL : null,
    rows: links.map((l) => {
      const practice = codes.get(l.practiceId);
      return {
        key: `${l.patientId}-${l.carerUserId}`,
        patientName: l.patientName,
        carerName: l.carerName,
        relationship: l.relationship,
        requestedAt: l.requestedAt.toISOString(),
        practiceName: scope.federated ? (practice?.name ?? null) : null,
        href: `/${practice?.urlCode ?? scope.code}/${l.patientId}/carer/${l.carerUserId}`,
      };
    }),
  });
}

export async function inboxListLoader(args: LoaderFunctionArgs) {
  const { viewer, scope } = await requireScope(args);
  const { context } = args;
  const url = new URL(args.request.url);
  const sortParam = url.searchParams.get("sort");
  const sort: InboxSort = sortParam === "oldest" || sortParam === "urgency" ? sortParam : "newest";
  const after = url.searchParams.get("after");
  // Search (patient name, NHS number, date of birth or reference) and the issue-type filter.
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const typeParam = url.searchParams.get("type");
  const issueTypeId = typeParam && /^\d{1,3}$/.test(typeParam) ? Number(typeParam) : null;
  const ltc = parseLtcFilter(url.searchParams.get("ltc"));
  const review = parseReviewFilter(url.searchParams.get("review"));
  const { selector, title, basePath } = await resolveInbox(args.request, context, scope, viewer, args.params);
  // An issue-type inbox is already one type: no type filter there.
  const byType = typeof selector === "object" && "issueTypeId" in selector;
  const ids = scope.practices.map((p) => p.id);
  const at = context.clock.now();
  // Independent reads and the audit rows at once; the page is shown only if all succeed.
  const reviewDueBy = review ? londonDate(context.clock.now()) : null;
  const [page, ltcCounts, staff, issueTypes] = await Promise.all([
    listInboxAcross(context.db, { practiceIds: ids, inbox: selector, sort, search: search || null, issueTypeId: byType ? null : issueTypeId, ltc, reviewDueBy, after, limit: 20 }),
    // Beside each choice of the long-term-condition filter, how many requests it would list.
    inboxLtcCounts(context.db, { practiceIds: ids, inbox: selector, search: search || null, issueTypeId: byType ? null : issueTypeId, reviewDueBy }),
    Promise.all(ids.map((id) => staffOf(args.request, context, id))),
    listIssueTypes(context.db),
    // The audit says a search was made, never what was typed (it may be a name). One row per
    // practice shown, so each practice's audit trail holds the federated views of its requests.
    Promise.all(
      ids.map((practiceId) =>
        audit(context.db, {
          actorUserId: viewer.userId,
          practiceId,
          action: "inbox.view",
          subjectType: "inbox",
          subjectId: basePath,
          detail: search ? { searched: true } : undefined,
          at,
        }),
      ),
    ),
  ]);
  const names = new Map(staff.flat().map((s) => [s.id, `${s.firstName} ${s.lastName}`]));
  const practiceNames = new Map(scope.practices.map((p) => [p.id, p.name]));
  // A personal inbox says when its owner is away today and who covers them (decision 0098).
  const owner = typeof selector === "object" && "staffUserId" in selector ? selector.staffUserId : null;
  const today = londonDate(at);
  const awayHere = owner === null ? [] : (await Promise.all(ids.map((id) => awayAt(context.db, id, today)))).map((m) => m.get(owner)).filter((a): a is Away => Boolean(a));
  const ownerRow = staff.flat().find((s) => s.id === owner);
  return json({
    title,
    away: awayHere.length ? { ...leaveWarning(awayHere[0], ownerRow), coverHref: awayHere[0].cover ? `/${scope.code}/inboxes/${awayHere[0].cover.id}` : null } : null,
    caption: scope.federated ? FEDERATED_LABEL : null,
    basePath,
    sort,
    after,
    search,
    issueTypeId,
    ltc,
    ltcCounts,
    review,
    issueTypes: byType ? [] : issueTypes.map((t) => ({ id: t.id, name: t.name })),
    next: page.next,
    rows: page.rows.map((r) => ({
      id: r.id,
      // Which practice the request is at: shown in the federated inbox only.
      practiceName: scope.federated ? (practiceNames.get(r.practiceId) ?? null) : null,
      reference: requestReference(r.id),
      patientName: `${r.patientFirstName} ${r.patientLastName}`,
      issueTypeName: r.issueTypeName,
      submittedAt: r.submittedAt.toISOString(),
      urgencyId: r.urgencyId,
      assignee: r.assignedToId ? (names.get(r.assignedToId) ?? "Someone else") : null,
      stage: r.stage,
      awaitingPatientReply: r.awaitingPatientReply,
      longTermCondition: r.longTermCondition,
      reviewDate: r.reviewDate,
    })),
  });
}

export async function requestDetailsLoader(args: LoaderFunctionArgs) {
  const { viewer, scope } = await requireScope(args);
  const { context } = args;
  const entryId = requestIdParam(args);
  // In the federated inbox the request's own practice: its staff, its audit, its links.
  const practice = await practiceOfEntry(context.db, scope, entryId);
  if (!practice) throw notFound();
  const details = await loadRequestDetails(context.db, practice.id, entryId);
  if (!details) throw notFound();
  const url = new URL(args.request.url);
  const snomedQuery = url.searchParams.get("snomed") ?? "";
  const [others, snomedResults, templates, questionnaires, videoOn] = await Promise.all([
    recordView(context, { userId: viewer.userId, practiceId: practice.id }, entryId),
    snomedQuery ? searchSnomed(context.db, snomedQuery) : Promise.resolve([]),
    // Issue "templates": a reply can start from a template (`?template=`).
    replyTemplates(context, {
      practiceId: practice.id,
      practiceName: practice.name,
      practiceCode: practice.urlCode,
      userId: viewer.userId,
      patientName: `${details.patient.firstName} ${details.patient.lastName}`,
      origin: url.origin,
      chosen: url.searchParams.get("template"),
    }),
    listQuestionnaires(context.db, { practiceId: practice.id }, viewer.userId),
    // Issue "video": a consultation scheduled from the request records its call in the history.
    videoOnAt(context.db, practice.id),
  ]);
  // Attachments download through short-lived links signed for this staff member.
  const expires = new Date(context.clock.now().getTime() + FILE_LINK_SECONDS * 1000);
  const fileLinks = Object.fromEntries(
    details.files.map((f) => [
      f.id,
      `/${practice.urlCode}/requests/${entryId}/files/${f.id}?sig=${encodeURIComponent(signValue(context.config.sessionSecret, FILE_LINK_PURPOSE, { f: f.id, u: viewer.userId }, expires))}`,
    ]),
  );
  return json({
    details,
    others,
    snomedQuery,
    snomedResults,
    templates,
    questionnaires: questionnaires.map((q) => ({ id: q.id, title: q.title, favourite: q.favourite })),
    fileLinks,
    practiceCode: practice.urlCode,
    videoScheduleHref: videoOn ? `/${practice.urlCode}/videoschedules?request=${entryId}` : null,
    // Named on the page when the list mixes practices.
    practiceName: scope.federated ? practice.name : null,
    me: viewer.userId,
    // Who is on leave today (the assignee list says so): decision 0098.
    awayToday: [...(await awayAt(context.db, practice.id, londonDate(context.clock.now()))).values()].map((a) => ({ id: a.userId, until: formatDate(a.endDate) })),
  });
}

/** The request id in the URL; anything but a 32-bit serial is a request that does not exist. */
function requestIdParam(args: { params: { requestId?: string } }): number {
  const id = parseId(args.params.requestId);
  if (id === null) throw notFound();
  return id;
}

export const FILE_LINK_PURPOSE = "staff-file";
const FILE_LINK_SECONDS = 5 * 60;

/** A staff download: the signature must name this file and this staff member, and be fresh. */
export async function staffFileLoader(args: LoaderFunctionArgs) {
  const { viewer, practice } = await requireStaff(args);
  const { context } = args;
  const entryId = requestIdParam(args);
  const fileId = args.params.fileId ?? "";
  const sig = new URL(args.request.url).searchParams.get("sig") ?? undefined;
  const grant = readSignedValue<{ f: string; u: number }>(context.config.sessionSecret, FILE_LINK_PURPOSE, sig, context.clock.now());
  if (!grant || grant.f !== fileId || grant.u !== viewer.userId) throw notFound();
  const details = await loadRequestDetails(context.db, practice.id, entryId);
  const file = details?.files.find((f) => f.id === fileId);
  if (!file) throw notFound();
  const bytes = await context.files.get(file.fileKey);
  if (!bytes) throw notFound();
  await audit(context.db, { actorUserId: viewer.userId, practiceId: practice.id, action: "request.file_download", subjectType: "entry_file", subjectId: file.id, at: context.clock.now() });
  // The same answer as a patient's download: RFC 6266 `filename*`, so an Arabic, Chinese or
  // emoji name arrives intact (a raw non-Latin-1 name in a header would be a 500).
  return fileDownloadResponse(file, bytes);
}

const DONE_MESSAGES: Record<string, string> = {
  assign: "Request assigned.",
  urgency: "Urgency updated.",
  reply: "Your message has been sent to the patient.",
  complete: "Request completed.",
  reject: "Request rejected.",
  undo: "Request reopened.",
  cancel: "Request cancelled.",
  comment: "Comment added.",
  action: "Action added.",
  "action-complete": "Action completed.",
  questionnaire: "The questionnaire has been sent to the patient.",
  triage: "Triage saved.",
};

export async function requestDetailsAction(args: ActionFunctionArgs) {
  const { viewer, scope } = await requireScope(args);
  const { context, request } = args;
  const entryId = requestIdParam(args);
  // The request's own practice (one of the viewer's staff practices, or not found): every
  // change, assignee check and audit row below is that practice's, whichever inbox posted.
  const practice = await practiceOfEntry(context.db, scope, entryId);
  if (!practice) throw notFound();
  const actor = { userId: viewer.userId, practiceId: practice.id };
  // The reply may carry files (a multipart form, JS or not): the patient uploads' checks.
  const upload = await readUploadForm(request, ["files"]);
  const submission = parseWithZod(upload.fields, { schema: HandlingSchema });
  if (submission.status === "success" && submission.value.intent === "reply" && upload.refused.length) {
    return json({ intent: "reply", lastResult: submission.reply({ fieldErrors: { files: [upload.refused[0].message] } }), conflict: null }, { status: 400 });
  }
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    return json({ intent: typeof intent === "string" ? intent : null, lastResult: submission.reply(), conflict: null }, { status: 400 });
  }
  const value = submission.value;
  let result: (ChangeResult & { noticeRefused?: NoticeRefused }) | "ok" | "not_found" = "ok";
  // After a completion, what the practice's automatic filing did (decision 0133).
  let autofiled: AutofileOutcome | null = null;
  switch (value.intent) {
    case "assign": {
      const to = value.assignee === "unassigned" ? null : Number(value.assignee);
      if (to !== null && !(await isStaffMember(context.db, practice.id, to))) throw notFound();
      // Someone on leave today: warn and offer their cover before assigning (decision 0098).
      const away = to !== null && value.onLeave !== "confirmed" ? (await awayAt(context.db, practice.id, londonDate(context.clock.now()))).get(to) : undefined;
      if (away) return json({ intent: value.intent, lastResult: submission.reply(), conflict: null, leave: leaveWarning(away, (await staffOf(request, context, practice.id)).find((s) => s.id === to)) });
      result = await changeRequest(context, actor, { entryId, version: value.version, command: { kind: "assign", assignedToId: to }, detail: { assignedToId: to } });
      break;
    }
    case "urgency":
      result = await changeRequest(context, actor, { entryId, version: value.version, command: { kind: "urgency", urgencyId: Number(value.urgencyId) as 1 | 2 | 3 } });
      break;
    case "reply":
      result = await replyToPatient(context, actor, { entryId, version: value.version, body: value.body, origin: new URL(request.url).origin, uploads: upload.files, sensitive: value.sensitive === "yes" });
      break;
    case "complete":
      result = await changeRequest(context, actor, { entryId, version: value.version, command: { kind: "complete", reason: value.reason || null }, detail: { reason: value.reason || null } });
      // The completion is saved; filing follows it (outside its transaction: the GP system may be slow or away).
      if (typeof result === "object" && result.status === "ok") autofiled = await autofileOnCompletion(context, actor, entryId);
      break;
    case "reject":
      result = await changeRequest(context, actor, { entryId, version: value.version, command: { kind: "reject", reason: value.reason }, detail: { reason: value.reason } });
      break;
    case "undo":
      result = await changeRequest(context, actor, { entryId, version: value.version, command: { kind: "undo", previous: await undoTarget(context.db, entryId) } });
      break;
    case "cancel":
      result = await changeRequest(context, actor, { entryId, version: value.version, command: { kind: "cancel" } });
      break;
    case "comment":
      result = (await addComment(context, actor, { entryId, body: value.body, snomedCodes: value.snomed })) ? "ok" : "not_found";
      break;
    case "action": {
      const to = value.actionAssignee === "nobody" ? null : Number(value.actionAssignee);
      if (to !== null && !(await isStaffMember(context.db, practice.id, to))) throw notFound();
      result = (await addAction(context, actor, { entryId, text: value.text, assignedToId: to })) ? "ok" : "not_found";
      break;
    }
    case "action-complete":
      result = await completeAction(context, actor, { entryId, actionId: value.actionId });
      break;
    case "triage": {
      const review = parseReviewDate({ day: value.reviewDay, month: value.reviewMonth, year: value.reviewYear }, context.clock.now());
      if (!review.ok) return json({ intent: "triage", lastResult: submission.reply({ fieldErrors: { [review.field]: [review.message] } }), conflict: null }, { status: 400 });
      const triage = triageFromForm(value, review.iso);
      result = await changeRequest(context, actor, { entryId, version: value.version, command: { kind: "triage", triage }, detail: { summary: triageSummary(triage) } });
      break;
    }
    case "questionnaire": {
      const sent = await sendQuestionnaire(context, actor, {
        entryId,
        version: value.version,
        questionnaireId: value.questionnaireId,
        inboxUserId: value.answersInbox === "unassigned" ? null : value.answersInbox,
        sendSms: value.sendSms,
        overrideMobile: value.overrideMobile,
        practiceCode: practice.urlCode,
        origin: new URL(request.url).origin,
      });
      if (typeof sent === "object" && sent.status === "invalid") {
        return json({ intent: value.intent, lastResult: submission.reply({ fieldErrors: { [sent.field]: [sent.message] } }), conflict: null }, { status: 400 });
      }
      result = sent;
      break;
    }
  }
  if (result === "not_found" || (typeof result === "object" && result.status === "not_found")) throw notFound();
  if (typeof result === "object" && (result.status === "conflict" || result.status === "refused")) {
    return json(
      { intent: value.intent, lastResult: submission.reply({ formErrors: [result.message] }), conflict: result.message },
      { status: result.status === "conflict" ? 409 : 400 },
    );
  }
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const refused = typeof result === "object" ? (result.noticeRefused ?? []) : [];
  return redirectWithFlash(request, context, back, {
    kind: "success",
    text: `${DONE_MESSAGES[value.intent]}${autofiled ? autofileMessage(autofiled) : ""}${noticeRefusedMessage(refused)}`,
  });
}

/** What the completion's flash adds about automatic filing (nothing when the practice has it off). */
function autofileMessage(outcome: AutofileOutcome): string {
  switch (outcome.status) {
    case "ok":
      return outcome.alreadyFiled ? "" : " It was filed to the GP record automatically.";
    case "no_codes":
      return " It was not filed to the GP record: it has no SNOMED codes.";
    case "unavailable":
    case "refused":
      return " It could not be filed to the GP record automatically: file it from the request.";
    default:
      return "";
  }
}

/** What the assignment warning and the personal inbox say about someone away (decision 0098). */
function leaveWarning(away: Away, person: { id: number; firstName: string; lastName: string } | undefined) {
  return {
    userId: away.userId,
    name: person ? `${person.firstName} ${person.lastName}` : "This person",
    kind: LEAVE_KIND_LABELS[away.kind].toLowerCase(),
    until: formatDate(away.endDate),
    cover: away.cover ? { id: away.cover.id, name: `${away.cover.firstName} ${away.cover.lastName}` } : null,
  };
}
export type LeaveWarning = ReturnType<typeof leaveWarning>;

/** The bubble's poll: requests waiting for this staff member (never cached). */
export async function inboxCountLoader(args: LoaderFunctionArgs) {
  const { viewer, scope } = await requireScope(args);
  // Follows the viewer's notification settings at practices with notifications on (null: none chosen).
  const count = await notificationCount(args.context.db, scope.practices.map((p) => p.id), viewer.userId);
  return json({ count }, { headers: { "Cache-Control": "no-store" } });
}

/** /{code}/inbox: the user's own inbox (`/all/inbox`: their own across their practices). */
export async function ownInboxLoader(args: LoaderFunctionArgs) {
  const { viewer, scope } = await requireScope(args);
  return redirect(`/${scope.code}/inboxes/${viewer.userId}`);
}

/**
 * /inboxes/{staff_member_id}/{practice_code} (spec 3 §2): the personal inbox at its usual
 * address, refused exactly as that inbox is (its guard, and 404 for an id it does not know;
 * with `all` any id but the viewer's own).
 */
export async function personalInboxRedirectLoader(args: LoaderFunctionArgs) {
  const { viewer, scope } = await requireInboxScope(args.request, args.context, args.params.practiceCode);
  const id = args.params.staffMemberId ?? "";
  if (!/^\d{1,10}$/.test(id)) throw notFound();
  const { basePath } = await resolveInbox(args.request, args.context, scope, viewer, { inbox: id });
  return redirect(basePath);
}

/** Where the delete page goes back to: an inbox of this practice or of all practices. */
function deleteBack(back: string | null, practice: Practice): string | null {
  if (!back || !/^\/[A-Za-z0-9]+\/inboxes\/[A-Za-z0-9_/-]*$/.test(back)) return null;
  return back.startsWith(`/${practice.urlCode}/inboxes/`) || back.startsWith(`/${FEDERATED_CODE}/inboxes/`) ? back : null;
}

/** Delete confirmation (its own page; a dialog with JS): soft delete, audited. */
export async function deleteRequestLoader(args: LoaderFunctionArgs) {
  const { practice } = await requireStaff(args);
  const details = await loadRequestDetails(args.context.db, practice.id, requestIdParam(args));
  if (!details) throw notFound();
  const back = new URL(args.request.url).searchParams.get("back");
  return json({
    reference: requestReference(details.entry.id),
    patientName: `${details.patient.firstName} ${details.patient.lastName}`,
    version: details.entry.version,
    back: deleteBack(back, practice) ?? `/${practice.urlCode}/inboxes/all`,
  });
}

export async function deleteRequestAction(args: ActionFunctionArgs) {
  const { viewer, practice } = await requireStaff(args);
  const { context, request } = args;
  const form = await request.formData();
  const version = Number(form.get("version"));
  const result = await changeRequest(context, { userId: viewer.userId, practiceId: practice.id }, {
    entryId: requestIdParam(args),
    version: Number.isInteger(version) ? version : null,
    command: { kind: "delete" },
  });
  if (result.status === "not_found") throw notFound();
  if (result.status !== "ok") return json({ message: result.message }, { status: 409 });
  const flash = setFlashCookie(context.config.sessionSecret, { kind: "success", text: "Request deleted." }, isSecureRequest(request));
  // Back to the list it was deleted from, without the request (gone) open beside it.
  const back = deleteBack(new URL(request.url).searchParams.get("back"), practice)?.replace(/\/request-details\/\d+$/, "");
  return redirect(back ?? `/${practice.urlCode}/inboxes/all`, { status: 303, headers: { "Set-Cookie": flash } });
}
