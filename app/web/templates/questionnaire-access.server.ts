/**
 * Who may answer a sent questionnaire at /{code}/questionnaire/{id}: whoever holds the link's
 * token (no sign-in needed: the token is the key, as for a message link), or the signed-in
 * patient or carer who may act for the patient. Anyone else gets page-not-found.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { findPracticeByCode } from "~/domain/practices/practices.server";
import { actingPatients } from "~/domain/requests/access.server";
import { openSend } from "~/domain/templates/questionnaire-sends.server";
import { parseId } from "~/validation/ids";
import { getViewer } from "~/web/auth/viewer.server";
import { notFound } from "~/web/responses.server";

export async function requireQuestionnaireSend(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { request, context, params } = args;
  const practice = await findPracticeByCode(context.db, params.practiceCode ?? "");
  const sendId = parseId(params.questionnaireId);
  if (!practice || sendId === null) throw notFound();
  const token = new URL(request.url).searchParams.get("token");
  const viewer = await getViewer(request, context);
  const patientIds = viewer ? (await actingPatients(context.db, viewer.userId)).map((p) => p.patientId) : [];
  const send = await openSend(context.db, context.clock.now(), { practiceId: practice.id, sendId, token, patientIds });
  if (!send) throw notFound();
  return { practice, send, token };
}
