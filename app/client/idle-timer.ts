/**
 * Idle-logout comfort (spec 1 §4; WCAG 2.2.1), as a plain classic script on every signed-in
 * page, hydrated or not (decision 0145): a reminder 60 s before the server would end the
 * session, logout at the deadline, and a logged-out dialog when another tab logged out. The
 * server enforces the deadline whatever happens here; the arithmetic is in idle-clock.ts.
 *
 * Built by scripts/build-client-scripts.mjs into public/build/idle-timer-<hash>.js (ES5 syntax,
 * so the minimum browsers of decision 0125 parse it) and linked by the root with the CSP nonce.
 * It reads its settings from its own `data-*` attributes. On a hydrated page the root tells it
 * about fresh loader data (a client navigation or a form is activity and a new word on the
 * deadline) through `window.frontdoorIdleTimer` (app/components/idle-timer-script.tsx).
 *
 * Tabs share the session cookie, so they share the clock through localStorage flags named
 * as in the spec: `active` (last activity), `remind` (a reminder is showing) and
 * `loggedOut` (a tab logged out). Without usable storage (a locked-down or private
 * browser) nothing runs: an idle tab could not see activity in another and would end the
 * session under it, so the server's enforcement is left on its own.
 */
import {
  activityCounts,
  expiredLoginHref,
  fromServer,
  keepAliveDue,
  loggedOutElsewhere,
  nextCheckDelay,
  parseStamp,
  readIdleClock,
  type IdleClockReading,
} from "~/domain/sessions/idle-clock";
import { IDLE_TIMER_GLOBAL, parseIdleTimerSettings, type IdleTimerHandle, type IdleTimerSettings } from "./idle-timer-settings";

type View = "none" | "remind" | "loggedOut";
type KeepAliveReply = { signedIn: true; remainingSeconds: number | null } | { signedIn: false };

const ACTIVITY_EVENTS = ["mousemove", "mousedown", "keydown", "click", "scroll", "touchstart", "wheel"] as const;
/** Activity is written to storage at most this often; other tabs read it every check. */
const SHARE_ACTIVITY_EVERY_MS = 5_000;
/** A keep-alive that has not answered by then is abandoned (and retried at the next check). */
const KEEP_ALIVE_TIMEOUT_MS = 10_000;
/** At the deadline with a keep-alive on its way, look again this soon. */
const KEEP_ALIVE_WAIT_MS = 250;
/** A hidden tab at the deadline waits this long for a visible tab to log out first. */
const HIDDEN_TAB_GRACE_MS = 3_000;

/**
 * The browsers of decision 0125's core grade (IE10 and 11, Chrome before 61 …) get no client JS:
 * they have no `noModule`, and this script does nothing there, as the module bundle would not run.
 */
function enhancedBrowser(): boolean {
  return "noModule" in document.createElement("script") && typeof window.fetch === "function";
}

function start(script: HTMLScriptElement) {
  const existing = (window as unknown as Record<string, IdleTimerHandle | undefined>)[IDLE_TIMER_GLOBAL];
  if (existing) return;
  const settings = parseIdleTimerSettings(script.dataset);
  if (!settings) return;
  const storage = usableStorage();
  if (!storage) return;
  const view = new DialogView(settings);
  const watch = new IdleWatch(storage, settings.idleSeconds, (next) => view.show(next), () => logOutForInactivity(view.csrfToken));
  view.onStay = () => watch.stay();
  const handle: IdleTimerHandle = {
    serverSaid: (next) => {
      view.csrfToken = next.csrfToken;
      watch.serverSaid(next.remainingSeconds, Date.now());
    },
    stop: () => {
      watch.stop();
      view.show("none");
      delete (window as unknown as Record<string, IdleTimerHandle | undefined>)[IDLE_TIMER_GLOBAL];
    },
  };
  (window as unknown as Record<string, IdleTimerHandle | undefined>)[IDLE_TIMER_GLOBAL] = handle;
  watch.start();
  watch.serverSaid(settings.remainingSeconds, initialRequestTime());
}

