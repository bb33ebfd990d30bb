/**
 * A group call in the browser: a mesh of WebRTC peers, one RTCPeerConnection to each other
 * member, with signalling through the app (server-sent events in, form posts out, to
 * `signalUrl`). Between two members the lower member id makes the offer (decision 0123).
 * Without JavaScript, or without WebRTC, the server-rendered fallback stays.
 */
import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "@remix-run/react";

type IceServer = { urls: string | string[]; username?: string; credential?: string };
type Signal = { kind: string; data?: unknown; from?: number };
type Peer = { pc: RTCPeerConnection; pending: RTCIceCandidateInit[]; connected: boolean };

export type GroupCallProps = {
  me: number;
  /** Member id → name, for the tiles. */
  names: Record<string, string>;
  signalUrl: string;
  iceServers: IceServer[];
  fallback: React.ReactNode;
};

function canCall(): boolean {
  return typeof window !== "undefined" && "RTCPeerConnection" in window && "EventSource" in window && Boolean(navigator.mediaDevices?.getUserMedia);
}

function show(video: HTMLVideoElement, stream: MediaStream) {
  video.srcObject = stream;
  void video.play().catch(() => undefined);
}

/** What the status line says: nobody yet, or how many the browser is connected to. */
export function groupStatusText(state: "starting" | "noCamera" | "ended" | "live", connected: number): string {
  if (state === "starting") return "Starting your camera and microphone…";
  if (state === "noCamera") return "We could not use your camera or microphone. Check that you have allowed this page to use them, or join by phone.";
  if (state === "ended") return "The call has ended.";
  if (connected === 0) return "Waiting for the others to join.";
  return `Connected to ${connected} ${connected === 1 ? "person" : "people"}`;
}

