import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "#platform/config.ts";
import { buildBrCode } from "#domain/payments/br-code.ts";

/**
 * Payment providers (issue 6, issue 21). The shop's own static Pix is the default: its BR Code
 * carries the order's amount and txid and an admin confirms the payment by looking at the bank
 * account. A provider (Mercado Pago, a PSP speaking the Banco Central's Pix API) creates the charge
 * on its side; its webhooks are only hints, and the charge is read back from it before anything
 * changes (decision 036).
 */

/** Where a provider's charge stands, in the shop's words. */
export type ChargeStatus = "pending" | "paid" | "expired" | "cancelled" | "refunded";

/** A charge as the provider reads it back: the truth a webhook only hints at. */
export type ChargeState = {
  providerChargeId: string;
  /** Our reference as the provider keeps it (Mercado Pago's external_reference, the cob's txid). */
  reference: string | null;
  status: ChargeStatus;
  /** The provider's own word ("approved", "CONCLUIDA"…). */
  providerStatus: string;
  /** What the charge asks for, and what was paid (null until paid), in integer cents. */
  amountCents: number;
  paidCents: number | null;
  endToEndId: string | null;
  paidAt: Date | null;
  raw: unknown;
  /** A card payment's safe facts (brand, last four, installments) and the provider's detail ("cc_rejected_…"). */
  card?: CardFacts | null;
  /** A card payment waiting for its 3DS challenge: where the provider's frame opens, and its request. */
  challenge?: { url: string; creq: string } | null;
};

/** All a shop may keep of a card (issue 32): never the number, the CVV or the token. */
export type CardFacts = { brand: string; lastFour: string | null; installments: number; statusDetail: string | null };

export type PixCharge = {
  txid: string;
  /** The "copia e cola", verbatim as the provider made it (the QR code is drawn from it). */
  brCode: string;
  expiresAt: Date;
  /** Null for the static Pix (no provider keeps it). */
  providerChargeId: string | null;
  raw: unknown;
};

export type ChargeRequest = {
  orderId: string;
  orderNumber: number;
  /** 1 for the order's first charge; each new Pix of the same order (after expiry) counts up. */
  attempt: number;
  totalCents: number;
  /**
   * When the Pix stops being payable: the order's deadline, chosen when the order was saved. Fixed, so
   * a retried create sends the same request (Mercado Pago refuses one key with another body).
   */
  expiresAt: Date;
  payer: { name: string; email: string; cpf: string | null };
};

/** How a provider finds a charge again. */
export type ChargeRef = { providerChargeId: string; txid: string | null };

/**
 * A webhook call as the edge received it: the query string is part of Mercado Pago's signature, and
 * the BCB callbacks are authenticated by the proxy's client-certificate check or a secret in the URL.
 */
export type WebhookRequest = {
  url: string;
  headers: Headers;
  rawBody: string;
  /** True when a trusted reverse proxy verified the caller's client certificate. */
  clientCertVerified: boolean;
};

/** What an authentic webhook points at: charges to read back from the provider, or a chargeback to read. */
export type ChargeHint = { providerChargeId: string } | { chargebackId: string };

export type ProviderId = "static_pix" | "mercadopago" | "bcb";

export interface PaymentProvider {
  readonly id: ProviderId;
  /** "admin": an admin confirms payments; "webhook": the provider's calls and the poller do. */
  readonly confirmedBy: "admin" | "webhook";
  createCharge(request: ChargeRequest): Promise<PixCharge>;
  /** The charge as the provider has it now; null when it does not know it. */
  readCharge(ref: ChargeRef): Promise<ChargeState | null>;
  cancelCharge(ref: ChargeRef): Promise<void>;
  /** Gives back `amountCents` of a paid charge; `refundId` makes a retried call the same refund. */
  refundCharge(ref: ChargeRef & { endToEndId: string | null; amountCents: number; refundId: string }): Promise<void>;
  /** The charges an authentic webhook call points at; null when the call is not authentic (401). */
  verifyWebhook(request: WebhookRequest): Promise<ChargeHint[] | null>;
}

/** A provider that did not answer in time, or answered with an error: nothing is changed by it. */
export class ProviderUnavailableError extends Error {
  override name = "ProviderUnavailableError";
}

/** Letters and digits only, at most 25 (static BR Code txid); a new Pix of the same order gets "R" and its attempt. */
export function orderTxid(orderNumber: number, attempt = 1): string {
  return attempt > 1 ? `PEDIDO${orderNumber}R${attempt}` : `PEDIDO${orderNumber}`;
}

/**
 * The txid of an order's charge at a provider: the order's UUID without dashes (32 hex characters,
 * inside the BCB's `[a-zA-Z0-9]{26,35}`), followed by the attempt from the second on. Deterministic,
 * so a retried create after a timeout finds the same charge instead of making another.
 */
export function providerTxid(orderId: string, attempt: number): string {
  const base = orderId.replaceAll("-", "").toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(base)) throw new Error(`providerTxid: not a UUID: ${orderId}`);
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > 999) throw new Error(`providerTxid: bad attempt ${attempt}`);
  return attempt === 1 ? base : `${base}${attempt}`;
}

/** Integer cents as the decimal string of the BCB API ("48.90"): exact, no float on the way. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`centsToDecimal: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * A provider's amount (a JSON number of reais like 48.9, or a string "48.90") as integer cents,
 * exactly: read from its decimal text, never multiplied as a float. Null when it is not an amount.
 */
export function decimalToCents(value: unknown): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : typeof value === "string" ? value.trim() : "";
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

export function staticPixProvider(
  config: Pick<Config, "PIX_KEY" | "PIX_MERCHANT_NAME" | "PIX_MERCHANT_CITY" | "PIX_EXPIRY_MINUTES">,
): PaymentProvider {
  return {
    id: "static_pix",
    confirmedBy: "admin",
    async createCharge({ orderNumber, totalCents, expiresAt, attempt }) {
      const txid = orderTxid(orderNumber, attempt);
      const brCode = buildBrCode({
        key: config.PIX_KEY,
        merchantName: config.PIX_MERCHANT_NAME,
        merchantCity: config.PIX_MERCHANT_CITY,
        amountCents: totalCents,
        txid,
        description: `Pedido ${orderNumber}`,
      });
      return {
        txid,
        brCode,
        expiresAt,
        providerChargeId: null,
        raw: null,
      };
    },
    // Nobody keeps a static Pix: an admin reads the bank statement.
    async readCharge() {
      return null;
    },
    async cancelCharge() {},
    async refundCharge() {
      throw new ProviderUnavailableError("O Pix estático não tem reembolso automático.");
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

/** Two secrets compared in constant time (a secret in a URL, a header's value). */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  if (!given || !expected) return false;
  const a = createHmac("sha256", "compare").update(given).digest();
  const b = createHmac("sha256", "compare").update(expected).digest();
  return timingSafeEqual(a, b);
}
