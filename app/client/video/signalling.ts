/**
 * The calls' signalling, without the page (decision 0161): what each side does with a message
 * from the app's event stream, given a way to make peer connections, to post a message and to
 * show what happens. app/client/video-call.ts wires it to the browser; the unit tests wire it to
 * fakes. Signals arrive one at a time (the caller queues them), so a handler may await.
 *
 * Written for the plain script's ES5 build: no Map or Set iteration, no for-of over anything but
 * arrays (TypeScript lowers those to index loops, which only arrays survive).
 */
import type { CallStatus } from "./call-settings";

export type Signal = { kind: string; data?: unknown; from?: number };
/** Sends one signal to the app; `to` addresses one member of a group call. */
export type PostSignal = (kind: string, data?: unknown, to?: number) => Promise<unknown>;

type Common = {
  stream: MediaStream;
  /** A new RTCPeerConnection with the call's ICE servers. */
  connect: () => RTCPeerConnection;
  post: PostSignal;
};

export type OneToOneView = {
  status: (status: CallStatus) => void;
  /** The other side's picture, or null when they left. */
  remote: (stream: MediaStream | null) => void;
};

export type SignalHandler = {
  handle: (signal: Signal) => Promise<void>;
  /** Closes every connection (the page is leaving). */
  close: () => void;
};

function addTracks(pc: RTCPeerConnection, stream: MediaStream) {
  const tracks = stream.getTracks();
  for (let i = 0; i < tracks.length; i++) pc.addTrack(tracks[i], stream);
}

/**
 * A consultation: the clinician makes the offer whenever the patient says hello or ready; the
 * patient answers. A bye drops the connection and waits for the other side to come back; ended
 * (the clinician completed the consultation) closes it for good.
 */
export function oneToOneCall(options: Common & { side: "clinician" | "patient"; view: OneToOneView }): SignalHandler {
  const { side, stream, connect, post, view } = options;
  let pc: RTCPeerConnection | null = null;
  // Candidates that came before the offer they belong to.
  const pending: RTCIceCandidateInit[] = [];

  const newPeer = () => {
    if (pc) pc.close();
    const peer = connect();
    addTracks(peer, stream);
    peer.onicecandidate = (e) => {
      if (e.candidate) void post("candidate", e.candidate.toJSON());
    };
    peer.ontrack = (e) => view.remote(e.streams[0]);
    peer.onconnectionstatechange = () => {
      if (peer.connectionState === "connected") view.status("connected");
      else if (peer.connectionState === "failed" || peer.connectionState === "disconnected") view.status("waiting");
    };
    pc = peer;
    return peer;
  };

  const offer = async () => {
    const peer = newPeer();
    view.status("connecting");
    await peer.setLocalDescription(await peer.createOffer());
    await post("offer", peer.localDescription ? peer.localDescription.toJSON() : null);
  };

  const addPending = async (peer: RTCPeerConnection) => {
    const waiting = pending.splice(0);
    for (let i = 0; i < waiting.length; i++) await peer.addIceCandidate(waiting[i]);
  };

  const handle = async (signal: Signal) => {
    switch (signal.kind) {
      case "hello":
        // The other side arrived: the clinician calls; the patient says it is here.
        if (side === "clinician") await offer();
        else await post("ready");
        break;
      case "ready":
        if (side === "clinician") await offer();
        break;
      case "offer": {
        const peer = newPeer();
        view.status("connecting");
        await peer.setRemoteDescription(signal.data as RTCSessionDescriptionInit);
        await addPending(peer);
        await peer.setLocalDescription(await peer.createAnswer());
        await post("answer", peer.localDescription ? peer.localDescription.toJSON() : null);
        break;
      }
      case "answer":
        if (pc && pc.signalingState === "have-local-offer") {
          await pc.setRemoteDescription(signal.data as RTCSessionDescriptionInit);
          await addPending(pc);
        }
        break;
      case "candidate":
        if (pc && pc.remoteDescription) await pc.addIceCandidate(signal.data as RTCIceCandidateInit).catch(() => undefined);
        else pending.push(signal.data as RTCIceCandidateInit);
        break;
      case "bye":
        close();
        view.remote(null);
        view.status("waiting");
        break;
      case "ended":
        close();
        view.status("ended");
        break;
    }
  };

  function close() {
    if (pc) pc.close();
    pc = null;
  }

  return { handle, close };
}

