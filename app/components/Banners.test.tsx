/**
 * The notification banners as the server sends them, several on one page: each is a region
 * named by its own title's id (NHS.UK markup), and no two regions may share a name, or
 * assistive technology lists two landmarks both called "Important" and html-validate's
 * unique-landmark refuses the page (an information flash under the maintenance banner did).
 */
import { HtmlValidate } from "html-validate";
import { renderAsServer } from "../../tests/support/render-as-server";
import { describe, expect, it } from "vitest";
import { FlashBanner, GlobalNoticeView, MaintenanceBannerView } from "./Banners";

/** Renders as the server does, in a data router with the root loader data the form kit reads. */
const render = (element: JSX.Element) => renderAsServer(element);

/** Each region's accessible name: the text of the element its aria-labelledby names. */
function regionNames(html: string): string[] {
  const ids = [...html.matchAll(/role="region" aria-labelledby="([^"]+)"/g)].map((m) => m[1]!);
  return ids.map((id) => {
    const title = new RegExp(`id="${id}">(.*?)</h2>`, "s").exec(html)?.[1] ?? "";
    return title.replace(/<[^>]+>/g, "").trim();
  });
}

async function landmarkErrors(body: string): Promise<string[]> {
  const validator = new HtmlValidate({ extends: ["html-validate:recommended"], rules: { "prefer-native-element": "off", "no-redundant-role": "off" } });
  const report = await validator.validateString(`<!doctype html><html lang="en"><head><title>t</title></head><body><main>${body}</main></body></html>`);
  return report.results.flatMap((r) => r.messages.filter((m) => m.ruleId === "unique-landmark").map((m) => m.message));
}

const banner = (type: "information" | "warning") => ({ text: "Planned maintenance on Sunday 6am to 8am.", type, fingerprint: "f" });

describe("notification banners together", () => {
  it.each(["information", "warning"] as const)("a %s maintenance banner and an information flash have different names", async (type) => {
    const html = await render(
      <>
        <MaintenanceBannerView banner={banner(type)} returnTo="/" />
        <FlashBanner flash={{ kind: "info", text: "Draft bulk message created." }} />
        <GlobalNoticeView notice={{ id: 1, title: "New opening hours", body: "From Monday.", lang: "en" }} returnTo="/" />
      </>,
    );
    const names = regionNames(html);
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    expect(names[1]).toBe("Important");
    expect(await landmarkErrors(html)).toEqual([]);
  });

  it("each region's title id is unique on the page", async () => {
    const html = await render(
      <>
        <MaintenanceBannerView banner={banner("information")} returnTo="/" />
        <FlashBanner flash={{ kind: "info", text: "Saved." }} />
      </>,
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("the check would catch two regions both called Important (the fault this guards against)", async () => {
    const same = `<div role="region" aria-labelledby="a"><h2 id="a">Important</h2></div><div role="region" aria-labelledby="b"><h2 id="b">Important</h2></div>`;
    expect(await landmarkErrors(same)).not.toEqual([]);
  });
});
