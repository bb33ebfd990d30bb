import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/requests/Pagination";
import { gp_or_reception_or_practice_admin } from "~/domain/auth/guards";
import { answerLabel, FEEDBACK_FOR, FEEDBACK_FOR_LABELS, FEEDBACK_PAGE_SIZE, parseFeedbackFilter } from "~/domain/reports/feedback";
import { practiceFeedback } from "~/domain/reports/feedback.server";
import { RATING_LABELS } from "~/domain/reports/sections";
import { formatLondonDateTime } from "~/domain/time/london";
import { requireViewer } from "~/web/auth/guards.server";

export const handle = { title: "Patient feedback" };

/**
 * /{code}/patient-feedback (spec 3 §2): what patients said about the practice and this website,
 * and their friends and family test answers, newest first, 20 a page, filtered by what it is for
 * and the rating; without names when the practice anonymises feedback.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { practice } = await requireViewer(request, context, [gp_or_reception_or_practice_admin], { practiceCode: params.practiceCode });
  const p = practice!;
  const q = new URL(request.url).searchParams;
  const filter = parseFeedbackFilter({ for: q.get("for"), rating: q.get("rating"), page: q.get("page") });
  const result = await practiceFeedback(context.db, { id: p.id, anonymiseFeedback: p.anonymiseFeedback }, filter);
  return json({
    code: p.urlCode,
    practiceName: p.name,
    anonymised: p.anonymiseFeedback,
    filter,
    total: result.total,
    pageCount: Math.max(1, Math.ceil(result.total / FEEDBACK_PAGE_SIZE)),
    rows: result.rows.map((r) => ({
      key: r.key,
      when: formatLondonDateTime(r.createdAt),
      about: FEEDBACK_FOR_LABELS[(r.feedbackFor as keyof typeof FEEDBACK_FOR_LABELS) ?? "all"] ?? r.feedbackFor,
      rating: r.kind === "fft" ? answerLabel(r.answer ?? "") : r.rating ? RATING_LABELS[r.rating] : "",
      comment: r.comment,
      author: r.author,
      mayContact: r.mayContact,
    })),
  });
}

export default function PatientFeedback() {
  const data = useLoaderData<typeof loader>();
  const base = `/${data.code}/patient-feedback`;
  const href = (page: number) => {
    const q = new URLSearchParams();
    if (data.filter.for !== "all") q.set("for", data.filter.for);
    if (data.filter.rating) q.set("rating", String(data.filter.rating));
    if (page > 1) q.set("page", String(page));
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <span className="nhsuk-caption-l">{data.practiceName}</span>
        <h1>Patient feedback</h1>
        {data.anonymised ? <p>Your practice has chosen to see feedback without patients&apos; names.</p> : null}
        <form method="get" action={base} aria-label="Filter feedback">
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="for">
              Feedback for
            </label>
            <select className="nhsuk-select" id="for" name="for" defaultValue={data.filter.for}>
              {FEEDBACK_FOR.map((f) => (
                <option key={f} value={f}>
                  {FEEDBACK_FOR_LABELS[f]}
                </option>
              ))}
            </select>
          </div>
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="rating">
              Rating
            </label>
            <select className="nhsuk-select" id="rating" name="rating" defaultValue={data.filter.rating ? String(data.filter.rating) : ""}>
              <option value="">Any rating</option>
              {[5, 4, 3, 2, 1].map((r) => (
                <option key={r} value={String(r)}>
                  {RATING_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <button className="nhsuk-button nhsuk-button--secondary" type="submit">
            Filter
          </button>
        </form>
        <p>
          {data.total === 0 ? "No feedback matches." : `${data.total} ${data.total === 1 ? "answer" : "answers"}.`}{" "}
          <a href={`/${data.code}/report#section-patient-feedback`}>See the feedback report</a>
        </p>
        {data.rows.length > 0 ? (
          <table className="nhsuk-table">
            <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">Patient feedback, newest first</caption>
            <thead className="nhsuk-table__head">
              <tr className="nhsuk-table__row">
                <th scope="col" className="nhsuk-table__header">
                  Date
                </th>
                <th scope="col" className="nhsuk-table__header">
                  For
                </th>
                <th scope="col" className="nhsuk-table__header">
                  Rating
                </th>
                <th scope="col" className="nhsuk-table__header">
                  Comment
                </th>
                <th scope="col" className="nhsuk-table__header">
                  From
                </th>
              </tr>
            </thead>
            <tbody className="nhsuk-table__body">
              {data.rows.map((r) => (
                <tr key={r.key} className="nhsuk-table__row">
                  <td className="nhsuk-table__cell">{r.when}</td>
                  <td className="nhsuk-table__cell">{r.about}</td>
                  <td className="nhsuk-table__cell">{r.rating}</td>
                  <td className="nhsuk-table__cell app-pre-line">{r.comment ?? "No comment"}</td>
                  <td className="nhsuk-table__cell">
                    {r.author}
                    {r.mayContact ? " (happy to be contacted)" : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <Pagination page={data.filter.page} pageCount={data.pageCount} hrefFor={href} label="Pages of feedback" />
      </div>
    </div>
  );
}