/**
 * The reminder and the logged-out notice: a modal <dialog> where the browser has one;
 * elsewhere (Firefox before 98, Safari before 15.4) a fixed panel with the same roles. Built
 * only when due, so the server's HTML never holds a dialog. Escape on the reminder counts as
 * "Stay signed in"; on the logged-out notice it does nothing (there is nothing to go back to).
 */
class DialogView {
  csrfToken: string;
  onStay: () => void = () => undefined;
  private current: HTMLElement | null = null;

  constructor(private readonly settings: IdleTimerSettings) {
    this.csrfToken = settings.csrfToken;
  }

  show(view: View) {
    this.close();
    if (view === "remind") this.open(this.reminder(), true);
    else if (view === "loggedOut") this.open(this.loggedOut(), false);
  }

  private reminder(): HTMLElement[] {
    const form = element("form", { method: "post", action: "/logout", className: "nhsuk-button-group" });
    const csrf = element("input", { type: "hidden", name: "csrf", value: this.csrfToken });
    // One form, so both buttons sit in the button group; only "Log out" submits it.
    const stay = element("button", { type: "button", className: "nhsuk-button" }, "Stay signed in");
    stay.addEventListener("click", () => this.onStay());
    const logOut = element("button", { type: "submit", className: "nhsuk-button nhsuk-button--secondary" }, "Log out");
    form.appendChild(csrf);
    form.appendChild(stay);
    form.appendChild(logOut);
    return [
      element("h2", { className: "nhsuk-heading-m", id: "idle-reminder-title" }, "You will be logged out soon"),
      element(
        "p",
        { className: "nhsuk-body", id: "idle-reminder-text" },
        "For your security, we will log you out in 1 minute because you have not done anything for a while. Anything you have not sent will be lost.",
      ),
      form,
    ];
  }

  private loggedOut(): HTMLElement[] {
    const here = window.location.pathname + window.location.search;
    return [
      element("h2", { className: "nhsuk-heading-m", id: "idle-logged-out-title" }, "You have been logged out"),
      element("p", { className: "nhsuk-body", id: "idle-logged-out-text" }, this.settings.loggedOutText),
      element("a", { className: "nhsuk-button", href: `/login?${new URLSearchParams({ redirect: here })}` }, "Log in"),
    ];
  }

  private open(children: HTMLElement[], reminding: boolean) {
    const id = reminding ? "idle-reminder" : "idle-logged-out";
    const native = typeof window.HTMLDialogElement === "function" && typeof window.HTMLDialogElement.prototype.showModal === "function";
    const box = element(native ? "dialog" : "div", { className: "app-dialog" });
    box.setAttribute("role", "alertdialog");
    box.setAttribute("aria-modal", "true");
    box.setAttribute("aria-labelledby", `${id}-title`);
    box.setAttribute("aria-describedby", `${id}-text`);
    for (const child of children) box.appendChild(child);
    if (native) {
      box.addEventListener("cancel", (event) => {
        event.preventDefault();
        if (reminding) this.onStay();
      });
    } else {
      // Styles set from script (CSSOM) are allowed by the CSP; style attributes in HTML are not.
      Object.assign(box.style, { position: "fixed", top: "10%", left: "50%", transform: "translateX(-50%)", zIndex: "1000", background: "#fff" });
    }
    document.body.appendChild(box);
    this.current = box;
    if (native) (box as HTMLDialogElement).showModal();
    else box.querySelector<HTMLElement>("button, a")?.focus();
  }

