import { streamRoutes } from "#server/contracts/routes.ts";
import type { Context } from "hono";
import QRCode from "qrcode";
import type { AppEnv } from "#server/http/app-env.ts";

/** The number only changes with a restart; a day of browser caching is plenty. */
const ONE_DAY_SECONDS = 24 * 60 * 60;

/** Mounted under /api; the footer's Atendimento popover shows it (PRODUCT "Support"). */
export const SUPPORT_QR_PATH = streamRoutes.supportQr.path;

// Generated once per number: the SVG is the same for every request.
const svgByNumber = new Map<string, Promise<string>>();

export function supportQrSvg(whatsappNumber: string): Promise<string> {
  let svg = svgByNumber.get(whatsappNumber);
  if (!svg) {
    svg = QRCode.toString(`https://wa.me/${whatsappNumber}`, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    svgByNumber.set(whatsappNumber, svg);
    // A failure must not stick: let the next request try again.
    svg.catch(() => svgByNumber.delete(whatsappNumber));
  }
  return svg;
}

/**
 * The support QR code as SVG, made by the shop itself so no outside QR service learns who
 * opens the page.
 */
export async function supportQrHandler(c: Context<AppEnv>): Promise<Response> {
  const svg = await supportQrSvg(c.get("services").config.SUPPORT_WHATSAPP);
  return c.body(svg, 200, {
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": `public, max-age=${ONE_DAY_SECONDS}`,
  });
}