export type GroupView = {
  /** How many members this browser is connected to now. */
  connected: (count: number) => void;
  /** A member's picture arrived (again: the same stream may come once per track). */
  remote: (memberId: number, stream: MediaStream) => void;
  /** A member left, or their connection was replaced. */
  removeRemote: (memberId: number) => void;
  ended: () => void;
};

type Peer = { pc: RTCPeerConnection; pending: RTCIceCandidateInit[]; connected: boolean };

/**
 * A group call: a mesh, one connection to each other member. Between two members the lower id
 * makes the offer (decision 0123): on a hello it offers, or says ready to the lower id, which
 * then offers unless a live connection stands.
 */
export function groupCall(options: Common & { me: number; view: GroupView }): SignalHandler {
  const { me, stream, connect, post, view } = options;
  const peers: Record<string, Peer> = {};
  // A member's candidates can arrive before their offer (they post as they gather): kept here.
  const early: Record<string, RTCIceCandidateInit[]> = {};
  const ids = () => Object.keys(peers).map(Number);

  const recount = () => view.connected(ids().filter((id) => peers[id].connected).length);

  const drop = (id: number) => {
    const peer = peers[id];
    if (!peer) return;
    peer.pc.close();
    delete peers[id];
    view.removeRemote(id);
    recount();
  };

  const peerFor = (id: number): Peer => {
    drop(id);
    const pc = connect();
    const peer: Peer = { pc, pending: [], connected: false };
    addTracks(pc, stream);
    pc.onicecandidate = (e) => {
      if (e.candidate) void post("candidate", e.candidate.toJSON(), id);
    };
    pc.ontrack = (e) => view.remote(id, e.streams[0]);
    pc.onconnectionstatechange = () => {
      peer.connected = pc.connectionState === "connected";
      recount();
    };
    peers[id] = peer;
    return peer;
  };

  const offerTo = async (id: number) => {
    delete early[id];
    const { pc } = peerFor(id);
    await pc.setLocalDescription(await pc.createOffer());
    await post("offer", pc.localDescription ? pc.localDescription.toJSON() : null, id);
  };

  const live = (id: number) => {
    const peer = peers[id];
    return Boolean(peer) && peer.pc.connectionState !== "failed" && peer.pc.connectionState !== "closed";
  };

  const addAll = async (pc: RTCPeerConnection, candidates: RTCIceCandidateInit[]) => {
    for (let i = 0; i < candidates.length; i++) await pc.addIceCandidate(candidates[i]).catch(() => undefined);
  };

  const handle = async (s: Signal) => {
    if (s.kind === "ended") {
      close();
      view.ended();
      return;
    }
    const from = s.from;
    if (typeof from !== "number") return;
    switch (s.kind) {
      case "hello":
        if (me < from) await offerTo(from);
        else await post("ready", null, from);
        break;
      case "ready":
        if (me < from && !live(from)) await offerTo(from);
        break;
      case "offer": {
        const peer = peerFor(from);
        await peer.pc.setRemoteDescription(s.data as RTCSessionDescriptionInit);
        const waiting = (early[from] || []).concat(peer.pending.splice(0));
        delete early[from];
        await addAll(peer.pc, waiting);
        await peer.pc.setLocalDescription(await peer.pc.createAnswer());
        await post("answer", peer.pc.localDescription ? peer.pc.localDescription.toJSON() : null, from);
        break;
      }
      case "answer": {
        const peer = peers[from];
        if (peer && peer.pc.signalingState === "have-local-offer") {
          await peer.pc.setRemoteDescription(s.data as RTCSessionDescriptionInit);
          await addAll(peer.pc, peer.pending.splice(0));
        }
        break;
      }
      case "candidate": {
        const peer = peers[from];
        const candidate = s.data as RTCIceCandidateInit;
        if (peer && peer.pc.remoteDescription) await peer.pc.addIceCandidate(candidate).catch(() => undefined);
        else if (peer && peer.pc.signalingState === "have-local-offer") peer.pending.push(candidate);
        else early[from] = (early[from] || []).concat([candidate]);
        break;
      }
      case "bye":
        delete early[from];
        drop(from);
        break;
    }
  };

  function close() {
    const all = ids();
    for (let i = 0; i < all.length; i++) drop(all[i]);
  }

  return { handle, close };
}