  private close() {
    const box = this.current;
    this.current = null;
    if (!box) return;
    if (box instanceof HTMLElement && "open" in box && (box as HTMLDialogElement).open) (box as HTMLDialogElement).close();
    box.remove();
  }
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>>, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The page's side of the clock: listens for activity, shares it with other tabs, keeps the
 * server's session alive while the user is busy, and decides what shows.
 */
class IdleWatch {
  private lastActivity: number;
  private lastContact: number;
  private serverDeadline: number | null = null;
  private readonly startedAt = Date.now();
  private lastShared = 0;
  private timeout: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private keepAliveInFlight = false;
  private waitedWhileHidden = false;
  private reminding = false;

  constructor(
    private readonly storage: Storage,
    private readonly idleSeconds: number,
    private readonly show: (view: View) => void,
    private readonly logOut: () => void,
  ) {
    this.lastActivity = this.startedAt;
    this.lastContact = this.startedAt;
  }

  start() {
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, this.onActivity, { capture: true, passive: true });
    window.addEventListener("storage", this.onStorage);
    document.addEventListener("visibilitychange", this.tick);
    this.tick();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timeout);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, this.onActivity, { capture: true });
    window.removeEventListener("storage", this.onStorage);
    document.removeEventListener("visibilitychange", this.tick);
  }

  /**
   * The server's word on the session. Page data follows a navigation or a form, which is
   * activity; a keep-alive answer is not (it only reports activity already counted), or the
   * heartbeat would stretch the idle time by up to a minute.
   */
  serverSaid(remainingSeconds: number | null, receivedAt: number, from: "page" | "keep-alive" = "page") {
    const { serverDeadline, activityFloor } = fromServer({ receivedAt, remainingSeconds, idleSeconds: this.idleSeconds });
    this.serverDeadline = serverDeadline;
    this.lastContact = Math.max(this.lastContact, receivedAt);
    if (from === "page") this.noteActivity(activityFloor);
    this.tick();
  }

  /** "Stay signed in": counts even while the reminder shows, and asks the server at once. */
  stay = () => {
    this.noteActivity(Date.now(), true);
    this.keepAlive();
  };

  private onActivity = () => {
    if (this.stopped || !activityCounts(this.read(Date.now()))) return;
    this.noteActivity(Date.now());
  };

  private onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === "active" || event.key === "remind" || event.key === "loggedOut") this.tick();
  };

  private noteActivity(at: number, shareNow = false) {
    if (at <= this.lastActivity) return;
    this.lastActivity = at;
    if (shareNow || at - this.lastShared >= SHARE_ACTIVITY_EVERY_MS) {
      this.lastShared = at;
      if ((this.stamp("active") ?? 0) < at) this.put("active", at);
    }
  }

  private read(now: number): IdleClockReading {
    const shared = this.stamp("active");
    if (shared !== null && shared > this.lastActivity && shared <= now) this.lastActivity = shared;
    return readIdleClock({ lastActivity: this.lastActivity, now, idleSeconds: this.idleSeconds, serverDeadline: this.serverDeadline });
  }

  private tick = () => {
    clearTimeout(this.timeout);
    if (this.stopped) return;
    const now = Date.now();
    if (loggedOutElsewhere(this.stamp("loggedOut"), this.startedAt)) {
      this.stopped = true;
      this.show("loggedOut");
      return;
    }
    const reading = this.read(now);
    if (reading.state === "expired") {
      // "Stay signed in" a moment before the deadline: the server's answer decides.
      if (this.keepAliveInFlight) {
        this.timeout = setTimeout(this.tick, KEEP_ALIVE_WAIT_MS);
        return;
      }
      // A hidden tab gives a visible one the chance to log out first and leaves itself
      // the logged-out dialog; if nobody does within the grace, it logs out itself.
      if (document.visibilityState === "hidden" && !this.waitedWhileHidden) {
        this.waitedWhileHidden = true;
        this.timeout = setTimeout(this.tick, HIDDEN_TAB_GRACE_MS);
        return;
      }
      this.stopped = true;
      this.put("loggedOut", now);
      this.remove("remind");
      this.logOut();
      return;
    }
    this.waitedWhileHidden = false;
    const reminding = reading.state === "remind";
    if (reminding !== this.reminding) {
      this.reminding = reminding;
      if (reminding) this.put("remind", reading.deadline);
      else this.remove("remind");
      this.show(reminding ? "remind" : "none");
    }
    // Also while reminding: "Stay signed in" in another tab is activity this tab has not
    // yet told the server about, and only the server's answer moves this tab's deadline.
    const due = keepAliveDue({
      lastActivity: this.lastActivity,
      lastContact: this.lastContact,
      now,
      idleSeconds: this.idleSeconds,
      serverDeadline: this.serverDeadline,
    });
    if (due) this.keepAlive();
    this.timeout = setTimeout(this.tick, nextCheckDelay(reading));
  };

  // Promise chains, not async/await: the ES5 build would carry a generator runtime for them.
  private keepAlive() {
    if (this.keepAliveInFlight) return;
    this.keepAliveInFlight = true;
    const sentAt = Date.now();
    const abort = new AbortController();
    const giveUp = setTimeout(() => abort.abort(), KEEP_ALIVE_TIMEOUT_MS);
    fetch("/session/keep-alive", {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      signal: abort.signal,
    })
      .then((response): Promise<KeepAliveReply | null> | null => {
        if (this.stopped) return null;
        if (response.status === 401) {
          // The session is gone (it ran out, or a logout elsewhere): so it is for every tab.
          this.stopped = true;
          this.put("loggedOut", Date.now());
          this.show("loggedOut");
          return null;
        }
        return response.ok ? (response.json() as Promise<KeepAliveReply>) : null;
      })
      .then((reply) => {
        if (reply && reply.signedIn && !this.stopped) this.serverSaid(reply.remainingSeconds, sentAt, "keep-alive");
      })
      .catch(() => {
        // Offline or refused: the next check tries again, and the server still decides.
      })
      .then(() => {
        clearTimeout(giveUp);
        this.keepAliveInFlight = false;
      });
  }

  private stamp(key: string): number | null {
    try {
      return parseStamp(this.storage.getItem(key));
    } catch {
      return null;
    }
  }

  private put(key: string, value: number) {
    try {
      this.storage.setItem(key, String(value));
    } catch {
      // Full or revoked: this tab carries on alone.
    }
  }

  private remove(key: string) {
    try {
      this.storage.removeItem(key);
    } catch {
      // As above.
    }
  }
}