export function GroupVideoCall({ me, names, signalUrl, iceServers, fallback }: GroupCallProps) {
  const root = useRouteLoaderData("root") as { csrfToken?: string } | undefined;
  const [supported, setSupported] = useState(false);
  const [state, setState] = useState<"starting" | "noCamera" | "ended" | "live">("starting");
  const [remotes, setRemotes] = useState<Record<number, MediaStream>>({});
  const [connected, setConnected] = useState(0);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const localRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);

  useEffect(() => setSupported(canCall()), []);

  useEffect(() => {
    if (!supported) return;
    let closed = false;
    let events: EventSource | null = null;
    const peers = new Map<number, Peer>();
    // A member's candidates can arrive before their offer (they post as they gather): kept here.
    const early = new Map<number, RTCIceCandidateInit[]>();
    const recount = () => setConnected([...peers.values()].filter((p) => p.connected).length);

    const post = (kind: string, data: unknown = null, to?: number) => {
      const body = new URLSearchParams({ csrf: root?.csrfToken ?? "", kind, data: JSON.stringify(data ?? null) });
      if (to !== undefined) body.set("to", String(to));
      return fetch(signalUrl, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } }).catch(() => undefined);
    };

    const drop = (id: number) => {
      peers.get(id)?.pc.close();
      peers.delete(id);
      setRemotes((r) => {
        const next = { ...r };
        delete next[id];
        return next;
      });
      recount();
    };

    const peerFor = (id: number, stream: MediaStream): Peer => {
      drop(id);
      const pc = new RTCPeerConnection({ iceServers });
      const peer: Peer = { pc, pending: [], connected: false };
      stream.getTracks().forEach((t) => pc.addTrack(t, stream));
      pc.onicecandidate = (e) => {
        if (e.candidate) void post("candidate", e.candidate.toJSON(), id);
      };
      pc.ontrack = (e) => setRemotes((r) => (r[id] === e.streams[0] ? r : { ...r, [id]: e.streams[0] }));
      pc.onconnectionstatechange = () => {
        peer.connected = pc.connectionState === "connected";
        if (pc.connectionState === "failed" || pc.connectionState === "closed") peer.connected = false;
        recount();
      };
      peers.set(id, peer);
      return peer;
    };

    const start = async () => {
      let stream: MediaStream;
      try {
        // Every member sends to every other: a small picture keeps the mesh within a home connection (and CPU).
        stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: { ideal: 320 }, height: { ideal: 240 }, frameRate: { ideal: 15 } } });
      } catch {
        setState("noCamera");
        return;
      }
      if (closed) return stream.getTracks().forEach((t) => t.stop());
      streamRef.current = stream;
      if (localRef.current) show(localRef.current, stream);
      setState("live");

      const offerTo = async (id: number) => {
        early.delete(id);
        const { pc } = peerFor(id, stream);
        await pc.setLocalDescription(await pc.createOffer());
        await post("offer", pc.localDescription?.toJSON(), id);
      };
      const live = (id: number) => {
        const p = peers.get(id);
        return p && p.pc.connectionState !== "failed" && p.pc.connectionState !== "closed";
      };

      const handle = async (s: Signal) => {
        const from = s.from;
        if (s.kind === "ended") {
          for (const id of [...peers.keys()]) drop(id);
          setState("ended");
          events?.close();
          return;
        }
        if (typeof from !== "number") return;
        switch (s.kind) {
          case "hello":
            // Someone arrived: the lower id offers, the other says it is ready for an offer.
            if (me < from) await offerTo(from);
            else await post("ready", null, from);
            break;
          case "ready":
            if (me < from && !live(from)) await offerTo(from);
            break;
          case "offer": {
            const peer = peerFor(from, stream);
            await peer.pc.setRemoteDescription(s.data as RTCSessionDescriptionInit);
            for (const c of [...(early.get(from) ?? []), ...peer.pending.splice(0)]) await peer.pc.addIceCandidate(c).catch(() => undefined);
            early.delete(from);
            await peer.pc.setLocalDescription(await peer.pc.createAnswer());
            await post("answer", peer.pc.localDescription?.toJSON(), from);
            break;
          }
          case "answer": {
            const peer = peers.get(from);
            if (peer && peer.pc.signalingState === "have-local-offer") {
              await peer.pc.setRemoteDescription(s.data as RTCSessionDescriptionInit);
              for (const c of peer.pending.splice(0)) await peer.pc.addIceCandidate(c);
            }
            break;
          }
          case "candidate": {
            const peer = peers.get(from);
            if (peer?.pc.remoteDescription) await peer.pc.addIceCandidate(s.data as RTCIceCandidateInit).catch(() => undefined);
            else if (peer && peer.pc.signalingState === "have-local-offer") peer.pending.push(s.data as RTCIceCandidateInit);
            else early.set(from, [...(early.get(from) ?? []), s.data as RTCIceCandidateInit]);
            break;
          }
          case "bye":
            early.delete(from);
            drop(from);
            break;
        }
      };

      let queue = Promise.resolve();
      events = new EventSource(signalUrl);
      events.onmessage = (e) => {
        const s = JSON.parse(e.data) as Signal;
        queue = queue.then(() => handle(s)).catch(() => undefined);
      };
      events.addEventListener("subscribed", () => void post("hello"));
    };
    void start();

    const leave = () => navigator.sendBeacon?.(signalUrl, new URLSearchParams({ csrf: root?.csrfToken ?? "", kind: "bye", data: "null" }));
    window.addEventListener("pagehide", leave);
    return () => {
      closed = true;
      window.removeEventListener("pagehide", leave);
      leave();
      events?.close();
      for (const p of peers.values()) p.pc.close();
      streamRef.current?.getTracks().forEach((t) => t.stop());
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supported, signalUrl, me]);

  if (!supported) return <>{fallback}</>;

  const toggle = (kind: "audio" | "video") => {
    const tracks = kind === "audio" ? streamRef.current?.getAudioTracks() : streamRef.current?.getVideoTracks();
    tracks?.forEach((t) => (t.enabled = !t.enabled));
    if (kind === "audio") setMuted((m) => !m);
    else setCameraOff((c) => !c);
  };

  return (
    <div className="fd-video-call">
      <p className="nhsuk-body-l" role="status" id="call-status">
        {groupStatusText(state, connected)}
      </p>
      <div className="nhsuk-grid-row">
        <figure className="nhsuk-grid-column-one-third">
          <video ref={localRef} playsInline muted className="fd-video-call__local" />
          <figcaption className="nhsuk-body-s">You</figcaption>
        </figure>
        {Object.entries(remotes).map(([id, stream]) => (
          <RemoteTile key={id} stream={stream} name={names[id] ?? "Someone"} />
        ))}
      </div>
      <div className="nhsuk-button-group">
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => toggle("audio")}>
          {muted ? "Unmute microphone" : "Mute microphone"}
        </button>
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => toggle("video")}>
          {cameraOff ? "Turn camera on" : "Turn camera off"}
        </button>
      </div>
    </div>
  );
}

function RemoteTile({ stream, name }: { stream: MediaStream; name: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) show(ref.current, stream);
  }, [stream]);
  return (
    <figure className="nhsuk-grid-column-one-third">
      <video ref={ref} playsInline className="fd-video-call__remote" />
      <figcaption className="nhsuk-body-s">{name}</figcaption>
    </figure>
  );
}
