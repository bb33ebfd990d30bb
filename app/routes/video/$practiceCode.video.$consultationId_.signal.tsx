/**
 * /{practice_code}/video/{consultation_id}/signal: the call's signalling (no page). GET is a
 * server-sent-events stream of the other side's messages; POST sends one (hello, ready, offer,
 * answer, candidate, bye). A hello records a join, a bye a leave. The patient's side may carry
 * the invitation's token (query or form field token) instead of a session.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { callOpen, latestSignalId, postSignal, recordJoin, recordLeave, SIGNAL_KINDS, SIGNAL_MAX_CHARS, signalsFor } from "~/domain/video/call.server";
import { requireParticipant } from "~/web/video/video.server";

const POLL_MS = 400;
const KEEPALIVE_MS = 15_000;
/** A stream ends after this; EventSource reconnects by itself. */
const STREAM_MS = 5 * 60_000;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const who = await requireParticipant(request, context, params.practiceCode, params.consultationId, token);
  const consultationId = who.consultation.id;
  let lastId = await latestSignalId(context.db, consultationId);
  const encoder = new TextEncoder();
  const signal = request.signal;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      send("retry: 2000\nevent: subscribed\ndata: {}\n\n");
      const started = Date.now();
      let lastSent = Date.now();
      try {
        while (!signal.aborted && Date.now() - started < STREAM_MS) {
          const rows = await signalsFor(context.db, consultationId, who.side, lastId);
          for (const row of rows) {
            lastId = row.id;
            send(`id: ${row.id}\ndata: ${JSON.stringify(row.body)}\n\n`);
            lastSent = Date.now();
          }
          if (Date.now() - lastSent > KEEPALIVE_MS) {
            send(": keep-alive\n\n");
            lastSent = Date.now();
            if (!(await callOpen(context.db, consultationId))) {
              send(`data: ${JSON.stringify({ kind: "ended" })}\n\n`);
              break;
            }
          }
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      } catch {
        // The database went away or the client left: the browser reconnects.
      }
      try {
        controller.close();
      } catch {
        // already closed by the client leaving
      }
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: compression must not buffer the stream.
      "Cache-Control": "private, no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = typeof form.get("token") === "string" ? (form.get("token") as string) : null;
  const who = await requireParticipant(request, context, params.practiceCode, params.consultationId, token);
  const kind = String(form.get("kind") ?? "");
  const raw = String(form.get("data") ?? "null");
  if (!(SIGNAL_KINDS as readonly string[]).includes(kind) || raw.length > SIGNAL_MAX_CHARS) return json({ ok: false }, { status: 400 });
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return json({ ok: false }, { status: 400 });
  }
  const userId = who.viewer?.userId ?? null;
  const open = await callOpen(context.db, who.consultation.id);
  if (kind === "hello" && open) await recordJoin(context, who.consultation, who.side, userId);
  // An ended call keeps no more signalling (its rows were deleted when it ended); a bye is
  // stored before the leave, which deletes the call's rows when nobody is left in.
  if (open) await postSignal(context.db, who.consultation.id, who.side, { kind: kind as (typeof SIGNAL_KINDS)[number], data });
  if (kind === "bye") await recordLeave(context, who.consultation, who.side, userId);
  if (!open) return json({ ok: false, ended: true }, { status: 409 });
  return json({ ok: true });
}
