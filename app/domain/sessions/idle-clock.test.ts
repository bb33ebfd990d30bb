import { describe, expect, it } from "vitest";
import {
  activityCounts,
  CHECK_INTERVAL_MS,
  expiredLoginHref,
  fromServer,
  keepAliveDue,
  keepAliveGap,
  loggedOutElsewhere,
  nextCheckDelay,
  parseStamp,
  readIdleClock,
} from "./idle-clock";

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const s = (seconds: number) => T0 + seconds * 1000;

describe("readIdleClock (patients: 600 s)", () => {
  const at = (seconds: number, serverDeadline?: number | null) =>
    readIdleClock({ lastActivity: T0, now: s(seconds), idleSeconds: 600, serverDeadline });

  it("is active until 60 s before the deadline, and says when that is", () => {
    expect(at(0)).toEqual({ state: "active", deadline: s(600), msUntilChange: 540_000 });
    expect(at(539.999).state).toBe("active");
    expect(at(539.999).msUntilChange).toBe(1);
  });

  it("reminds for the last 60 s", () => {
    expect(at(540)).toEqual({ state: "remind", deadline: s(600), msUntilChange: 60_000 });
    expect(at(599).msUntilChange).toBe(1000);
  });

  it("expires at the deadline and never changes after", () => {
    expect(at(600)).toEqual({ state: "expired", deadline: s(600), msUntilChange: Infinity });
    expect(at(5000).state).toBe("expired");
  });

  it("follows the server's deadline when it is sooner than the activity one", () => {
    expect(at(0, s(300))).toEqual({ state: "active", deadline: s(300), msUntilChange: 240_000 });
    expect(at(250, s(300)).state).toBe("remind");
    expect(at(300, s(300)).state).toBe("expired");
    // A later server deadline does not keep an idle user in.
    expect(at(600, s(900)).state).toBe("expired");
  });

  it("staff with idle_timeout 30: 29 minutes, reminder at 28", () => {
    const staff = (seconds: number) => readIdleClock({ lastActivity: T0, now: s(seconds), idleSeconds: 29 * 60 });
    expect(staff(28 * 60 - 1).state).toBe("active");
    expect(staff(28 * 60).state).toBe("remind");
    expect(staff(29 * 60).state).toBe("expired");
  });

  it("a timeout of a minute or less reminds at once", () => {
    expect(readIdleClock({ lastActivity: T0, now: T0, idleSeconds: 60 }).state).toBe("remind");
  });
});

describe("nextCheckDelay", () => {
  it("looks again at the next change, but at least every 10 s", () => {
    const idle = (seconds: number) => readIdleClock({ lastActivity: T0, now: s(seconds), idleSeconds: 600 });
    expect(nextCheckDelay(idle(0))).toBe(CHECK_INTERVAL_MS);
    expect(nextCheckDelay(idle(535))).toBe(5000);
    expect(nextCheckDelay(idle(595))).toBe(5000);
    expect(nextCheckDelay(idle(700))).toBe(CHECK_INTERVAL_MS);
  });
});

describe("activityCounts", () => {
  it("counts passive activity only while no reminder shows", () => {
    const read = (seconds: number) => readIdleClock({ lastActivity: T0, now: s(seconds), idleSeconds: 600 });
    expect(activityCounts(read(100))).toBe(true);
    expect(activityCounts(read(550))).toBe(false);
    expect(activityCounts(read(600))).toBe(false);
  });
});

describe("keepAliveDue", () => {
  const base = { lastContact: T0, idleSeconds: 600 };

  it("is never due without activity since the server last heard from the page", () => {
    expect(keepAliveDue({ ...base, lastActivity: T0, now: s(500) })).toBe(false);
    expect(keepAliveDue({ ...base, lastActivity: s(-5), now: s(500) })).toBe(false);
  });

  it("is due a minute after the last contact once the user has been active", () => {
    expect(keepAliveDue({ ...base, lastActivity: s(10), now: s(59) })).toBe(false);
    expect(keepAliveDue({ ...base, lastActivity: s(10), now: s(60) })).toBe(true);
  });

  it("is due sooner when the server's deadline is closing in on an active user", () => {
    const input = { lastContact: T0, idleSeconds: 600, lastActivity: s(5), serverDeadline: s(80) };
    expect(keepAliveDue({ ...input, now: s(10) })).toBe(false); // within 15 s of the last contact
    expect(keepAliveDue({ ...input, now: s(20) })).toBe(true);
  });

  it("keeps short timeouts refreshed well before their reminder", () => {
    expect(keepAliveGap(600)).toBe(60_000);
    expect(keepAliveGap(29 * 60)).toBe(60_000);
    expect(keepAliveGap(120)).toBe(25_000);
    expect(keepAliveGap(60)).toBe(15_000);
  });
});

describe("fromServer", () => {
  it("turns the seconds left into a deadline, and the server's last refresh into activity", () => {
    expect(fromServer({ receivedAt: T0, remainingSeconds: 590, idleSeconds: 600 })).toEqual({
      serverDeadline: s(590),
      activityFloor: s(-10),
    });
  });

  it("clamps nonsense and handles sessions with no idle deadline", () => {
    expect(fromServer({ receivedAt: T0, remainingSeconds: 9999, idleSeconds: 600 }).serverDeadline).toBe(s(600));
    expect(fromServer({ receivedAt: T0, remainingSeconds: -3, idleSeconds: 600 }).serverDeadline).toBe(T0);
    expect(fromServer({ receivedAt: T0, remainingSeconds: null, idleSeconds: 600 })).toEqual({
      serverDeadline: null,
      activityFloor: T0,
    });
  });

  it("a page left alone logs out exactly when the server would", () => {
    const { serverDeadline, activityFloor } = fromServer({ receivedAt: T0, remainingSeconds: 588, idleSeconds: 600 });
    // The page started a moment after the server answered; the server's deadline rules.
    const reading = readIdleClock({ lastActivity: Math.max(T0 + 300, activityFloor), now: s(588), idleSeconds: 600, serverDeadline });
    expect(reading.state).toBe("expired");
    expect(reading.deadline).toBe(s(588));
  });
});

describe("storage flags", () => {
  it("reads only plain time stamps", () => {
    expect(parseStamp(String(T0))).toBe(T0);
    for (const junk of [null, undefined, "", "true", "-1", "1e12", "12abc", "9".repeat(16)]) expect(parseStamp(junk)).toBeNull();
  });

  it("a logout in another tab counts only if it happened after this page started", () => {
    expect(loggedOutElsewhere(null, T0)).toBe(false);
    expect(loggedOutElsewhere(s(-1), T0)).toBe(false);
    expect(loggedOutElsewhere(T0, T0)).toBe(true);
    expect(loggedOutElsewhere(s(30), T0)).toBe(true);
  });
});

describe("expiredLoginHref", () => {
  it("asks for sign-in with the idle message and the way back", () => {
    expect(expiredLoginHref("/demo/message?step=2&x=a b")).toBe("/login?expired=1&redirect=%2Fdemo%2Fmessage%3Fstep%3D2%26x%3Da+b");
  });
});
