import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ModalDialog, useDialogSupport } from "~/components/Dialog";

/**
 * A link to a page of its own (a confirmation, the booking reason). Without JS, or
 * without `<dialog>`, it is just that link; with them, the same content opens as a modal
 * dialog over this page, and focus returns to the link when it closes.
 */
export function DialogLink({
  href,
  className,
  children,
  labelledBy,
  dialog,
}: {
  href: string;
  className?: string;
  children: ReactNode;
  labelledBy: string;
  dialog: (close: () => void) => ReactNode;
}) {
  const supported = useDialogSupport();
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const close = () => {
    setOpen(false);
    link.current?.focus();
  };
  // The dialog's form went through (a redirect, even back to this very page): it is done.
  const { key } = useLocation();
  useEffect(() => setOpen(false), [key]);
  return (
    <>
      <a
        href={href}
        ref={link}
        className={className}
        onClick={(event) => {
          if (!supported || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      {open ? (
        <ModalDialog labelledBy={labelledBy} onClose={close}>
          {dialog(close)}
        </ModalDialog>
      ) : null}
    </>
  );
}

/** "No, go back": closes the dialog, or links back when the content is a page of its own. */
export function BackControl({ onClose, href, children }: { onClose?: () => void; href: string; children: ReactNode }) {
  if (onClose) {
    return (
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onClose}>
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
