/**
 * The NHS App's JavaScript API (its "JS API v2": `nhsapp.tools` and `nhsapp.navigation`), as
 * a small local module rather than the app's own script from its site: the same interface, so
 * pages call `nhsapp.navigation.goToPage(nhsapp.navigation.AppPage.MESSAGES)` as the app's
 * documentation shows. When the app has put its own `window.nhsapp` on the page, that one is
 * used. Otherwise the calls go to the webview's native bridge (Android's `nhsappNative`
 * object, iOS's `webkit.messageHandlers`), and with no bridge at all (a browser that only
 * claims the app's user agent) to the NHS App's web pages. Decision 0084.
 */
import { APP_PAGES, type AppPage } from "~/domain/nhs-login/nhs-app";

export type NhsAppApi = {
  tools: {
    isOpenInNHSApp(): boolean;
    getAppPlatform(): "ios" | "android" | "none";
  };
  navigation: {
    AppPage: Readonly<Record<AppPage, AppPage>>;
    setBackAction(backAction: () => void): void;
    clearBackAction(): void;
    goToHomePage(): void;
    goToPage(appPage: AppPage): void;
  };
};

type Bridge = (method: string, argument?: string) => boolean;

type NativeWindow = Window & {
  nhsapp?: NhsAppApi;
  nhsappNative?: Record<string, ((argument?: string) => void) | undefined>;
  webkit?: { messageHandlers?: Record<string, { postMessage(message: string): void } | undefined> };
};

/** The NHS App's web pages, for a browser with no native bridge. */
export const NHS_APP_WEB = "https://www.nhsapp.service.nhs.uk/patient/";
const WEB_PAGES: Partial<Record<AppPage, string>> = { MESSAGES: "messages", YOUR_HEALTH: "your-health", SERVICES: "services", ACCOUNT: "account" };

export function platformOf(userAgent: string): "ios" | "android" | "none" {
  const found = /(?:^|[\s(;])nhsapp-(ios|android)\/[0-9]/i.exec(userAgent);
  return found ? (found[1]!.toLowerCase() as "ios" | "android") : "none";
}

function nativeBridge(win: NativeWindow): Bridge {
  return (method, argument) => {
    const android = win.nhsappNative?.[method];
    if (typeof android === "function") {
      android.call(win.nhsappNative, argument);
      return true;
    }
    const ios = win.webkit?.messageHandlers?.[method];
    if (ios) {
      ios.postMessage(argument ?? "");
      return true;
    }
    return false;
  };
}

/** The local implementation of the API over a window (tests give a stand-in). */
export function createNhsApp(win: NativeWindow): NhsAppApi & { navigation: { executeBackAction(): void } } {
  const bridge = nativeBridge(win);
  let backAction: (() => void) | null = null;
  const platform = () => platformOf(win.navigator.userAgent);
  const goToPage = (page: AppPage) => {
    if (bridge("goToPage", page)) return;
    win.location.assign(`${NHS_APP_WEB}${WEB_PAGES[page] ?? ""}`);
  };
  return {
    tools: { isOpenInNHSApp: () => platform() !== "none", getAppPlatform: platform },
    navigation: {
      AppPage: Object.fromEntries(APP_PAGES.map((p) => [p, p])) as Record<AppPage, AppPage>,
      setBackAction(action) {
        backAction = action;
        // The app calls nhsapp.navigation.executeBackAction() on its back button or swipe.
        bridge("setBackAction", "nhsapp.navigation.executeBackAction");
      },
      clearBackAction() {
        backAction = null;
        bridge("clearBackAction");
      },
      executeBackAction() {
        if (backAction) backAction();
        else win.history.back();
      },
      goToHomePage: () => goToPage("HOME_PAGE"),
      goToPage,
    },
  };
}

/** The page's `nhsapp`: the app's own when it provides one, else this module's, made once. */
export function nhsApp(win: Window = window): NhsAppApi {
  const native = win as NativeWindow;
  if (!native.nhsapp) native.nhsapp = createNhsApp(native);
  return native.nhsapp;
}
