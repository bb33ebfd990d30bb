/**
 * The forms on a request's details page, one schema per intent (client-safe: the browser
 * repeats these checks when JS runs). Every form carries the version the staff member saw.
 */
import * as z from "zod";
import { tooLongMessage, visibleLength } from "~/validation/text-length";
import { counterField, idField } from "~/validation/ids";
import { triageFields } from "./triage";
import { copy } from "~/copy";
import { stripSpaces, UK_MOBILE_PATTERN } from "~/validation/rules";

export const HANDLING_FORM_MESSAGES = {
  replyRequired: "Enter a message to the patient",
  rejectReasonRequired: "Enter a reason for rejecting this request",
  commentRequired: "Enter a comment",
  actionRequired: "Enter what needs to be done",
  urgencyRequired: "Choose an urgency",
  assigneeRequired: "Choose who to assign this request to",
} as const;

const version = counterField("This page is out of date: reload it and try again");
const text = (field: string, max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => visibleLength(v) <= max, tooLongMessage(field, max));
const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => visibleLength(v) <= max, tooLongMessage(field, max))
    .optional();

export const HandlingSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("assign"),
    version,
    assignee: z.union([z.literal("unassigned"), idField(HANDLING_FORM_MESSAGES.assigneeRequired)], { error: HANDLING_FORM_MESSAGES.assigneeRequired }),
    // Assigning to someone on leave asks first (decision 0098); the confirmation sends this.
    onLeave: z.literal("confirmed").optional(),
  }),
  z.object({ intent: z.literal("urgency"), version, urgencyId: z.enum(["1", "2", "3"], { error: HANDLING_FORM_MESSAGES.urgencyRequired }) }),
  z.object({ intent: z.literal("reply"), version, body: text("message", 2000, HANDLING_FORM_MESSAGES.replyRequired), sensitive: z.string().optional() }),
  z.object({ intent: z.literal("complete"), version, reason: optionalText("reason", 500) }),
  z.object({ intent: z.literal("reject"), version, reason: text("reason", 500, HANDLING_FORM_MESSAGES.rejectReasonRequired) }),
  z.object({ intent: z.literal("undo"), version }),
  z.object({ intent: z.literal("cancel"), version }),
  z.object({
    intent: z.literal("comment"),
    body: text("comment", 2000, HANDLING_FORM_MESSAGES.commentRequired),
    snomed: z.array(z.string().regex(/^\d{6,18}$/)).max(10).default([]),
  }),
  z.object({
    intent: z.literal("action"),
    text: text("action", 500, HANDLING_FORM_MESSAGES.actionRequired),
    actionAssignee: z.string().regex(/^(nobody|\d{1,10})$/).default("nobody"),
  }),
  z.object({ intent: z.literal("action-complete"), actionId: idField("This action no longer exists: reload the page") }),
  // Issue "staff integrations": triage and review date (triage.ts; the date is checked against today in the action).
  z.object({ intent: z.literal("triage"), version, ...triageFields }),
  // Issue "templates": send a questionnaire; the answers land in the chosen inbox.
  z.object({
    intent: z.literal("questionnaire"),
    version,
    questionnaireId: idField("Choose a questionnaire"),
    answersInbox: z.union([z.literal("unassigned"), idField("Choose where the answers go")], { error: "Choose where the answers go" }),
    // Spec 3 §7 standard_questions: send_sms and override_mobile (spec 3 §5's mobile rule and message).
    sendSms: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
    overrideMobile: z.preprocess(
      (v) => (typeof v === "string" && v.trim() ? stripSpaces(v) : undefined),
      z.string().regex(UK_MOBILE_PATTERN, copy.validation.overridePhone).optional(),
    ),
  }),
]);

export type HandlingIntent = z.infer<typeof HandlingSchema>["intent"];
