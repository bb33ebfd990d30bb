/**
 * The form kit's markup as the server sends it (what a browser without JS gets): an invalid
 * field says so to assistive technology (`aria-invalid`, its message in `aria-describedby`),
 * and the error summary takes the focus on load (`autofocus`) with a link to each field.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorSummary } from "./ErrorSummary";
import { InputField, TextareaField } from "./Fields";

describe("fields", () => {
  it("mark an invalid input and textarea, and tie the message to them", () => {
    const input = renderToStaticMarkup(<InputField id="email" name="email" label="Email address" error="Enter your email address" />);
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="email-error"');
    expect(input).toContain('<span class="nhsuk-error-message" id="email-error">');
    const textarea = renderToStaticMarkup(<TextareaField id="note" name="note" label="Reason" hint="The carer is told it." error="Enter why" />);
    expect(textarea).toContain('aria-invalid="true"');
    expect(textarea).toContain('aria-describedby="note-hint note-error"');
  });

  it("say nothing of validity while there is no error", () => {
    const input = renderToStaticMarkup(<InputField id="email" name="email" label="Email address" />);
    expect(input).not.toContain("aria-invalid");
    expect(input).not.toContain("nhsuk-error-message");
  });
});

describe("ErrorSummary", () => {
  it("is focused on load without JS and links each error to its field", () => {
    const html = renderToStaticMarkup(<ErrorSummary errors={[{ fieldId: "email", message: "Enter your email address" }]} />);
    expect(html).toMatch(/<div class="nhsuk-error-summary" tabindex="-1" autofocus=""/);
    expect(html).toContain('<a href="#email">Enter your email address</a>');
    expect(html).toContain('role="alert"');
  });

  it("renders nothing without errors", () => {
    expect(renderToStaticMarkup(<ErrorSummary errors={[]} />)).toBe("");
  });
});
