import { describe, expect, it } from "vitest";
import { makeContext } from "../../../tests/support/context";
import { callLoader, getRequest, readJson } from "../../../tests/support/requests";
import { copy } from "~/copy";
import type { Db } from "~/db/client.server";
import * as atPractice from "./$practiceCode.permission-denied";
import * as permissionDenied from "./permission-denied";

const context = makeContext({} as Db);

const KNOWN_CODES = ["no_staff_role", "logout_required", "has_staff_role"] as const;

describe.each([
  ["/permission-denied", permissionDenied.loader, {}],
  ["/demo/permission-denied", atPractice.loader, { practiceCode: "demo" }],
])("%s", (path, loader, params) => {
  const load = (query: string) => callLoader(loader, { request: getRequest(`${path}${query}`), params, context });

  it("answers 403 with no error code when none is given", async () => {
    const response = await load("");
    expect(response.status).toBe(403);
    expect(await readJson(response)).toEqual({ errorCode: null });
  });

  it.each(KNOWN_CODES)("passes on the known error_code %s (with 403)", async (code) => {
    const response = await load(`?error_code=${code}`);
    expect(response.status).toBe(403);
    expect(await readJson(response)).toEqual({ errorCode: code });
  });

  it.each(["unknown", "NO_STAFF_ROLE", "no_staff_role ", "__proto__", "constructor", "toString", "<script>", ""])(
    "drops any other error_code (%j), still 403",
    async (code) => {
      const response = await load(`?error_code=${encodeURIComponent(code)}`);
      expect(response.status).toBe(403);
      expect(await readJson(response)).toEqual({ errorCode: null });
    },
  );

  it("uses the first error_code when several are given", async () => {
    const response = await load("?error_code=has_staff_role&error_code=no_staff_role");
    expect(await readJson(response)).toEqual({ errorCode: "has_staff_role" });
  });
});

it("has a text for exactly the three known error codes", () => {
  expect(Object.keys(copy.permissionDenied).sort()).toEqual([...KNOWN_CODES].sort());
});
