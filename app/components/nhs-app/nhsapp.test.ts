import { describe, expect, it, vi } from "vitest";
import { createNhsApp, NHS_APP_WEB, platformOf } from "./nhsapp";

function fakeWindow(userAgent: string, extra: Record<string, unknown> = {}) {
  return { navigator: { userAgent }, location: { assign: vi.fn() }, history: { back: vi.fn() }, ...extra } as never;
}

describe("the local nhsapp module (the NHS App's JS API v2 interface)", () => {
  it("tells the platform from the app's token anywhere in the user agent", () => {
    expect(platformOf("Mozilla/5.0 (iPhone) nhsapp-ios/2.41.0 Mobile/15E148")).toBe("ios");
    expect(platformOf("Mozilla/5.0 (Linux; Android 14) nhsapp-android/2.40.0")).toBe("android");
    expect(platformOf("Mozilla/5.0 (X11; Linux) Chrome/120")).toBe("none");
    expect(createNhsApp(fakeWindow("nhsapp-android/2.40.0 Chrome/120")).tools.isOpenInNHSApp()).toBe(true);
  });

  it("calls Android's native bridge for goToPage and the back action", () => {
    const native = { goToPage: vi.fn(), setBackAction: vi.fn(), clearBackAction: vi.fn() };
    const win = fakeWindow("nhsapp-android/2.40.0", { nhsappNative: native });
    const api = createNhsApp(win);
    api.navigation.goToPage(api.navigation.AppPage.MESSAGES);
    expect(native.goToPage).toHaveBeenCalledWith("MESSAGES");
    const back = vi.fn();
    api.navigation.setBackAction(back);
    expect(native.setBackAction).toHaveBeenCalled();
    api.navigation.executeBackAction();
    expect(back).toHaveBeenCalledOnce();
    api.navigation.clearBackAction();
    api.navigation.executeBackAction();
    expect((win as unknown as { history: { back: ReturnType<typeof vi.fn> } }).history.back).toHaveBeenCalledOnce();
  });

  it("posts to iOS's message handlers, and with no bridge opens the app's web page", () => {
    const postMessage = vi.fn();
    createNhsApp(fakeWindow("nhsapp-ios/2.41.0", { webkit: { messageHandlers: { goToPage: { postMessage } } } })).navigation.goToHomePage();
    expect(postMessage).toHaveBeenCalledWith("HOME_PAGE");
    const win = fakeWindow("nhsapp-ios/2.41.0");
    createNhsApp(win).navigation.goToPage("MESSAGES");
    expect((win as unknown as { location: { assign: ReturnType<typeof vi.fn> } }).location.assign).toHaveBeenCalledWith(`${NHS_APP_WEB}messages`);
  });
});
