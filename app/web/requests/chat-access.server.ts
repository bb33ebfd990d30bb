/**
 * Who may open the chat of a request (spec 2 §2.2: "logged in, or reached with a token"),
 * for its page, its reply action and its file downloads alike:
 *
 * - a signed-in patient or carer whose scope holds the request (findEntryForUser);
 * - a magic-link holder who confirmed the date of birth, for the one request the link is
 *   scoped to (getTokenGrant + findEntryForGrant);
 * - otherwise loggedinOrToken: ?token= goes to /security/{token}, anyone else to sign in;
 *   staff are refused (requests are not for staff).
 *
 * A request that exists but is not theirs, or does not exist, is page-not-found: the answer
 * never tells whether the id is in use.
 */
import { redirect } from "@remix-run/node";
import type { AppContext } from "~/context.server";
import { loggedinOrToken, nogp, patient } from "~/domain/auth/guards";
import { requireGuards } from "~/web/auth/guards.server";
import { getTokenGrant } from "~/web/auth/token-grant.server";
import type { Viewer } from "~/domain/auth/viewer.server";
import { getViewer } from "~/web/auth/viewer.server";
import { notFound } from "~/web/responses.server";
import { findPracticeByCode, type Practice } from "~/domain/practices/practices.server";
import { findEntryForGrant, findEntryForUser, type PatientEntry } from "~/domain/requests/entries.server";

export type ChatAccess = {
  entry: PatientEntry;
  practice: Practice;
  /** The signed-in user, or null for a magic-link holder. */
  viewer: Viewer | null;
};

/** The entry id of a URL, or NaN (which finds nothing). */
function entryIdOf(param: string | undefined): number {
  return param && /^\d{1,10}$/.test(param) ? Number(param) : Number.NaN;
}

export async function requireChatEntry(
  request: Request,
  context: AppContext,
  params: { practiceCode?: string; patientEntryId?: string },
  options: { allowDraft?: boolean } = {},
): Promise<ChatAccess> {
  const entryId = entryIdOf(params.patientEntryId);
  const [viewer, grant] = await Promise.all([getViewer(request, context), getTokenGrant(request, context)]);
  let entry: PatientEntry | null = null;
  let practice: Practice | null;
  if (!viewer && grant) {
    practice = await findPracticeByCode(context.db, params.practiceCode ?? "");
    if (!practice || practice.id !== grant.practiceId) throw notFound();
    entry = await findEntryForGrant(context.db, grant, entryId);
  } else {
    ({ practice } = await requireGuards(request, context, [loggedinOrToken, nogp, patient], { practiceCode: params.practiceCode }));
    if (!practice) throw notFound();
    entry = Number.isNaN(entryId) ? null : await findEntryForUser(context.db, viewer!.userId, practice.id, entryId);
    // A signed-in user may also hold a link for a request outside their own scope.
    if (!entry && grant && grant.practiceId === practice.id) entry = await findEntryForGrant(context.db, grant, entryId);
  }
  if (!entry) throw notFound();
  // A draft still being written has no conversation yet: back to its questions.
  if (entry.stage === "created" && !entry.closedAt && !options.allowDraft) {
    throw redirect(`/${practice.urlCode}/questions/${entry.id}`);
  }
  return { entry, practice, viewer };
}
