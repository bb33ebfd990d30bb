import { useNavigate, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { APP_PAGES, nhsAppBackAction, type AppPage } from "~/domain/nhs-login/nhs-app";
import { nhsApp } from "./nhsapp";

/**
 * Inside the NHS App, with JS: the app's back action follows spec 2 §2.4 for the page shown
 * (nhsAppBackAction), and links marked `data-nhsapp-page` open the app's own page through
 * `goToPage` rather than the web address in their href. Without JS the links still work.
 */
export function NhsAppIntegration() {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const api = nhsApp();
    const action = nhsAppBackAction(pathname);
    api.navigation.setBackAction(() => {
      if (action.kind === "app_page") api.navigation.goToPage(api.navigation.AppPage[action.page]);
      else if (action.kind === "path") navigate(action.path);
      else window.history.back();
    });
    return () => api.navigation.clearBackAction();
  }, [pathname, navigate]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[data-nhsapp-page]");
      const page = link?.getAttribute("data-nhsapp-page");
      if (!page || !(APP_PAGES as readonly string[]).includes(page)) return;
      event.preventDefault();
      nhsApp().navigation.goToPage(page as AppPage);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  return null;
}
