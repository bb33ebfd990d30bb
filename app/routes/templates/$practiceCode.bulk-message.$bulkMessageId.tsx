import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { BulkCheck, BulkProgress, ChannelsStep, MessageStep, RecipientsStep, StopConfirm } from "~/components/bulk/BulkSteps";
import {
  bookingsOf,
  clinicTypes,
  countRecipients,
  deleteDraft,
  findBulkMessage,
  progressOf,
  queueBulkMessage,
  repliesTo,
  sampleRecipients,
  saveDraft,
  stopBulkMessage,
} from "~/domain/bulk/bulk-messages.server";
import {
  BULK_MESSAGES,
  ChannelsSchema,
  CHANNEL_LABELS,
  MessageSchema,
  parseNhsNumberList,
  RecipientsSchema,
  STATE_LABELS,
  UseTemplateSchema,
} from "~/domain/bulk/rules";
import { attachBulkFiles, BULK_FILE_MESSAGES, listBulkFiles, MAX_BULK_FILE_BYTES, MAX_BULK_FILES, openingsOf, removeBulkFile } from "~/domain/bulk/files.server";
import { NotFound } from "~/domain/outcomes";
import { renderTemplate } from "~/domain/templates/placeholders";
import { findTemplate, listTemplates } from "~/domain/templates/templates.server";
import { findQuestionnaire, listQuestionnaires } from "~/domain/templates/questionnaires.server";
import { QUESTIONNAIRE_PLACEHOLDER, questionnaireCounts } from "~/domain/bulk/questionnaire-links.server";
import { formatLondonDateTime, londonInstant } from "~/domain/time/london";
import { parseId } from "~/validation/ids";
import { requireBulkScope } from "~/web/bulk/bulk-scope.server";
import { readUploadForm } from "~/web/files/uploads.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formRejected } from "~/web/forms.server";
import { requestOrigin } from "~/web/origin";

/**
 * /{code}/bulk-message/{id} (spec 3 §2): a draft is built in steps, each its own form and POST,
 * saved on the server (recipients → message → channels → check and send); once queued the same
 * address shows its progress per channel, the bookings and the patients' replies, and Stop.
 * Decision 0120.
 */
export const handle = { title: "Bulk message" };

const STEPS = ["recipients", "message", "channels", "check"] as const;
type Step = (typeof STEPS)[number];

const ScheduleSchema = z
  .object({
    intent: z.enum(["send", "schedule"]),
    date: z.string().trim().optional(),
    time: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.intent !== "schedule") return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date ?? "") || !/^\d{2}:\d{2}$/.test(v.time ?? "")) ctx.addIssue({ code: "custom", path: ["date"], message: BULK_MESSAGES.scheduleDate });
  });

async function load(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const scope = await requireBulkScope(args);
  const id = parseId(args.params.bulkMessageId);
  if (id === null) throw new NotFound("bulk message");
  const message = await findBulkMessage(args.context.db, scope.practice.id, id);
  return { ...scope, message, path: `${scope.base}/bulk-message/${id}` };
}

/** Where the person may be: the step asked for, unless an earlier one is not saved yet. */
function placeOf(asked: string | null, done: { recipients: boolean; message: boolean; channels: boolean }): Step {
  const firstOpen: Step = !done.recipients ? "recipients" : !done.message ? "message" : !done.channels ? "channels" : "check";
  const step = (STEPS as readonly string[]).includes(asked ?? "") ? (asked as Step) : firstOpen;
  return STEPS.indexOf(step) > STEPS.indexOf(firstOpen) ? firstOpen : step;
}

