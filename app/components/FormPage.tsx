import type { ReactNode } from "react";
import { ErrorSummary, type SummaryError } from "~/components/ErrorSummary";
import { BackLink } from "~/components/requests/RequestParts";

/**
 * The frame of a one-form page, as NHS.UK lays it out: a two-thirds column with the Back link,
 * the error summary (first, so it takes the focus), the caption and the heading, then the form.
 */
export function FormPage({
  title,
  errors,
  back,
  caption,
  children,
}: {
  title: ReactNode;
  errors: SummaryError[];
  back?: { href: string; text?: string };
  caption?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {back ? <BackLink href={back.href}>{back.text ?? "Back"}</BackLink> : null}
        <ErrorSummary errors={errors} />
        {caption ? <span className="nhsuk-caption-l">{caption}</span> : null}
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
