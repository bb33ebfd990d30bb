/**
 * The idle timer fetched after hydration (decision 0143): the server's HTML holds nothing of it
 * (as before, when IdleTimer rendered null until a reminder was due), so hydration matches and
 * an old browser that never hydrates shows no dialog; and the chunk it loads is the real timer.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IdleTimerAfterHydration } from "./IdleTimerAfterHydration";

describe("IdleTimerAfterHydration", () => {
  it("renders nothing on the server", () => {
    const html = renderToStaticMarkup(
      <IdleTimerAfterHydration timer={{ idleSeconds: 1800, remainingSeconds: 1800, staff: false }} productName="Frontdoor" csrfToken="t" />,
    );
    expect(html).toBe("");
  });

  it("loads the module that exports the timer component", async () => {
    const module = await import("./IdleTimer");
    expect(typeof module.IdleTimer).toBe("function");
  });
});