export async function loader(args: LoaderFunctionArgs) {
  const { practice, viewer, message, path, base } = await load(args);
  const { db } = args.context;
  const now = args.context.clock.now();
  const query = new URL(args.request.url).searchParams;
  const common = { base, path, practiceName: practice.name, id: message.id, title: message.title, state: message.state, stateLabel: STATE_LABELS[message.state] };
  if (message.state !== "draft") {
    const [progress, replies, bookings, files, questionnaire] = await Promise.all([
      progressOf(db, [message.id]),
      repliesTo(db, practice.id, message.id),
      bookingsOf(db, practice.id, message.id),
      listBulkFiles(db, message.id),
      message.questionnaireId === null ? null : questionnaireCounts(db, practice.id, message.id),
    ]);
    const openings = await openingsOf(
      db,
      files.map((f) => f.id),
    );
    return json({
      ...common,
      view: query.get("confirm") === "stop" && (message.state === "sending" || message.state === "scheduled") ? ("stop" as const) : ("progress" as const),
      progress: progress.get(message.id)!,
      channels: message.channels.map((c) => ({ key: c, label: CHANNEL_LABELS[c] })),
      scheduledFor: message.scheduledFor ? formatLondonDateTime(message.scheduledFor) : null,
      queuedAt: message.queuedAt ? formatLondonDateTime(message.queuedAt) : null,
      body: message.body,
      bookingSlotType: message.bookingSlotType,
      questionnaire: questionnaire && { title: (await questionnaireTitle(args, practice.id, viewer.userId, message.questionnaireId)) ?? "Questionnaire", ...questionnaire },
      files: files.map((f) => ({ ...shownFile(f), opened: openings.get(f.id) ?? 0 })),
      replies: replies.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, body: r.body, at: formatLondonDateTime(r.createdAt) })),
      bookings: bookings.map((b) => ({ name: `${b.firstName} ${b.lastName}`, booked: Boolean(b.bookedAt), at: formatLondonDateTime((b.bookedAt ?? b.cannotBookAt)!) })),
    });
  }
  const step = placeOf(query.get("step"), message.done);
  const filters = message.filters;
  const base_ = {
    ...common,
    view: step,
    done: message.done,
    filters: { minAge: filters.minAge === null ? "" : String(filters.minAge), maxAge: filters.maxAge === null ? "" : String(filters.maxAge), excludeNonDigital: filters.excludeNonDigital, listed: filters.nhsNumbers?.length ?? null },
    values: { title: message.title, body: message.body, bookingSlotType: message.bookingSlotType ?? "", questionnaireId: message.questionnaireId === null ? "" : String(message.questionnaireId) },
    questionnaireTitle: await questionnaireTitle(args, practice.id, viewer.userId, message.questionnaireId),
    channelsChosen: message.channels,
    files: (await listBulkFiles(db, message.id)).map(shownFile),
    maxFiles: MAX_BULK_FILES,
  };
  if (step === "message") {
    const [templates, types, questionnaires] = await Promise.all([
      listTemplates(db, { practiceId: practice.id }, viewer.userId),
      clinicTypes(db, practice.id),
      listQuestionnaires(db, { practiceId: practice.id }, viewer.userId),
    ]);
    return json({
      ...base_,
      templates: templates.map((t) => ({ id: t.id, title: t.title })),
      clinicTypes: types,
      questionnaires: questionnaires.map((q) => ({ id: q.id, title: q.practiceId === null ? `${q.title} (national)` : q.title })),
    });
  }
  if (step === "check") {
    const [counts, sample] = await Promise.all([countRecipients(db, practice.id, filters, message.channels, now), sampleRecipients(db, practice.id, filters, now, 1)]);
    const first = sample[0];
    const preview = renderTemplate(message.body, {
      patient_name: first ? `${first.firstName} ${first.lastName}` : "Jane Smith",
      practice_name: practice.name,
      booking_link: message.bookingSlotType ? `${requestOrigin(args.request)}${base}/appointment-booking/…` : "",
    }).split(QUESTIONNAIRE_PLACEHOLDER).join(message.questionnaireId === null ? "" : `${requestOrigin(args.request)}${base}/questionnaire/…`);
    return json({ ...base_, counts, preview, channelLabels: message.channels.map((c) => CHANNEL_LABELS[c]) });
  }
  return json(base_);
}

