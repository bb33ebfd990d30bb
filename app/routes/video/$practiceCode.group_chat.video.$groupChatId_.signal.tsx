/**
 * /{practice_code}/group_chat/video/{group_chat_id}/signal: a group call's signalling (no page),
 * for its members only. GET is a server-sent-events stream of what the others broadcast (hello,
 * bye) and what they sent to this member (ready, offer, answer, candidate), each with `from`;
 * POST sends one (`to` names the member for the directed kinds). A hello records a join, a bye a
 * leave (decision 0123).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GROUP_SIGNAL_KINDS, isDirected, memberIdOf, type GroupSignalKind } from "~/domain/video/group";
import { groupChatOpen, groupSignalsFor, latestGroupSignalId, postGroupSignal, recordGroupJoin, recordGroupLeave } from "~/domain/video/group.server";
import { SIGNAL_MAX_CHARS } from "~/domain/video/call.server";
import { requireGroupMember } from "~/web/video/video.server";

const POLL_MS = 400;
const KEEPALIVE_MS = 15_000;
/** A stream ends after this; EventSource reconnects by itself. */
const STREAM_MS = 5 * 60_000;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { chat, me } = await requireGroupMember(request, context, params.practiceCode, params.groupChatId);
  let lastId = await latestGroupSignalId(context.db, chat.id);
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
          for (const row of await groupSignalsFor(context.db, chat.id, me.id, lastId)) {
            lastId = row.id;
            send(`id: ${row.id}\ndata: ${JSON.stringify({ ...(row.body as object), from: row.from })}\n\n`);
            lastSent = Date.now();
          }
          if (Date.now() - lastSent > KEEPALIVE_MS) {
            send(": keep-alive\n\n");
            lastSent = Date.now();
            if (!(await groupChatOpen(context.db, chat.id))) {
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
      "Cache-Control": "private, no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const { chat, members, me } = await requireGroupMember(request, context, params.practiceCode, params.groupChatId);
  const kind = String(form.get("kind") ?? "") as GroupSignalKind;
  const raw = String(form.get("data") ?? "null");
  if (!GROUP_SIGNAL_KINDS.includes(kind) || raw.length > SIGNAL_MAX_CHARS) return json({ ok: false }, { status: 400 });
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return json({ ok: false }, { status: 400 });
  }
  let to: number | null = null;
  if (isDirected(kind)) {
    to = memberIdOf(form.get("to"));
    if (to === null || to === me.id || !members.some((m) => m.id === to)) return json({ ok: false }, { status: 400 });
  }
  const open = await groupChatOpen(context.db, chat.id);
  if (kind === "hello" && open) await recordGroupJoin(context, chat, me.id);
  // A bye is stored before the leave, which deletes the call's rows when nobody is left in.
  if (open) await postGroupSignal(context.db, chat.id, me.id, to, { kind, data });
  if (kind === "bye") await recordGroupLeave(context, chat, me.id);
  if (!open) return json({ ok: false, ended: true }, { status: 409 });
  return json({ ok: true });
}