/** localStorage that really works: it throws when blocked, and on write in old private modes. */
function usableStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    const probe = "frontdoor-storage-probe";
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/**
 * When this page's request left (navigation timing): the server counted the remaining
 * seconds after that, so starting the count here errs towards warning early, never late.
 */
function initialRequestTime(): number {
  try {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    if (navigation && navigation.requestStart > 0) return Math.min(Date.now(), performance.timeOrigin + navigation.requestStart);
  } catch {
    // No navigation timing: fall back to now.
  }
  return Date.now();
}

/**
 * Ends the session, then asks for sign-in with the idle message and a way back here.
 * POST /logout first so the session is gone for certain: the server's own deadline may be
 * a moment later than ours, and merely reloading the page would count as activity.
 */
function logOutForInactivity(csrfToken: string) {
  const back = window.location.pathname + window.location.search;
  const signIn = () => window.location.assign(expiredLoginHref(back));
  // Sign-in comes next whether or not the post went through.
  fetch("/logout", {
    method: "POST",
    credentials: "same-origin",
    body: new URLSearchParams({ csrf: csrfToken }),
    redirect: "manual",
  }).then(signIn, signIn);
}

// The script runs once where it is linked (deferred, before the page's modules) or where the
// root inserts it after a client-side sign-in.
const script = document.currentScript;
if (script instanceof HTMLScriptElement && enhancedBrowser()) start(script);
