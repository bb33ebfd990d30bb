import { describe, expect, it } from "vitest";
import { readFlash, setFlashCookie } from "./flash.server";

const secret = "k".repeat(40);
const requestWith = (setCookie: string) =>
  new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0] } });

describe("flash messages", () => {
  it("reads back what was set", () => {
    const cookie = setFlashCookie(secret, { kind: "success", text: "Online services linked." });
    expect(readFlash(secret, requestWith(cookie))).toEqual({ kind: "success", text: "Online services linked." });
  });

  it("ignores a flash signed with another secret", () => {
    const cookie = setFlashCookie("z".repeat(40), { kind: "success", text: "forged" });
    expect(readFlash(secret, requestWith(cookie))).toBeNull();
  });

  it("ignores a tampered payload", () => {
    const cookie = setFlashCookie(secret, { kind: "success", text: "hello" });
    const [name, value] = cookie.split(";")[0].split("=");
    const [, sig] = decodeURIComponent(value).split(".");
    const forged = Buffer.from(JSON.stringify({ kind: "success", text: "evil" })).toString("base64url");
    expect(readFlash(secret, new Request("http://x/", { headers: { Cookie: `${name}=${forged}.${sig}` } }))).toBeNull();
  });
});
