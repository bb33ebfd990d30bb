/**
 * The calls' signalling (decision 0161) against fake peer connections: who offers, who answers,
 * what waits for what, and what the page is told. The browser side (the event stream, the
 * camera, the markup) is the video journey's (tests/e2e/video.spec.ts).
 */
import { describe, expect, it } from "vitest";
import { groupCall, oneToOneCall, type Signal } from "./signalling";
import { groupStatusText, toggleLabel } from "./call-settings";

class FakePeer {
  static made: FakePeer[] = [];
  tracks: unknown[] = [];
  closed = false;
  signalingState: RTCSignalingState = "stable";
  connectionState: RTCPeerConnectionState = "new";
  localDescription: { toJSON: () => unknown } | null = null;
  remoteDescription: unknown = null;
  candidates: unknown[] = [];
  onicecandidate: ((e: { candidate: { toJSON: () => unknown } | null }) => void) | null = null;
  ontrack: ((e: { streams: unknown[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor() {
    FakePeer.made.push(this);
  }
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
  close() {
    this.closed = true;
    this.connectionState = "closed";
  }
  async createOffer() {
    return { type: "offer", sdp: "offer-sdp" };
  }
  async createAnswer() {
    return { type: "answer", sdp: "answer-sdp" };
  }
  async setLocalDescription(d: { type: string; sdp: string }) {
    this.localDescription = { toJSON: () => d };
    if (d.type === "offer") this.signalingState = "have-local-offer";
    else this.signalingState = "stable";
  }
  async setRemoteDescription(d: unknown) {
    this.remoteDescription = d;
    this.signalingState = (d as { type: string }).type === "offer" ? "have-remote-offer" : "stable";
  }
  async addIceCandidate(c: unknown) {
    this.candidates.push(c);
  }
  becomes(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

const stream = { getTracks: () => ["audio-track", "video-track"] } as unknown as MediaStream;

function harness() {
  FakePeer.made = [];
  const posted: { kind: string; data: unknown; to?: number }[] = [];
  const said: string[] = [];
  const remotes: unknown[] = [];
  const deps = {
    stream,
    connect: () => new FakePeer() as unknown as RTCPeerConnection,
    post: async (kind: string, data: unknown = null, to?: number) => {
      posted.push(to === undefined ? { kind, data } : { kind, data, to });
    },
  };
  return { deps, posted, said, remotes };
}

describe("a consultation's call", () => {
  const oneToOne = (side: "clinician" | "patient") => {
    const h = harness();
    const call = oneToOneCall({ ...h.deps, side, view: { status: (s) => h.said.push(s), remote: (s) => h.remotes.push(s) } });
    return { ...h, call };
  };

  it("the clinician offers when the patient says hello, sending both tracks", async () => {
    const { call, posted, said } = oneToOne("clinician");
    await call.handle({ kind: "hello" });
    expect(posted).toEqual([{ kind: "offer", data: { type: "offer", sdp: "offer-sdp" } }]);
    expect(FakePeer.made[0].tracks).toEqual(["audio-track", "video-track"]);
    expect(said).toEqual(["connecting"]);
  });

  it("the patient answers a hello with ready, and an offer with an answer", async () => {
    const { call, posted } = oneToOne("patient");
    await call.handle({ kind: "hello" });
    expect(posted).toEqual([{ kind: "ready", data: null }]);
    await call.handle({ kind: "offer", data: { type: "offer", sdp: "x" } });
    expect(posted[1]).toEqual({ kind: "answer", data: { type: "answer", sdp: "answer-sdp" } });
  });

  it("keeps candidates that come before the offer and adds them with it", async () => {
    const { call } = oneToOne("patient");
    await call.handle({ kind: "candidate", data: { candidate: "early" } });
    await call.handle({ kind: "offer", data: { type: "offer", sdp: "x" } });
    await call.handle({ kind: "candidate", data: { candidate: "late" } });
    expect(FakePeer.made[0].candidates).toEqual([{ candidate: "early" }, { candidate: "late" }]);
  });

  it("takes an answer only while its offer is out", async () => {
    const { call } = oneToOne("clinician");
    await call.handle({ kind: "answer", data: { type: "answer", sdp: "stray" } });
    expect(FakePeer.made).toHaveLength(0);
    await call.handle({ kind: "ready" });
    await call.handle({ kind: "answer", data: { type: "answer", sdp: "y" } });
    expect(FakePeer.made[0].remoteDescription).toEqual({ type: "answer", sdp: "y" });
  });

  it("posts its own candidates, shows the other side and says when it is connected", async () => {
    const { call, posted, said, remotes } = oneToOne("clinician");
    await call.handle({ kind: "hello" });
    const peer = FakePeer.made[0];
    peer.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: "mine" }) } });
    peer.onicecandidate?.({ candidate: null });
    peer.ontrack?.({ streams: ["their-stream"] });
    peer.becomes("connected");
    expect(posted.slice(1)).toEqual([{ kind: "candidate", data: { candidate: "mine" } }]);
    expect(remotes).toEqual(["their-stream"]);
    expect(said.at(-1)).toBe("connected");
    peer.becomes("disconnected");
    expect(said.at(-1)).toBe("waiting");
  });

  it("a new offer replaces the old connection; bye waits for the other side; ended closes for good", async () => {
    const { call, said, remotes } = oneToOne("patient");
    await call.handle({ kind: "offer", data: { type: "offer", sdp: "1" } });
    await call.handle({ kind: "offer", data: { type: "offer", sdp: "2" } });
    expect(FakePeer.made.map((p) => p.closed)).toEqual([true, false]);
    await call.handle({ kind: "bye" });
    expect(FakePeer.made[1].closed).toBe(true);
    expect(remotes.at(-1)).toBeNull();
    expect(said.at(-1)).toBe("waiting");
    await call.handle({ kind: "ended" });
    expect(said.at(-1)).toBe("ended");
  });
});

describe("a group call", () => {
  const group = (me: number) => {
    const h = harness();
    const counts: number[] = [];
    const shown: number[] = [];
    const removed: number[] = [];
    let ended = false;
    const call = groupCall({
      ...h.deps,
      me,
      view: { connected: (n) => counts.push(n), remote: (id) => shown.push(id), removeRemote: (id) => removed.push(id), ended: () => (ended = true) },
    });
    return { ...h, call, counts, shown, removed, isEnded: () => ended };
  };

  it("the lower member id offers; the higher says ready to it", async () => {
    const low = group(3);
    await low.call.handle({ kind: "hello", from: 7 });
    expect(low.posted).toEqual([{ kind: "offer", data: { type: "offer", sdp: "offer-sdp" }, to: 7 }]);
    const high = group(7);
    await high.call.handle({ kind: "hello", from: 3 });
    expect(high.posted).toEqual([{ kind: "ready", data: null, to: 3 }]);
  });

  it("offers on ready only without a live connection to that member", async () => {
    const g = group(1);
    await g.call.handle({ kind: "ready", from: 2 });
    await g.call.handle({ kind: "ready", from: 2 });
    expect(g.posted.filter((p) => p.kind === "offer")).toHaveLength(1);
    FakePeer.made[0].becomes("failed");
    await g.call.handle({ kind: "ready", from: 2 });
    expect(g.posted.filter((p) => p.kind === "offer")).toHaveLength(2);
    expect(FakePeer.made[0].closed).toBe(true);
  });

  it("answers an offer with the member's early candidates added, addressed back to them", async () => {
    const g = group(9);
    await g.call.handle({ kind: "candidate", from: 4, data: { candidate: "early" } });
    await g.call.handle({ kind: "offer", from: 4, data: { type: "offer", sdp: "o" } });
    expect(FakePeer.made[0].candidates).toEqual([{ candidate: "early" }]);
    expect(g.posted).toEqual([{ kind: "answer", data: { type: "answer", sdp: "answer-sdp" }, to: 4 }]);
  });

  it("counts connected members, shows their pictures and drops one who says bye", async () => {
    const g = group(1);
    await g.call.handle({ kind: "hello", from: 2 });
    await g.call.handle({ kind: "hello", from: 3 });
    const [two, three] = FakePeer.made;
    two.ontrack?.({ streams: ["s2"] });
    two.becomes("connected");
    three.becomes("connected");
    expect(g.counts.at(-1)).toBe(2);
    expect(g.shown).toEqual([2]);
    await g.call.handle({ kind: "bye", from: 2 });
    expect(two.closed).toBe(true);
    expect(g.removed).toEqual([2]);
    expect(g.counts.at(-1)).toBe(1);
  });

  it("ignores signals without a sender, and ends for everyone on ended", async () => {
    const g = group(1);
    await g.call.handle({ kind: "hello" } as Signal);
    expect(g.posted).toEqual([]);
    await g.call.handle({ kind: "hello", from: 2 });
    await g.call.handle({ kind: "ended" });
    expect(FakePeer.made[0].closed).toBe(true);
    expect(g.isEnded()).toBe(true);
  });
});

describe("the call's words", () => {
  it("say how many people a group call is connected to", () => {
    expect(groupStatusText("live", 0)).toBe("Waiting for the others to join.");
    expect(groupStatusText("live", 1)).toBe("Connected to 1 person");
    expect(groupStatusText("live", 3)).toBe("Connected to 3 people");
    expect(groupStatusText("ended", 2)).toBe("The call has ended.");
  });

  it("the buttons say what pressing them does", () => {
    expect(toggleLabel("audio", false)).toBe("Mute microphone");
    expect(toggleLabel("audio", true)).toBe("Unmute microphone");
    expect(toggleLabel("video", true)).toBe("Turn camera on");
  });
});
