import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { QR_SCALE, qrCodeSvg } from "./qr-code.server";

const URI = "otpauth://totp/Frontdoor%3Amina%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Frontdoor&algorithm=SHA1&digits=6&period=30";

describe("qrCodeSvg", () => {
  it("is an inline SVG image with an accessible name", async () => {
    const svg = await qrCodeSvg(URI, 'QR code for "Frontdoor" & you');
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toContain('aria-label="QR code for &quot;Frontdoor&quot; &amp; you"');
    expect(svg).toContain("<title>QR code for &quot;Frontdoor&quot; &amp; you</title>");
    expect(svg).not.toContain("style=");
    expect(svg.trim().endsWith("</svg>")).toBe(true);
  });

  it("draws four pixels per module, margin included", async () => {
    const svg = await qrCodeSvg(URI, "QR code");
    const size = QRCode.create(URI, { errorCorrectionLevel: "M" }).modules.size + 8;
    expect(svg).toContain(`width="${size * QR_SCALE}" height="${size * QR_SCALE}"`);
    expect(svg).toContain(`viewBox="0 0 ${size} ${size}"`);
  });
});
