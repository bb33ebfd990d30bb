/**
 * The yardstick of the request load bench, in a process of its own like the app: plain
 * Express answering every GET with the HTML bytes captured from Frontdoor's page, and every
 * form POST (body parsed, as Remix does) with a 303 back, the same mix Frontdoor serves.
 *
 *   BARE_HTML_FILE=/tmp/page.html PORT=4000 node --import tsx bench/bare-server.ts
 */
import { readFileSync } from "node:fs";
import express from "express";

const html = readFileSync(process.env.BARE_HTML_FILE ?? "", "utf8");
const app = express();
app.use(express.urlencoded({ extended: false, limit: "1mb" }));
app.get("*", (_req, res) => {
  res.type("html").send(html);
});
app.post("*", (req, res) => {
  res.redirect(303, req.path);
});
const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
server.keepAliveTimeout = 65_000;
process.on("SIGTERM", () => server.close(() => process.exit(0)));
