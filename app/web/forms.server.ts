/**
 * The answer to a form that did not pass: HTTP 400 with Conform's reply, which the page turns
 * into the error summary and the fields' messages (the values typed come back with it, never a
 * password the reply hides). One shape for every form, so every page reads `lastResult`.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";

type ReplyOptions = Parameters<Submission<unknown>["reply"]>[0];

export function formRejected<T>(submission: Submission<T>, options?: ReplyOptions) {
  const lastResult: SubmissionResult<string[]> = submission.reply(options as never);
  return json({ lastResult }, { status: 400 });
}
