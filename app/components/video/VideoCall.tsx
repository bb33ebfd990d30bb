/**
 * The call, in the browser: WebRTC with signalling through the app (server-sent events in,
 * form posts out, to `signalUrl`). Without JavaScript, or in a browser without WebRTC, the
 * server-rendered text stays: a video call needs a browser that can run it, and the phone
 * alternative. The clinician's side makes the offer; the patient's answers.
 */
import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "@remix-run/react";

type IceServer = { urls: string | string[]; username?: string; credential?: string };
type Signal = { kind: string; data?: unknown };

export type CallProps = {
  side: "clinician" | "patient";
  signalUrl: string;
  /** Extra fields every post carries (the patient's token). */
  extra?: Record<string, string>;
  iceServers: IceServer[];
  /** What to do without video: the phone alternative, in the page's words. */
  fallback: React.ReactNode;
};

const STATUS = {
  starting: "Starting your camera and microphone…",
  waiting: "Waiting for the other person to join.",
  connecting: "Connecting…",
  connected: "Connected",
  ended: "The call has ended.",
  noCamera: "We could not use your camera or microphone. Check that you have allowed this page to use them, or join by phone.",
} as const;
type Status = keyof typeof STATUS;

/** Plays a stream (started from code: the autoplay attribute is not used). */
function show(video: HTMLVideoElement, stream: MediaStream) {
  video.srcObject = stream;
  void video.play().catch(() => undefined);
}

function canCall(): boolean {
  return typeof window !== "undefined" && "RTCPeerConnection" in window && "EventSource" in window && Boolean(navigator.mediaDevices?.getUserMedia);
}

export function VideoCall({ side, signalUrl, extra, iceServers, fallback }: CallProps) {
  const root = useRouteLoaderData("root") as { csrfToken?: string } | undefined;
  const [supported, setSupported] = useState(false);
  const [status, setStatus] = useState<Status>("starting");
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const localRef = useRef<HTMLVideoElement>(null);
  const remoteRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);

  useEffect(() => setSupported(canCall()), []);

  useEffect(() => {
    if (!supported) return;
    let closed = false;
    let pc: RTCPeerConnection | null = null;
    let events: EventSource | null = null;
    const pending: RTCIceCandidateInit[] = [];

    const post = (signal: Signal) => {
      const body = new URLSearchParams({ csrf: root?.csrfToken ?? "", kind: signal.kind, data: JSON.stringify(signal.data ?? null), ...extra });
      return fetch(signalUrl, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } }).catch(() => undefined);
    };

    const newPeer = (stream: MediaStream) => {
      pc?.close();
      const peer = new RTCPeerConnection({ iceServers });
      stream.getTracks().forEach((t) => peer.addTrack(t, stream));
      peer.onicecandidate = (e) => {
        if (e.candidate) void post({ kind: "candidate", data: e.candidate.toJSON() });
      };
      peer.ontrack = (e) => {
        if (remoteRef.current && remoteRef.current.srcObject !== e.streams[0]) show(remoteRef.current, e.streams[0]);
      };
      peer.onconnectionstatechange = () => {
        if (peer.connectionState === "connected") setStatus("connected");
        else if (peer.connectionState === "failed" || peer.connectionState === "disconnected") setStatus("waiting");
      };
      pc = peer;
      return peer;
    };

    const start = async () => {
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
      } catch {
        setStatus("noCamera");
        return;
      }
      if (closed) return stream.getTracks().forEach((t) => t.stop());
      streamRef.current = stream;
      if (localRef.current) show(localRef.current, stream);
      setStatus("waiting");

      const offer = async () => {
        const peer = newPeer(stream);
        setStatus("connecting");
        await peer.setLocalDescription(await peer.createOffer());
        await post({ kind: "offer", data: peer.localDescription?.toJSON() });
      };

      const handle = async (signal: Signal) => {
        switch (signal.kind) {
          case "hello":
            // The other side arrived: the clinician calls; the patient says it is here.
            if (side === "clinician") await offer();
            else await post({ kind: "ready" });
            break;
          case "ready":
            if (side === "clinician") await offer();
            break;
          case "offer": {
            const peer = newPeer(stream);
            setStatus("connecting");
            await peer.setRemoteDescription(signal.data as RTCSessionDescriptionInit);
            for (const c of pending.splice(0)) await peer.addIceCandidate(c);
            await peer.setLocalDescription(await peer.createAnswer());
            await post({ kind: "answer", data: peer.localDescription?.toJSON() });
            break;
          }
          case "answer":
            if (pc && pc.signalingState === "have-local-offer") {
              await pc.setRemoteDescription(signal.data as RTCSessionDescriptionInit);
              for (const c of pending.splice(0)) await pc.addIceCandidate(c);
            }
            break;
          case "candidate":
            if (pc?.remoteDescription) await pc.addIceCandidate(signal.data as RTCIceCandidateInit).catch(() => undefined);
            else pending.push(signal.data as RTCIceCandidateInit);
            break;
          case "bye":
            pc?.close();
            pc = null;
            if (remoteRef.current) remoteRef.current.srcObject = null;
            setStatus("waiting");
            break;
          case "ended":
            pc?.close();
            pc = null;
            setStatus("ended");
            events?.close();
            break;
        }
      };

      let queue = Promise.resolve();
      const query = new URLSearchParams(extra).toString();
      events = new EventSource(query ? `${signalUrl}?${query}` : signalUrl);
      events.onmessage = (e) => {
        const signal = JSON.parse(e.data) as Signal;
        queue = queue.then(() => handle(signal)).catch(() => undefined);
      };
      // The stream is open (it reads only what comes after): now say we are here.
      events.addEventListener("subscribed", () => void post({ kind: "hello" }));
    };
    void start();

    const leave = () => {
      const body = new URLSearchParams({ csrf: root?.csrfToken ?? "", kind: "bye", data: "null", ...extra });
      navigator.sendBeacon?.(signalUrl, body);
    };
    window.addEventListener("pagehide", leave);
    return () => {
      closed = true;
      window.removeEventListener("pagehide", leave);
      leave();
      events?.close();
      pc?.close();
      streamRef.current?.getTracks().forEach((t) => t.stop());
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supported, signalUrl]);

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
        {STATUS[status]}
      </p>
      <div className="nhsuk-grid-row">
        <figure className="nhsuk-grid-column-two-thirds">
          <video ref={remoteRef} playsInline className="fd-video-call__remote" />
          <figcaption className="nhsuk-body-s">The other person</figcaption>
        </figure>
        <figure className="nhsuk-grid-column-one-third">
          <video ref={localRef} playsInline muted className="fd-video-call__local" />
          <figcaption className="nhsuk-body-s">You</figcaption>
        </figure>
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
