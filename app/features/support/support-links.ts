import { buildPath } from "#app/lib/api-client.ts";
import { streamRoutes } from "#server/contracts/routes.ts";

/** A WhatsApp chat with the support line; `number` is digits only, with country and area code. */
export function whatsappChatUrl(number: string): string {
  return `https://wa.me/${number}`;
}

/** Served by the shop itself (server/support-qr.ts): no outside QR service sees our visitors. */
export const SUPPORT_QR_SRC = buildPath(streamRoutes.supportQr);
