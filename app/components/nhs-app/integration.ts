/**
 * Inside the NHS App, with JS (spec 2 §2.4, decision 0084): the app's back action for the page
 * shown, and links marked `data-nhsapp-page` opening the app's own page through `goToPage` rather
 * than the web address in their href (without JS the links still work). One implementation for
 * both ways a page runs script: NhsAppIntegration (React, hydrated pages, client navigation) and
 * the plain nhs-app script (app/client/nhs-app.ts, pages that are not hydrated; decision 0155).
 */
import { APP_PAGES, nhsAppBackAction, type AppPage } from "~/domain/nhs-login/nhs-app";
import type { NhsAppApi } from "./nhsapp";

/** Sets the back action for `pathname`; returns what clears it. `go` opens one of our paths. */
export function setNhsAppBackAction(api: NhsAppApi, pathname: string, go: (path: string) => void, history: Pick<History, "back">): () => void {
  const action = nhsAppBackAction(pathname);
  api.navigation.setBackAction(() => {
    if (action.kind === "app_page") api.navigation.goToPage(api.navigation.AppPage[action.page]);
    else if (action.kind === "path") go(action.path);
    else history.back();
  });
  return () => api.navigation.clearBackAction();
}

/** A document click handler: a plain left click on a `data-nhsapp-page` link opens that app page. */
export function nhsAppPageLinks(api: () => NhsAppApi): (event: MouseEvent) => void {
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element | null;
    const link = target && typeof target.closest === "function" ? target.closest("a[data-nhsapp-page]") : null;
    const page = link ? link.getAttribute("data-nhsapp-page") : null;
    if (!page || (APP_PAGES as readonly string[]).indexOf(page) < 0) return;
    event.preventDefault();
    api().navigation.goToPage(page as AppPage);
  };
}
