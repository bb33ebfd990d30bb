/**
 * "Start from a template" in request details: the practice's and national templates (the
 * viewer's favourites first), and the chosen one filled in for this patient and practice. The
 * choice is a GET (`?template=`), so without JS the reply form comes back prefilled.
 */
import type { AppContext } from "~/context.server";
import { renderTemplate } from "~/domain/templates/placeholders";
import { listTemplates } from "~/domain/templates/templates.server";
import { parseId } from "~/validation/ids";

export async function replyTemplates(
  context: AppContext,
  options: { practiceId: number; practiceName: string; practiceCode: string; userId: number; patientName: string; origin: string; chosen: string | null },
) {
  const rows = await listTemplates(context.db, { practiceId: options.practiceId }, options.userId);
  const chosenId = parseId(options.chosen);
  const chosen = chosenId === null ? undefined : rows.find((t) => t.id === chosenId);
  return {
    templates: rows.map((t) => ({ id: t.id, title: t.title, favourite: t.favourite, national: t.practiceId === null })),
    templateId: chosen?.id ?? null,
    templateBody: chosen
      ? renderTemplate(chosen.body, {
          patient_name: options.patientName,
          practice_name: options.practiceName,
          booking_link: `${options.origin}/appointments`,
        })
      : null,
  };
}
