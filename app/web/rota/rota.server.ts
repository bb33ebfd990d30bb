/**
 * The availability, leave and calendar pages' shared guard (spec 3 §2: gp, receptionist or
 * practice admin of the practice in the URL), and the person the page is about: a GP or
 * receptionist of that practice, or page-not-found.
 */
import type { AppContext } from "~/context.server";
import { NotFound } from "~/domain/outcomes";
import { rotaPerson } from "~/domain/rota/rota.server";
import { parseId } from "~/validation/ids";
import { requireRotaViewer } from "~/web/video/video.server";

export async function requireRotaPerson(request: Request, context: AppContext, params: { practiceCode?: string; staffMemberId?: string }) {
  const { viewer, practice } = await requireRotaViewer(request, context, params.practiceCode);
  const staffId = parseId(params.staffMemberId);
  if (!staffId) throw new NotFound();
  const person = await rotaPerson(context.db, practice.id, staffId);
  return { viewer, practice, person: { id: person.id, name: `${person.firstName} ${person.lastName}` } };
}

/** The three pages of one person, for the links between them. */
export const rotaLinks = (code: string, staffId: number) => ({
  availability: `/${code}/availability/${staffId}`,
  leave: `/${code}/leave/${staffId}`,
  calendar: `/${code}/calendar/${staffId}`,
});
