import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "#platform/config.ts";
import { buildBrCode } from "#domain/payments/br-code.ts";

/**
 * Payment providers (issue 6). Today the shop has one: its own static Pix, whose BR Code carries
 * the order's amount and txid and whose payment an admin confirms by looking at the bank account.
 * A dynamic-Pix PSP plugs in later through the same interface: it creates the charge on its side and
 * confirms it through a signed webhook (verifyWebhook), never trusting an unsigned call.
 */

export type PixCharge = { txid: string; brCode: string; expiresAt: Date };

/** `attempt`: 1 for the order's first Pix, 2 for the first "Gerar novo Pix", … (each charge needs its own txid). */
export type ChargeRequest = { orderNumber: number; totalCents: number; now: Date; attempt?: number };

/** What a verified webhook says happened to a charge. */
export type PaymentEvent = { txid: string; status: "paid" | "refunded"; amountCents: number };

export type WebhookRequest = { headers: Headers; rawBody: string };

export interface PaymentProvider {
  readonly id: string;
  /** "admin": an admin confirms payments; "webhook": the provider's signed calls do. */
  readonly confirmedBy: "admin" | "webhook";
  createCharge(request: ChargeRequest): Promise<PixCharge>;
  /** The event of a webhook call whose signature is valid; null otherwise (the caller answers 401). */
  verifyWebhook(request: WebhookRequest): Promise<PaymentEvent | null>;
}

/** Letters and digits only, at most 25 (BR Code txid); a new Pix of the same order gets "R" and its attempt. */
export function orderTxid(orderNumber: number, attempt = 1): string {
  return attempt > 1 ? `PEDIDO${orderNumber}R${attempt}` : `PEDIDO${orderNumber}`;
}

/** The provider the shop is configured with (today only the static Pix). */
export function paymentProviderFor(config: Parameters<typeof staticPixProvider>[0]): PaymentProvider {
  return staticPixProvider(config);
}

export function staticPixProvider(
  config: Pick<Config, "PIX_KEY" | "PIX_MERCHANT_NAME" | "PIX_MERCHANT_CITY" | "PIX_EXPIRY_MINUTES">,
): PaymentProvider {
  return {
    id: "static_pix",
    confirmedBy: "admin",
    async createCharge({ orderNumber, totalCents, now, attempt }) {
      const txid = orderTxid(orderNumber, attempt);
      const brCode = buildBrCode({
        key: config.PIX_KEY,
        merchantName: config.PIX_MERCHANT_NAME,
        merchantCity: config.PIX_MERCHANT_CITY,
        amountCents: totalCents,
        txid,
        description: `Pedido ${orderNumber}`,
      });
      return { txid, brCode, expiresAt: new Date(now.getTime() + config.PIX_EXPIRY_MINUTES * 60_000) };
    },
    // A static Pix has no provider to call back.
    async verifyWebhook() {
      return null;
    },
  };
}

/**
 * The signature check a webhook provider will use: HMAC-SHA256 of the raw body with the shared
 * secret, hex, compared in constant time. Any malformed signature is simply invalid.
 */
export function verifyHmacSha256(secret: string, rawBody: string, signatureHex: string | null | undefined): boolean {
  if (!secret || !signatureHex || !/^[0-9a-f]{64}$/i.test(signatureHex)) return false;
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(signatureHex, "hex"));
}

export function signHmacSha256(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");
}
