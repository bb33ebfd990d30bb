// `npm run build` step (decision 0145): the plain classic scripts that run on pages with or
// without Remix's client runtime: the idle-logout timer, the request steps' dialogs, the NHS
// App's back action and page links on pages that are not hydrated, the other patient pages'
// comforts and the video calls (app/client/).
// Remix's compiler only makes module scripts for hydrated pages, so these are bundled here:
// - ES5 syntax (esbuild bundles and minifies, TypeScript lowers what esbuild 0.17 cannot, such
//   as classes and `const`), so the minimum browsers of decision 0125 parse the file and its
//   own feature check (`noModule`) makes it do nothing there;
// - named by a hash of their content under public/build/_client/, served immutable like the rest
//   of /build; the names are written to build/client-scripts.json for the server
//   (app/web/shell/client-scripts.server.ts).
import { createHash } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(join(root, "package.json"));
// The esbuild Remix itself builds with (as scripts/client-target.mjs).
const esbuild = createRequire(require.resolve("@remix-run/dev/package.json"))("esbuild");
const ts = require("typescript");

/** Script name → its entry module. */
export const CLIENT_SCRIPTS = { "idle-timer": "app/client/idle-timer.ts", "request-dialogs": "app/client/request-dialogs.ts", "nhs-app": "app/client/nhs-app.ts", "page-comforts": "app/client/page-comforts.ts", "video-call": "app/client/video-call.ts" };

const outDir = join(root, "public/build/_client");
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const names = {};
for (const [name, entry] of Object.entries(CLIENT_SCRIPTS)) {
  const bundled = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2017",
    // `~/…` resolves through tsconfig.json's paths.
    tsconfig: join(root, "tsconfig.json"),
    legalComments: "none",
  });
  const es2017 = bundled.outputFiles[0].text;
  const es5 = ts.transpileModule(es2017, {
    compilerOptions: { target: ts.ScriptTarget.ES5, module: ts.ModuleKind.None, lib: ["lib.es2017.d.ts", "lib.dom.d.ts"], removeComments: true },
  }).outputText;
  // TypeScript's helpers (__awaiter, …) sit at the top level: wrapped, they stay off `window`.
  const minified = (await esbuild.transform(`(function () {\n${es5}\n})();\n`, { loader: "js", target: "es5", minify: true, legalComments: "none" })).code;
  const hash = createHash("sha256").update(minified).digest("hex").slice(0, 8).toUpperCase();
  const file = `${name}-${hash}.js`;
  writeFileSync(join(outDir, file), minified);
  names[name] = `/build/_client/${file}`;
  console.log(`client script ${names[name]}: ${(minified.length / 1024).toFixed(1)} KiB`);
}
mkdirSync(join(root, "build"), { recursive: true });
writeFileSync(join(root, "build/client-scripts.json"), `${JSON.stringify(names, null, 2)}\n`);
