-- The inbox search's "text of the request" (decision 0064): btree_gin lets one GIN index hold
-- practice_id beside the document, so a search reads one practice's matches only.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "patient_entries" ADD COLUMN "search_document" "tsvector";--> statement-breakpoint
-- The written (free text) answers of a request as one English document, in question order. One
-- definition for the app (when a request is sent), the seeds and the backfill below.
CREATE FUNCTION request_search_document(entry_id integer) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT to_tsvector('english', coalesce(string_agg(a.answer #>> '{}', ' ' ORDER BY q.page, q.position, q.id), ''))
  FROM answers a JOIN questions q ON q.id = a.question_id
  WHERE a.patient_entry_id = entry_id AND q.kind = 'free_text'
$$;--> statement-breakpoint
UPDATE "patient_entries" SET "search_document" = request_search_document("id") WHERE "submitted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "patient_entries_search_idx" ON "patient_entries" USING gin ("practice_id","search_document") WHERE "patient_entries"."deleted_at" is null and "patient_entries"."submitted_at" is not null;
