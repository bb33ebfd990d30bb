import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { REPLY_MESSAGES, visibleLength } from "./reply-form";
import { replySchema } from "./reply-schema.server";

function parse(fields: Record<string, string>, hasFiles = false) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return parseWithZod(form, { schema: replySchema({ hasFiles }) }) as { status?: string; error?: unknown; value?: unknown };
}

describe("reply form", () => {
  it("needs text unless a file comes with it", () => {
    expect(parse({ body: "  " }).error).toEqual({ body: [REPLY_MESSAGES.empty] });
    expect(parse({}, true).status).toBe("success");
    expect(parse({ body: "Thank you", sensitive: "on" })).toMatchObject({ status: "success", value: { body: "Thank you", sensitive: true } });
  });

  it("counts characters without HTML tags, up to 2000", () => {
    expect(visibleLength("<b>bold</b>")).toBe(4);
    expect(parse({ body: `<p>${"a".repeat(2000)}</p>` }).status).toBe("success");
    expect(parse({ body: "a".repeat(2001) }).error).toEqual({ body: ["The message field may not be greater than 2000 characters."] });
  });

  it("keeps the text as typed", () => {
    expect(parse({ body: "  <script>alert(1)</script> & more\r\n" }).value).toEqual({ body: "  <script>alert(1)</script> & more\r\n" });
  });
});
