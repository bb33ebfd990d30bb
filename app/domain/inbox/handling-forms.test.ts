import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { HandlingSchema } from "./handling-forms";

const parse = (fields: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  const submission = parseWithZod(form, { schema: HandlingSchema });
  return { status: submission.status, error: submission.status === "error" ? submission.error : undefined };
};

describe("HandlingSchema", () => {
  it("accepts each intent with its fields", () => {
    expect(parse({ intent: "assign", version: "3", assignee: "12" }).status).toBe("success");
    expect(parse({ intent: "assign", version: "3", assignee: "unassigned" }).status).toBe("success");
    expect(parse({ intent: "comment", body: "Seen", snomed: ["195967001", "38341003"] }).status).toBe("success");
    expect(parse({ intent: "complete", version: "0" }).status).toBe("success");
  });

  it("gives the messages staff read", () => {
    expect(parse({ intent: "reply", version: "1", body: "  " }).error).toEqual({ body: ["Enter a message to the patient"] });
    expect(parse({ intent: "reject", version: "1", reason: "" }).error).toEqual({ reason: ["Enter a reason for rejecting this request"] });
    expect(parse({ intent: "reply", version: "1", body: "x".repeat(2001) }).error).toEqual({ body: ["The message field may not be greater than 2000 characters."] });
    // Tags do not count toward the limit.
    expect(parse({ intent: "reply", version: "1", body: `<b>${"x".repeat(2000)}</b>` }).status).toBe("success");
  });

  it("refuses unknown intents and bad ids", () => {
    expect(parse({ intent: "explode" }).status).toBe("error");
    expect(parse({ intent: "assign", version: "1", assignee: "1; drop" }).status).toBe("error");
  });
});
