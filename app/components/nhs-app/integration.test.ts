import { describe, expect, it, vi } from "vitest";
import { nhsAppPageLinks, setNhsAppBackAction } from "./integration";
import { createNhsApp } from "./nhsapp";

/** The app's API over an Android bridge that records its calls. */
function androidApp() {
  const native = { goToPage: vi.fn(), setBackAction: vi.fn(), clearBackAction: vi.fn() };
  const api = createNhsApp({ navigator: { userAgent: "nhsapp-android/2.40.0" }, location: { assign: vi.fn() }, history: { back: vi.fn() }, nhsappNative: native } as never);
  return { api, native };
}

describe("the NHS App's back action for a page (spec 2 §2.4)", () => {
  it("opens the app's messages from the admin hub, our own page before the clinical request, else goes back", () => {
    const go = vi.fn();
    const history = { back: vi.fn() };
    const { api, native } = androidApp();

    setNhsAppBackAction(api, "/demo/admin-hub", go, history);
    api.navigation.executeBackAction();
    expect(native.goToPage).toHaveBeenCalledWith("MESSAGES");

    setNhsAppBackAction(api, "/demo/clinical-request", go, history);
    api.navigation.executeBackAction();
    expect(go).toHaveBeenCalledWith("/demo/emergency-warning");

    const clear = setNhsAppBackAction(api, "/demo/my-requests-and-messages", go, history);
    api.navigation.executeBackAction();
    expect(history.back).toHaveBeenCalledOnce();
    expect(native.setBackAction).toHaveBeenCalledTimes(3);
    clear();
    expect(native.clearBackAction).toHaveBeenCalledOnce();
  });
});

describe("links to the app's own pages", () => {
  const link = (page: string | null) => ({ getAttribute: (name: string) => (name === "data-nhsapp-page" ? page : null) });
  const click = (target: unknown, extra: Partial<MouseEvent> = {}) => {
    const event = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, target, preventDefault: vi.fn(), ...extra };
    return event as unknown as MouseEvent & { preventDefault: ReturnType<typeof vi.fn> };
  };
  const inside = (found: unknown) => ({ closest: (selector: string) => (selector === "a[data-nhsapp-page]" ? found : null) });

  it("opens the app's page for a plain click on a marked link, and leaves every other click alone", () => {
    const { api, native } = androidApp();
    const onClick = nhsAppPageLinks(() => api);

    const plain = click(inside(link("MESSAGES")));
    onClick(plain);
    expect(plain.preventDefault).toHaveBeenCalledOnce();
    expect(native.goToPage).toHaveBeenCalledWith("MESSAGES");

    for (const other of [
      click(inside(link("MESSAGES")), { ctrlKey: true }),
      click(inside(link("MESSAGES")), { button: 1 }),
      click(inside(link("MESSAGES")), { defaultPrevented: true }),
      click(inside(link("NOT_AN_APP_PAGE"))),
      click(inside(null)),
      click(null),
      click({}),
    ]) {
      onClick(other);
      expect(other.preventDefault).not.toHaveBeenCalled();
    }
    expect(native.goToPage).toHaveBeenCalledOnce();
  });
});
