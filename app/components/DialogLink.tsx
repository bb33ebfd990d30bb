import type { ReactNode } from "react";
import { DIALOG_CLOSE, DIALOG_TEMPLATE, DIALOG_TITLE } from "~/client/dialog-settings";
import { PageComfortsScript } from "~/components/PageComforts";

/**
 * A link to a page of its own (a confirmation, the booking reason). Without JS, or without
 * `<dialog>`, it is just that link; with them, the same content (`dialog`, rendered with
 * `inDialog`) opens as a modal dialog over this page and focus returns to the link when it
 * closes. The content is an inert <template> beside the link, opened by the plain page-comforts
 * script (decision 0160): these patient pages are not hydrated.
 *
 * `id` names the template and must be unique on the page; `labelledBy` is the id of the
 * content's heading.
 */
export function DialogLink({
  id,
  href,
  className,
  children,
  labelledBy,
  dialog,
}: {
  id: string;
  href: string;
  className?: string;
  children: ReactNode;
  labelledBy: string;
  dialog: ReactNode;
}) {
  return (
    <>
      <a href={href} className={className} {...{ [DIALOG_TEMPLATE]: id, [DIALOG_TITLE]: labelledBy }}>
        {children}
      </a>
      <template id={id}>{dialog}</template>
      <PageComfortsScript />
    </>
  );
}

/** "No, go back": closes the dialog, or links back when the content is a page of its own. */
export function BackControl({ inDialog, href, children }: { inDialog?: boolean; href: string; children: ReactNode }) {
  if (inDialog) {
    return (
      <button type="button" className="nhsuk-button nhsuk-button--secondary" {...{ [DIALOG_CLOSE]: "" }}>
        {children}
      </button>
    );
  }
  return (
    <a href={href} className="nhsuk-button nhsuk-button--secondary">
      {children}
    </a>
  );
}
