/**
 * The practice's patient feedback and friends and family test answers, newest first, 20 a page
 * (spec 3 §2 /{code}/patient-feedback). Both tables are read with the practice in the WHERE
 * clause; names are left out altogether when the practice anonymises feedback.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedbackAuthor, FEEDBACK_PAGE_SIZE, type FeedbackFilter } from "./feedback";

export type FeedbackRow = {
  key: string;
  kind: "feedback" | "fft";
  feedbackFor: string;
  rating: number | null;
  answer: string | null;
  comment: string | null;
  mayContact: boolean;
  createdAt: Date;
  author: string;
};

type Raw = {
  kind: "feedback" | "fft";
  id: number;
  feedback_for: string;
  rating: number | null;
  answer: string | null;
  comment: string | null;
  may_contact: boolean;
  created_at: string | Date;
  first_name: string | null;
  last_name: string | null;
  total: string | number;
};

export async function practiceFeedback(db: Db, practice: { id: number; anonymiseFeedback: boolean }, filter: FeedbackFilter): Promise<{ total: number; rows: FeedbackRow[] }> {
  const forValue = filter.for;
  const rating = filter.rating;
  const result = (await db.execute(sql`
    select x.*, count(*) over () as total from (
      select 'feedback' as kind, f.id, f.feedback_for, f.rating, null::text as answer, f.comment, f.may_contact, f.created_at, u.first_name, u.last_name
        from patient_feedback f left join users u on u.id = f.user_id
        where f.practice_id = ${practice.id}
      union all
      select 'fft', r.id, 'fft',
             case r.answer when 'very_good' then 5 when 'good' then 4 when 'neither' then 3 when 'poor' then 2 when 'very_poor' then 1 end,
             r.answer, r.reason, false, r.created_at, p.first_name, p.last_name
        from fft_responses r left join fft_invitations i on i.id = r.invitation_id left join patients p on p.id = i.patient_id and p.practice_id = r.practice_id
        where r.practice_id = ${practice.id}
    ) x
    where (${forValue} = 'all' or x.feedback_for = ${forValue}) and (${rating}::int is null or x.rating = ${rating}::int)
    order by x.created_at desc, x.kind, x.id desc
    limit ${FEEDBACK_PAGE_SIZE} offset ${(filter.page - 1) * FEEDBACK_PAGE_SIZE}`)) as unknown as { rows: Raw[] };
  const rows = result.rows;
  return {
    total: rows.length ? Number(rows[0]!.total) : 0,
    rows: rows.map((r) => ({
      key: `${r.kind}-${r.id}`,
      kind: r.kind,
      feedbackFor: r.feedback_for,
      rating: r.rating === null ? null : Number(r.rating),
      answer: r.answer,
      comment: r.comment,
      mayContact: practice.anonymiseFeedback ? false : Boolean(r.may_contact),
      createdAt: new Date(r.created_at),
      author: feedbackAuthor(practice.anonymiseFeedback, { firstName: r.first_name, lastName: r.last_name }),
    })),
  };
}
