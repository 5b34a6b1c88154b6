import QRCode from "qrcode";

/**
 * The Pix QR code as inline SVG, drawn by the shop itself (the same `qrcode` package as the footer's
 * support QR): the BR Code never leaves for an outside QR service. Medium error correction reads
 * well from phone screens.
 */
export function pixQrSvg(brCode: string): Promise<string> {
  return QRCode.toString(brCode, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
