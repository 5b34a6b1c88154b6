import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";
import { readSessionUser } from "#domain/auth/session.server.ts";
import { checkDownload } from "#domain/delivery/deliveries.server.ts";
import { orderForDelivery } from "#domain/orders/order-delivery.server.ts";
import { signedLinkQuerySchema } from "#domain/delivery/delivery-schemas.ts";
import { DOWNLOAD_PATH } from "#domain/delivery/download-links.server.ts";

/** Where signed download links point (decision 030). */
export const DOWNLOAD_ROUTE = `${DOWNLOAD_PATH}/:orderId/:productId`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTENT_TYPES: Record<string, string> = { pdf: "application/pdf", epub: "application/epub+zip", zip: "application/zip" };

/**
 * Serves the file when the link's signature is right and unexpired AND the signed-in account is the
 * order's buyer. Anything else falls through to the page at the same address (app/routes/download.tsx),
 * which says why in Portuguese with the right status: sign in first, another account's (403), expired
 * or invalid (with "Gerar novo link"), not available.
 */
export const downloadHandler: MiddlewareHandler<AppEnv> = async (c, next) => {
  const orderId = c.req.param("orderId") ?? "";
  const productId = c.req.param("productId") ?? "";
  const link = signedLinkQuerySchema.safeParse({ expira: c.req.query("expira"), assinatura: c.req.query("assinatura") });
  if (!UUID.test(orderId) || !UUID.test(productId) || !link.success) return next();
  const services = c.get("services");
  const user = await readSessionUser(services, c.req.raw);
  if (!user) return next();
  const order = await orderForDelivery(services.db, orderId.toLowerCase());
  const check = await checkDownload(services.db, services.config, order, {
    orderId: orderId.toLowerCase(),
    productId: productId.toLowerCase(),
    userId: user.id,
    link: link.data,
  });
  if (check.outcome !== "serve") return next();
  if (check.placeholder) {
    services.logger.warn({ file: check.fileName }, "download served as the placeholder PDF: put the real file in DATA_DIR/downloads");
  }
  if ("url" in check) {
    // The bucket sends the bytes, for a few seconds only; the shop checked the buyer just now.
    c.header("Cache-Control", "private, no-store");
    c.header("X-Robots-Tag", "noindex");
    return c.redirect(check.url, 302);
  }
  const extension = check.fileName.split(".").pop() ?? "";
  return c.body(check.body as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
    "Content-Length": String(check.body.byteLength),
    "Content-Disposition": `attachment; filename="${check.fileName}"`,
    // The buyer's own file: no shared cache keeps it, no search engine lists it.
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  });
};
