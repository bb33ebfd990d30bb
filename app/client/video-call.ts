/**
 * The video calls, as one plain classic script (decision 0161): the patient's waiting room, the
 * clinician's room and the group call load no React. The server renders the call's container
 * with the no-video fallback inside (what a browser without JS or WebRTC keeps) and the call's
 * markup in a <template>; here, in a browser that can run a call, the template replaces the
 * fallback and the call starts: camera and microphone, then WebRTC with signalling through the
 * app (server-sent events in, form posts out, to the settings' `signalUrl`) by
 * ./video/signalling.ts.
 */
import { CALL_PART, CALL_STATUS, groupStatusText, toggleLabel, VIDEO_CALL, type CallPart, type CallSettings, type GroupState } from "./video/call-settings";
import { groupCall, oneToOneCall, type Signal, type SignalHandler } from "./video/signalling";

type Marked = Window & { frontdoorVideoCall?: boolean };

function canCall(): boolean {
  return "RTCPeerConnection" in window && "EventSource" in window && Boolean(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
}

function part<T extends HTMLElement>(root: ParentNode, name: CallPart): T {
  return root.querySelector(`[${CALL_PART}="${name}"]`) as T;
}

/** Plays a stream (started from code: the autoplay attribute is not used). */
function play(video: HTMLVideoElement, stream: MediaStream) {
  if (video.srcObject === stream) return;
  video.srcObject = stream;
  const started = video.play();
  if (started) started.catch(() => undefined);
}

/** The template's content in place of the fallback. */
function swapIn(container: HTMLElement, templateId: string): boolean {
  const template = document.getElementById(templateId);
  if (!(template instanceof HTMLTemplateElement)) return false;
  while (container.firstChild) container.removeChild(container.firstChild);
  container.appendChild(document.importNode(template.content, true));
  return true;
}

function start(container: HTMLElement, settings: CallSettings) {
  if (!swapIn(container, settings.templateId)) return;
  const status = part(container, "status");
  const local = part<HTMLVideoElement>(container, "local");
  const say = (text: string) => {
    status.textContent = text;
  };

  const fields = (kind: string, data: unknown, to?: number) => {
    const body = new URLSearchParams();
    body.set("csrf", settings.csrf);
    body.set("kind", kind);
    body.set("data", JSON.stringify(data === undefined ? null : data));
    if (to !== undefined) body.set("to", String(to));
    const extra = settings.kind === "one-to-one" ? settings.extra || {} : {};
    Object.keys(extra).forEach((key) => body.set(key, extra[key]));
    return body;
  };
  const post = (kind: string, data?: unknown, to?: number) =>
    fetch(settings.signalUrl, { method: "POST", body: fields(kind, data, to), credentials: "same-origin", headers: { Accept: "application/json" } }).catch(() => undefined);

  let stream: MediaStream | null = null;
  let events: EventSource | null = null;
  let call: SignalHandler | null = null;
  let left = false;

  const wireToggle = (name: "mute" | "camera") => {
    const button = part<HTMLButtonElement>(container, name);
    const kind = name === "mute" ? "audio" : "video";
    let off = false;
    button.addEventListener("click", () => {
      off = !off;
      const tracks = stream ? (kind === "audio" ? stream.getAudioTracks() : stream.getVideoTracks()) : [];
      for (let i = 0; i < tracks.length; i++) tracks[i].enabled = !off;
      button.textContent = toggleLabel(kind, off);
    });
  };
  wireToggle("mute");
  wireToggle("camera");

  // Every member of a group call sends to every other: a small picture keeps the mesh within a
  // home connection (and CPU).
  const constraints: MediaStreamConstraints =
    settings.kind === "group" ? { audio: true, video: { width: { ideal: 320 }, height: { ideal: 240 }, frameRate: { ideal: 15 } } } : { audio: true, video: true };

  navigator.mediaDevices.getUserMedia(constraints).then(
    (media) => {
      if (left) return media.getTracks().forEach((track) => track.stop());
      stream = media;
      play(local, media);
      const connect = () => new RTCPeerConnection({ iceServers: settings.iceServers });
      const stop = () => {
        if (events) events.close();
      };
      if (settings.kind === "one-to-one") {
        const remote = part<HTMLVideoElement>(container, "remote");
        say(CALL_STATUS.waiting);
        call = oneToOneCall({
          side: settings.side,
          stream: media,
          connect,
          post,
          view: {
            status: (s) => {
              say(CALL_STATUS[s]);
              if (s === "ended") stop();
            },
            remote: (s) => {
              if (s) play(remote, s);
              else remote.srcObject = null;
            },
          },
        });
      } else {
        call = groupCall({ me: settings.me, stream: media, connect, post, view: groupView(container, settings.names, settings.tileTemplateId, say, stop) });
      }
      const handler = call;
      let queue = Promise.resolve();
      const extra = settings.kind === "one-to-one" ? settings.extra : undefined;
      const query = extra ? new URLSearchParams(extra).toString() : "";
      events = new EventSource(query ? `${settings.signalUrl}?${query}` : settings.signalUrl);
      events.onmessage = (e) => {
        const signal = JSON.parse(e.data) as Signal;
        queue = queue.then(() => handler.handle(signal)).catch(() => undefined);
      };
      // The stream is open (it reads only what comes after): now say we are here.
      events.addEventListener("subscribed", () => void post("hello"));
    },
    () => say(CALL_STATUS.noCamera),
  );

  // A page brought back by Back after it left has its call closed and its camera stopped: start again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) window.location.reload();
  });
  // Leaving says bye (a beacon survives the page), and lets go of the camera.
  window.addEventListener("pagehide", () => {
    left = true;
    if (navigator.sendBeacon) navigator.sendBeacon(settings.signalUrl, fields("bye", null));
    if (events) events.close();
    if (call) call.close();
    if (stream) stream.getTracks().forEach((track) => track.stop());
  });
}

/** A group call's tiles and status line: one tile per member whose picture has come. */
function groupView(container: HTMLElement, names: Record<string, string>, tileTemplateId: string, say: (text: string) => void, stop: () => void) {
  const remotes = part(container, "remotes");
  const tiles: Record<string, HTMLElement> = {};
  let state: GroupState = "live";
  let connected = 0;
  const update = () => say(groupStatusText(state, connected));
  update();
  return {
    connected: (count: number) => {
      connected = count;
      update();
    },
    remote: (id: number, media: MediaStream) => {
      let tile = tiles[id];
      if (!tile) {
        const template = document.getElementById(tileTemplateId) as HTMLTemplateElement;
        tile = document.importNode(template.content, true).firstElementChild as HTMLElement;
        part(tile, "tile-name").textContent = names[id] || "Someone";
        tiles[id] = tile;
        remotes.appendChild(tile);
      }
      play(part<HTMLVideoElement>(tile, "tile-video"), media);
    },
    removeRemote: (id: number) => {
      const tile = tiles[id];
      if (tile && tile.parentNode) tile.parentNode.removeChild(tile);
      delete tiles[id];
    },
    ended: () => {
      state = "ended";
      update();
      stop();
    },
  };
}

const marked = window as Marked;
if (!marked.frontdoorVideoCall && "noModule" in document.createElement("script") && canCall()) {
  marked.frontdoorVideoCall = true;
  // Deferred: the whole document is parsed when this runs.
  const container = document.querySelector<HTMLElement>(`[${VIDEO_CALL}]`);
  if (container) start(container, JSON.parse(container.getAttribute(VIDEO_CALL) || "{}") as CallSettings);
}
