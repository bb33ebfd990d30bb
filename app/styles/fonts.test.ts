import { describe, expect, it } from "vitest";
import { fontSettings } from "./build.mjs";

describe("the NHS.UK font in the stylesheet (decision 0139)", () => {
  it("leaves Frutiger's @font-face out unless the build is told where the licensed files are", () => {
    expect(fontSettings(undefined)).toBe("$nhsuk-include-font-face: false");
    expect(fontSettings("")).toBe("$nhsuk-include-font-face: false");
  });

  it("points the @font-face at the given copies: NHS.UK's address or the deployment's own", () => {
    expect(fontSettings("https://assets.nhs.uk/fonts/")).toBe('$nhsuk-include-font-face: true, $nhsuk-fonts-path: "https://assets.nhs.uk/fonts/"');
    expect(fontSettings("/fonts/")).toBe('$nhsuk-include-font-face: true, $nhsuk-fonts-path: "/fonts/"');
  });

  it("refuses an address that would break the Sass or load fonts over plain HTTP", () => {
    expect(() => fontSettings("http://assets.nhs.uk/fonts/")).toThrow(/NHSUK_FONTS_PATH/);
    expect(() => fontSettings("/fonts")).toThrow(/ending in "\/"/);
    expect(() => fontSettings('/fonts/"; x: y/')).toThrow(/NHSUK_FONTS_PATH/);
  });
});
