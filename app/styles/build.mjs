// Compiles NHS.UK frontend v10 plus our own styles into public/css/main.css,
// prefixed for the browsers the product promises (package.json "browserslist").
// Sass is compiled rather than copying the shipped min.css so that our additions
// share its tokens and mixins, and autoprefixer adds -ms- grid/flex fallbacks for IE10.
import { mkdirSync, writeFileSync, cpSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as sass from "sass";
import postcss from "postcss";
import autoprefixer from "autoprefixer";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const nhsuk = join(root, "node_modules/nhsuk-frontend/dist/nhsuk");
const result = sass.compile(join(root, "app/styles/main.scss"), {
  loadPaths: [join(root, "node_modules")],
  style: "compressed",
  quietDeps: true,
  silenceDeprecations: ["import", "global-builtin", "color-functions", "slash-div", "if-function"],
});
const prefixed = await postcss([autoprefixer({ grid: "autoplace" })]).process(result.css, {
  from: undefined,
});
mkdirSync(join(root, "public/css"), { recursive: true });
writeFileSync(join(root, "public/css/main.css"), prefixed.css);
cpSync(join(nhsuk, "assets"), join(root, "public/assets"), { recursive: true });
console.log(`public/css/main.css ${(prefixed.css.length / 1024).toFixed(1)} KiB`);
