import type { ReactNode } from "react";
import { PostForm } from "~/components/Csrf";
import { Button } from "~/components/Fields";
import { BackControl } from "~/components/DialogLink";
import { ProblemPanel } from "./Panels";

/**
 * A confirmation (unlink, cancel, start again): the same content as a page of its own
 * (h1, "No" links back) and inside a dialog over the page it came from (h2, "No" closes).
 */
export function Confirmation({
  titleId,
  title,
  action,
  backHref,
  confirmLabel,
  backLabel,
  inDialog,
  error,
  children,
}: {
  titleId: string;
  title: string;
  action: string;
  backHref: string;
  confirmLabel: string;
  backLabel: string;
  /** Shown in a dialog (DialogLink's template), not as a page. */
  inDialog?: boolean;
  error?: string | null;
  children: ReactNode;
}) {
  const Heading = inDialog ? "h2" : "h1";
  return (
    <>
      {error ? <ProblemPanel message={error} /> : null}
      <Heading id={titleId}>{title}</Heading>
      {children}
      <PostForm action={action}>
        <div className="nhsuk-button-group">
          <Button variant="warning">{confirmLabel}</Button>
          <BackControl inDialog={inDialog} href={backHref}>
            {backLabel}
          </BackControl>
        </div>
      </PostForm>
    </>
  );
}

/** Wraps a confirmation shown as a page in the usual column. */
export function PageColumn({ children }: { children: ReactNode }) {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">{children}</div>
    </div>
  );
}

export function UnlinkConfirmation({ practiceCode, inDialog, error }: { practiceCode: string; inDialog?: boolean; error?: string | null }) {
  return (
    <Confirmation
      titleId="unlink-title"
      title="Unlink your online services account"
      action={`/${practiceCode}/online-services/unlink`}
      backHref={`/${practiceCode}/online-services`}
      confirmLabel="Yes, unlink"
      backLabel="No, keep it linked"
      inDialog={inDialog}
      error={error}
    >
      <p>Are you sure you want to unlink your online services account?</p>
      <p>You will not be able to book appointments or order medication here until you link it again, with a new linkage key from your practice.</p>
    </Confirmation>
  );
}