export async function action(args: ActionFunctionArgs) {
  const { practice, viewer, message, path } = await load(args);
  const { db } = args.context;
  const now = args.context.clock.now();
  const actor = { userId: viewer.userId };
  const upload = await readUploadForm(args.request, ["files"], { maxBytes: MAX_BULK_FILE_BYTES, tooLarge: BULK_FILE_MESSAGES.tooLarge });
  const form = upload.fields;
  const intent = String(form.get("intent") ?? "");
  if (intent === "stop") {
    const stopped = await stopBulkMessage(db, now, practice.id, message.id, actor);
    return redirectWithFlash(args.request, args.context, path, {
      kind: "success",
      text: stopped === null ? "This message had already finished sending." : `Stopped. ${stopped} messages not yet sent will not be sent.`,
    });
  }
  if (message.state !== "draft") return redirect(path, 303);
  if (intent === "delete") {
    await deleteDraft(db, now, practice.id, message.id, actor);
    return redirectWithFlash(args.request, args.context, `/${practice.urlCode}/bulk-messages`, { kind: "success", text: "Draft deleted." });
  }
  if (intent === "attach") {
    // Checked as patient uploads are (type by content), with Notify's 2 MB limit for files sent by link.
    if (upload.files.length === 0 && upload.refused.length === 0) return json({ attachErrors: [BULK_FILE_MESSAGES.none] }, { status: 400 });
    const result = await attachBulkFiles(args.context, { practiceId: practice.id, bulkMessageId: message.id, uploads: upload.files, sensitive: form.get("sensitive") === "yes", userId: viewer.userId });
    if (!result) return redirect(path, 303);
    const refused = [...upload.refused, ...result.refused].map((r) => r.message);
    if (refused.length) return json({ attachErrors: refused }, { status: 400 });
    return redirectWithFlash(args.request, args.context, `${path}?step=message`, {
      kind: "success",
      text: result.stored.length === 1 ? "File attached." : `${result.stored.length} files attached.`,
    });
  }
  if (intent.startsWith("remove-file:")) {
    await removeBulkFile(db, now, practice.id, message.id, intent.slice("remove-file:".length), viewer.userId);
    return redirect(`${path}?step=message`, 303);
  }
  if (intent === "recipients") {
    const submission = parseWithZod(form, { schema: RecipientsSchema });
    if (submission.status !== "success") return formRejected(submission);
    const file = String(form.get("nhsNumbersFile") ?? "");
    let nhsNumbers = submission.value.clearList ? null : message.filters.nhsNumbers;
    if (file.trim()) {
      const list = parseNhsNumberList(file);
      if (list.refused.length > 0) return formRejected(submission, { fieldErrors: { nhsNumbersFile: list.refused.slice(0, 5).map((r) => BULK_MESSAGES.nhsNumbersFile(r.line)) } });
      nhsNumbers = list.numbers;
    }
    const filters = { minAge: submission.value.minAge ?? null, maxAge: submission.value.maxAge ?? null, excludeNonDigital: submission.value.excludeNonDigital, nhsNumbers };
    await saveDraft(db, now, practice.id, message.id, { filters });
    return redirect(`${path}?step=${message.done.message ? "check" : "message"}`, 303);
  }
  if (intent === "use-template") {
    const submission = parseWithZod(form, { schema: UseTemplateSchema });
    const template = submission.status === "success" ? await findTemplate(db, { practiceId: practice.id }, submission.value.templateId) : null;
    if (!template) throw new NotFound("template");
    await saveDraft(db, now, practice.id, message.id, { title: template.title, body: template.body, templateId: template.id });
    return redirect(`${path}?step=message`, 303);
  }
  if (intent === "message") {
    const submission = parseWithZod(form, { schema: MessageSchema });
    if (submission.status !== "success") return formRejected(submission);
    const types = await clinicTypes(db, practice.id);
    if (submission.value.bookingSlotType && !types.includes(submission.value.bookingSlotType)) throw new NotFound("clinic type");
    const { questionnaireId } = submission.value;
    if (questionnaireId !== null && !(await findQuestionnaire(db, { practiceId: practice.id }, viewer.userId, questionnaireId))) throw new NotFound("questionnaire");
    await saveDraft(db, now, practice.id, message.id, submission.value);
    return redirect(`${path}?step=${message.done.channels ? "check" : "channels"}`, 303);
  }
  if (intent === "channels") {
    const submission = parseWithZod(form, { schema: ChannelsSchema });
    if (submission.status !== "success") return formRejected(submission);
    await saveDraft(db, now, practice.id, message.id, { channels: submission.value.channels });
    return redirect(`${path}?step=check`, 303);
  }
  const submission = parseWithZod(form, { schema: ScheduleSchema });
  if (submission.status !== "success") return formRejected(submission);
  const at = submission.value.intent === "schedule" ? londonInstant(submission.value.date!, submission.value.time!) : null;
  if (at && at <= now) return formRejected(submission, { fieldErrors: { date: [BULK_MESSAGES.scheduleDate] } });
  const counts = await countRecipients(db, practice.id, message.filters, message.channels, now);
  if (counts.patients - counts.unreachable === 0) return formRejected(submission, { formErrors: [BULK_MESSAGES.noRecipients] });
  const origin = args.context.config.publicUrl ?? requestOrigin(args.request);
  const result = await queueBulkMessage(db, now, practice.id, message.id, actor, { scheduledFor: at, linkOrigin: origin });
  if ("refused" in result) return redirect(`${path}${result.refused === "incomplete" ? "?step=recipients" : ""}`, 303);
  await args.context.jobs?.wake();
  return redirectWithFlash(args.request, args.context, path, {
    kind: "success",
    text: at ? `Scheduled: ${result.queued} messages will be sent at ${formatLondonDateTime(at)}.` : `Sending ${result.queued} messages.`,
  });
}

/** The title of the message's questionnaire (the practice's own or a national one), if any. */
async function questionnaireTitle(args: LoaderFunctionArgs, practiceId: number, userId: number, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (await findQuestionnaire(args.context.db, { practiceId }, userId, id))?.title ?? null;
}

function shownFile(f: { id: string; fileName: string; sizeBytes: number; sensitive: boolean }) {
  return { id: f.id, fileName: f.fileName, sizeBytes: f.sizeBytes, sensitive: f.sensitive };
}

export default function BulkMessage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "lastResult" in actionData ? actionData.lastResult : undefined;
  const attachErrors = actionData && "attachErrors" in actionData ? actionData.attachErrors : undefined;
  if ("progress" in data) return data.view === "stop" ? <StopConfirm data={data} /> : <BulkProgress data={data} />;
  if (data.view === "recipients") return <RecipientsStep data={data} lastResult={lastResult} />;
  if ("templates" in data) return <MessageStep data={data as unknown as Parameters<typeof MessageStep>[0]["data"]} lastResult={lastResult} attachErrors={attachErrors} />;
  if ("counts" in data) return <BulkCheck data={data as unknown as Parameters<typeof BulkCheck>[0]["data"]} lastResult={lastResult} />;
  return <ChannelsStep data={data} lastResult={lastResult} />;
}
