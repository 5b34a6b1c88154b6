import type { Config } from "#platform/config.ts";
import { installmentsPitch } from "#domain/payments/card-messages.ts";
import type { CardInstallments } from "#domain/settings/card-installments.ts";

/**
 * Whether the shop takes cards, and what the checkout page needs for the Card Payment Brick
 * (issue 32). Cards ride on the Pix provider's Mercado Pago account: PAYMENT_METHODS has "card"
 * and PIX_PROVIDER is "mercadopago" (the configuration refuses card without it).
 */
type CardConfig = Pick<
  Config,
  "PAYMENT_METHODS" | "PIX_PROVIDER" | "MERCADOPAGO_PUBLIC_KEY" | "MERCADOPAGO_BRICK_URL" | "MERCADOPAGO_API_URL"
>;

export function cardsEnabled(config: Pick<Config, "PAYMENT_METHODS" | "PIX_PROVIDER">): boolean {
  return config.PAYMENT_METHODS.includes("card") && config.PIX_PROVIDER === "mercadopago";
}

/**
 * The origins the checkout page's CSP opens to, and only there: the Brick's script, and Mercado
 * Pago's API (the Brick's installments and token calls) and frames. Nothing with cards off.
 */
export function cardPageOrigins(config: CardConfig): string[] {
  if (!cardsEnabled(config)) return [];
  return [new URL(config.MERCADOPAGO_BRICK_URL).origin, new URL(config.MERCADOPAGO_API_URL).origin];
}

/** What the page's Brick is created with; the amount is the order's, read with the order. */
export type CardCheckoutSettings = {
  publicKey: string;
  brickUrl: string;
  maxInstallments: number;
  /** "em até 3x sem juros", or null when the owner gives no installments without interest. */
  pitch: string | null;
};

/** `rule`: the owner's installments rule in force (card-rule.server.ts reads it from the settings). */
export function cardCheckoutSettings(config: CardConfig, rule: CardInstallments): CardCheckoutSettings | null {
  if (!cardsEnabled(config) || !config.MERCADOPAGO_PUBLIC_KEY) return null;
  return {
    publicKey: config.MERCADOPAGO_PUBLIC_KEY,
    brickUrl: config.MERCADOPAGO_BRICK_URL,
    maxInstallments: rule.maxInstallments,
    pitch: installmentsPitch(rule.withoutInterest),
  };
}
