/**
 * Who may use the pages of a request, and the one read every step of a draft starts with.
 * The journey's rules live in the domain (app/domain/requests/journey.server.ts); this is the
 * HTTP side: the session, the practice in the URL, the entry id in the path or the query.
 */
import type { AppContext } from "~/context.server";
import { loggedin, nogp, nogpExceptHere } from "~/domain/auth/guards";
import { openDraft, requireEntry, type Draft } from "~/domain/requests/journey.server";
import { requireViewer } from "~/web/auth/guards.server";
import { entryReadWithViewer } from "~/web/auth/viewer.server";
import { parseId } from "~/validation/ids";
import { notFound } from "~/web/responses.server";

/** Signed in (patients, carers and guests), never staff: they use the staff variants. */
export const REQUEST_GUARDS = [loggedin, nogp];

export async function requireRequester(request: Request, context: AppContext, practiceCode: string | undefined) {
  const { viewer, practice } = await requireViewer(request, context, REQUEST_GUARDS, { practiceCode: practiceCode ?? "" });
  if (!practice) throw notFound();
  return { viewer, practice };
}

/**
 * For the pages of an existing draft or request: its patient side, or staff of this practice.
 * `entryId`: the request the page is about, read with the viewer when nothing read the viewer
 * yet (an action; a page's loaders have the root's read): openDraftStep takes it from there.
 */
export async function requireEntryAuthor(request: Request, context: AppContext, practiceCode: string | undefined, entryId?: string | null) {
  const { viewer, practice } = await requireViewer(request, context, [loggedin, nogpExceptHere], { practiceCode: practiceCode ?? "", entryId });
  if (!practice) throw notFound();
  return { viewer, practice };
}

type EntryAuthor = Awaited<ReturnType<typeof requireEntryAuthor>>;

/**
 * A step of a draft request (a question page, check your answers, signposting, cancel): the
 * guards, then the draft read once (app/domain/requests/journey.server.ts openDraft). A draft
 * that is not the viewer's is page-not-found; one that timed out or was sent goes where it is
 * shown.
 */
export async function openDraftStep(
  request: Request,
  context: AppContext,
  practiceCode: string | undefined,
  rawEntryId: string | null | undefined,
): Promise<EntryAuthor & { draft: Draft }> {
  const { viewer, practice, readWithViewer } = await authorAndEntryRead(request, context, practiceCode, rawEntryId);
  return { viewer, practice, draft: await openDraft(context, viewer, practice, rawEntryId, readWithViewer) };
}

/** A page about one of the author's requests that need not be a draft any more (the emergency screen). */
export async function openEntryStep(request: Request, context: AppContext, practiceCode: string | undefined, rawEntryId: string | null | undefined) {
  const { viewer, practice, readWithViewer } = await authorAndEntryRead(request, context, practiceCode, rawEntryId);
  return { viewer, practice, entry: await requireEntry(context, viewer, practice, rawEntryId, readWithViewer) };
}

/** The guards, and the entry as the viewer's query read it (the root's for a page, the guard's own for an action). */
async function authorAndEntryRead(request: Request, context: AppContext, practiceCode: string | undefined, rawEntryId: string | null | undefined) {
  const { viewer, practice } = await requireEntryAuthor(request, context, practiceCode, rawEntryId);
  const id = parseId(rawEntryId);
  return { viewer, practice, readWithViewer: id === null ? undefined : entryReadWithViewer(request, context, id) };
}
