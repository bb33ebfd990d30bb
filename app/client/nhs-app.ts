/**
 * Inside the NHS App, on a page that is not hydrated (decision 0155): the app's back action for
 * this page and the `data-nhsapp-page` links (components/nhs-app/integration.ts), as a plain
 * script, so these pages no longer load React and Remix's client (about 100 KB gzip) in the app
 * just for that. Each such page is a document load, so the back action is set once.
 * Without `noModule` (the core grade of decision 0125) nothing runs: the links keep their hrefs
 * and the app's back button goes back in history, as with JS off.
 */
import { nhsApp } from "~/components/nhs-app/nhsapp";
import { nhsAppPageLinks, setNhsAppBackAction } from "~/components/nhs-app/integration";

if ("noModule" in document.createElement("script")) {
  setNhsAppBackAction(nhsApp(), window.location.pathname, (path) => window.location.assign(path), window.history);
  document.addEventListener("click", nhsAppPageLinks(() => nhsApp()));
}
