/**
 * The authenticator QR code, drawn on the server as inline SVG: it shows without JS, needs
 * no image request (the spec's GET /mfa/qrcode?scale=4 becomes part of the page) and never
 * puts the secret in a URL, a log line or a cache.
 */
import { createRequire } from "node:module";
import type QRCodeModule from "qrcode";

/** Pixels per module (spec 2 §9: QR scale 4). */
export const QR_SCALE = 4;
const MARGIN = 4;

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** An <svg role="img"> with an accessible name (aria-label and <title>) for `text`. */
export async function qrCodeSvg(text: string, label: string): Promise<string> {
  // Loaded on the first QR code, not at start: 57 module files (qrcode and pngjs) that only the
  // authenticator set-up page uses (decision 0164). It is CommonJS, so `require` loads it; an
  // `import()` here would make tsx (e2e, benches) transform the whole 2 MB Remix build at start.
  const QRCode = createRequire(import.meta.url)("qrcode") as typeof QRCodeModule;
  const modules = QRCode.create(text, { errorCorrectionLevel: "M" }).modules.size;
  const width = (modules + 2 * MARGIN) * QR_SCALE;
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: MARGIN, width });
  const name = escapeAttribute(label);
  return svg
    .trim()
    .replace("<svg ", `<svg class="app-qr-code" role="img" aria-label="${name}" focusable="false" `)
    .replace(/(<svg[^>]*>)/, `$1<title>${name}</title>`);
}
