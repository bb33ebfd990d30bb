/**
 * A video call on the page, rendered on the server for the plain call script (decision 0161):
 * a container holding the no-video fallback (what a browser without JavaScript or WebRTC keeps:
 * a call needs a browser that can run it, and the phone alternative), the call's settings on it
 * and the call's markup in a <template>. The script (app/client/video-call.ts) swaps the markup
 * in and runs the call; the pages that show a call are not hydrated, so React never meets it.
 */
import type { ReactNode } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import { CALL_PART, CALL_STATUS, toggleLabel, VIDEO_CALL, type CallPart, type CallSettings, type GroupSettings, type IceServer, type OneToOneSettings } from "~/client/video/call-settings";
import { useNonce } from "../nonce";

const CALL_TEMPLATE_ID = "video-call-markup";
const TILE_TEMPLATE_ID = "video-call-tile";

const mark = (name: CallPart) => ({ [CALL_PART]: name });

type Common = {
  signalUrl: string;
  iceServers: IceServer[];
  /** The built call script's URL (loader data: clientScriptUrl("video-call")); none without a build. */
  script: string | null;
  /** What to do without video: the phone alternative, in the page's words. */
  fallback: ReactNode;
};

/** A consultation's call: the clinician's side makes the offer; the patient's answers. */
export function VideoCall({ side, extra, ...common }: Common & Pick<OneToOneSettings, "side" | "extra">) {
  const csrf = useCsrf();
  const settings: OneToOneSettings = { kind: "one-to-one", side, extra, signalUrl: common.signalUrl, iceServers: common.iceServers, csrf, templateId: CALL_TEMPLATE_ID };
  return (
    <CallContainer settings={settings} script={common.script} fallback={common.fallback}>
      <div className="nhsuk-grid-row">
        <figure className="nhsuk-grid-column-two-thirds">
          <video {...mark("remote")} playsInline className="fd-video-call__remote" />
          <figcaption className="nhsuk-body-s">The other person</figcaption>
        </figure>
        <LocalTile column="nhsuk-grid-column-one-third" />
      </div>
    </CallContainer>
  );
}

/** A group call (a mesh, decision 0123): a tile for each member whose picture comes. */
export function GroupVideoCall({ me, names, ...common }: Common & Pick<GroupSettings, "me" | "names">) {
  const csrf = useCsrf();
  const settings: GroupSettings = {
    kind: "group",
    me,
    names,
    signalUrl: common.signalUrl,
    iceServers: common.iceServers,
    csrf,
    templateId: CALL_TEMPLATE_ID,
    tileTemplateId: TILE_TEMPLATE_ID,
  };
  return (
    <>
      <CallContainer settings={settings} script={common.script} fallback={common.fallback}>
        <div className="nhsuk-grid-row" {...mark("remotes")}>
          <LocalTile column="nhsuk-grid-column-one-third" />
        </div>
      </CallContainer>
      <template id={TILE_TEMPLATE_ID}>
        <figure className="nhsuk-grid-column-one-third">
          <video {...mark("tile-video")} playsInline className="fd-video-call__remote" />
          <figcaption className="nhsuk-body-s" {...mark("tile-name")} />
        </figure>
      </template>
    </>
  );
}

function useCsrf(): string {
  return (useRouteLoaderData("root") as { csrfToken?: string } | undefined)?.csrfToken ?? "";
}

function LocalTile({ column }: { column: string }) {
  return (
    <figure className={column}>
      <video {...mark("local")} playsInline muted className="fd-video-call__local" />
      <figcaption className="nhsuk-body-s">You</figcaption>
    </figure>
  );
}

/** The fallback in the container, the call's markup (status line, pictures, buttons) in a template. */
function CallContainer({ settings, script, fallback, children }: { settings: CallSettings; script: string | null; fallback: ReactNode; children: ReactNode }) {
  const nonce = useNonce();
  return (
    <>
      <div className="fd-video-call" {...{ [VIDEO_CALL]: JSON.stringify(settings) }}>
        {fallback}
      </div>
      <template id={settings.templateId}>
        <p className="nhsuk-body-l" role="status" id="call-status" {...mark("status")}>
          {CALL_STATUS.starting}
        </p>
        {children}
        <div className="nhsuk-button-group">
          <button type="button" className="nhsuk-button nhsuk-button--secondary" {...mark("mute")}>
            {toggleLabel("audio", false)}
          </button>
          <button type="button" className="nhsuk-button nhsuk-button--secondary" {...mark("camera")}>
            {toggleLabel("video", false)}
          </button>
        </div>
      </template>
      {script ? <script src={script} nonce={nonce} defer /> : null}
    </>
  );
}
