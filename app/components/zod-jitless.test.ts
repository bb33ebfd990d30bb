import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { ZOD_JITLESS_SCRIPT } from "./zod-jitless";

/**
 * What a page does, in a Node process of its own: the inline script runs first (window is the
 * global), then zod loads. Not in the test's own process: test files share their worker's
 * modules (vitest `isolate: false`), so zod is usually loaded already and has made its own
 * settings object before this file runs.
 */
function onAFreshPage(check: string): string {
  const zodUrl = pathToFileURL(createRequire(import.meta.url).resolve("zod")).href;
  const code = `
    globalThis.window = globalThis;
    ${ZOD_JITLESS_SCRIPT}
    let functionsMade = 0;
    const RealFunction = Function;
    globalThis.Function = new Proxy(RealFunction, { construct(target, args) { functionsMade++; return Reflect.construct(target, args); }, apply(target, self, args) { functionsMade++; return Reflect.apply(target, self, args); } });
    const { z } = await import(${JSON.stringify(zodUrl)});
    ${check}
  `;
  return execFileSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" }).trim();
}

describe("the page's zod setting (no eval under the CSP)", () => {
  it("makes zod jitless: schemas are built and used without `new Function`", () => {
    const out = onAFreshPage(`
      const schema = z.object({ name: z.string(), age: z.number().int() });
      const parsed = schema.parse({ name: "Sam", age: 40 });
      const refused = !schema.safeParse({ name: "Sam" }).success;
      console.log(JSON.stringify({ jitless: z.config().jitless, parsed, refused, functionsMade }));
    `);
    expect(JSON.parse(out)).toEqual({ jitless: true, parsed: { name: "Sam", age: 40 }, refused: true, functionsMade: 0 });
  });

  it("is the global zod reads (a zod upgrade that moved it would fail here)", () => {
    expect(onAFreshPage(`console.log(z.config() === globalThis.__zod_globalConfig);`)).toBe("true");
  });

  it("without the script zod does make functions (so the first test can fail)", () => {
    const code = `
      let functionsMade = 0;
      globalThis.Function = new Proxy(Function, { construct(t, a) { functionsMade++; return Reflect.construct(t, a); } });
      const { z } = await import(${JSON.stringify(pathToFileURL(createRequire(import.meta.url).resolve("zod")).href)});
      const schema = z.object({ name: z.string(), age: z.number().int() });
      schema.parse({ name: "Sam", age: 40 });
      console.log(functionsMade > 0);
    `;
    expect(execFileSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" }).trim()).toBe("true");
  });
});
