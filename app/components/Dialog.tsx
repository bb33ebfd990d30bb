/**
 * The modal dialog of the hydrated (staff) pages: a confirmation opens in it when JS runs. The
 * patient pages are not hydrated; theirs is the plain app/client/dialog.ts (decision 0160).
 * Support is checked in the browser only (Safari before 15.4 lacks showModal), so the server
 * always renders the plain link or page.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";

export function useDialogSupport() {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    setSupported(typeof window.HTMLDialogElement === "function" && typeof window.HTMLDialogElement.prototype.showModal === "function");
  }, []);
  return supported;
}

/** Opens as a modal when mounted; Escape (cancel) calls onClose instead of closing by itself. */
export function ModalDialog({
  labelledBy,
  describedBy,
  onClose,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  onClose?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="app-dialog"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
    >
      {children}
    </dialog>
  );
}
