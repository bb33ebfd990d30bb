/**
 * The authenticator QR code, drawn on the server as inline SVG: it shows without JS, needs
 * no image request (the spec's GET /mfa/qrcode?scale=4 becomes part of the page) and never
 * puts the secret in a URL, a log line or a cache.
 */
import QRCode from "qrcode";

/** Pixels per module (spec 2 §9: QR scale 4). */
export const QR_SCALE = 4;
const MARGIN = 4;

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** An <svg role="img"> with an accessible name (aria-label and <title>) for `text`. */
export async function qrCodeSvg(text: string, label: string): Promise<string> {
  const modules = QRCode.create(text, { errorCorrectionLevel: "M" }).modules.size;
  const width = (modules + 2 * MARGIN) * QR_SCALE;
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: MARGIN, width });
  const name = escapeAttribute(label);
  return svg
    .trim()
    .replace("<svg ", `<svg class="app-qr-code" role="img" aria-label="${name}" focusable="false" `)
    .replace(/(<svg[^>]*>)/, `$1<title>${name}</title>`);
}
