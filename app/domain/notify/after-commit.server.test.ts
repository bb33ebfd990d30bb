import { describe, expect, it } from "vitest";
import { sendAfterCommit } from "./after-commit.server";
import type { Message, Notifier } from "./notifier.server";
import { NotifySendError } from "./notify.server";
import type { TemplateName } from "./templates";

const message: Message<"proxy-link-decision"> = {
  channel: "email",
  to: "carer@example.com",
  template: "proxy-link-decision",
  values: { product: "Frontdoor", practiceName: "Riverside", decision: "approved", note: "", link: "https://frontdoor.example/carer/dependents" },
};

const notifier = (send: (message: Message<TemplateName>) => Promise<void>): Notifier => ({ send, sends: () => true });

describe("sendAfterCommit", () => {
  it("sends, and says it went", async () => {
    const sent: string[] = [];
    expect(await sendAfterCommit(notifier(async (m) => void sent.push(m.to)), message)).toBe(true);
    expect(sent).toEqual(["carer@example.com"]);
  });

  it("says it did not go when Notify refuses the address, without throwing", async () => {
    const refusing = notifier(() => Promise.reject(new NotifySendError("GOV.UK Notify refused the proxy-link-decision email: 400 ValidationError", 400, "ValidationError")));
    expect(await sendAfterCommit(refusing, message)).toBe(false);
  });

  it("passes any other error on (a bug or the database is not Notify's answer)", async () => {
    const broken = notifier(() => Promise.reject(new Error("connection terminated")));
    await expect(sendAfterCommit(broken, message)).rejects.toThrow("connection terminated");
  });
});
