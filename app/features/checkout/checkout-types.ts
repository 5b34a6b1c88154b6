import type { CardOrder } from "#app/features/checkout/card-payment.tsx";
import type { CardCheckoutSettings } from "#domain/payments/card-settings.ts";
import type { Address } from "#domain/shipping/address-schema.ts";
import type { ShippingQuote, ShippingQuoteOption } from "#domain/shipping/shipping-quote-schema.ts";
import type { MoneyLine } from "#domain/pricing/money-lines.ts";

/** What the /checkout loader hands the page (the customer's cart as the checkout prices it). */

export type CheckoutLine = {
  productId: string;
  productName: string;
  unitType: "gram" | "unit";
  quantity: number;
  totalPriceCents: number;
  packagingFeeCents: number;
  finalTotalCents: number;
  needsShipping: boolean;
  /** Why this line cannot be ordered now (stock, a quantity no longer allowed); it blocks the order. */
  problem: string | null;
};

export type CheckoutCart = {
  /** Keys what this browser keeps of the checkout (decision 063): another cart starts afresh. */
  cartId: string;
  lines: CheckoutLine[];
  subtotalCents: number;
  packagingCents: number;
  needsShipping: boolean;
  /** Business days of production before shipping (decision 058). */
  productionDays: number;
  savedShipping: { method: string | null; cep: string | null };
};

/**
 * What the compact "Resumo do pedido" shows (decision 063): each line with its total (packaging
 * included), as the server priced it, and the money lines of the one presenter (products,
 * packaging, freight, total to pay). Small, so a phone shows what is bought at every step.
 */
export type CheckoutSummaryData = {
  items: Array<{ productId: string; productName: string; unitType: "gram" | "unit"; quantity: number; totalCents: number }>;
  money: MoneyLine[];
};

export type ShippingOption = ShippingQuoteOption;

/** The options for the starting CEP, quoted by the loader so the page opens with them. */
export type InitialQuote = ShippingQuote | null;

/** Where the address form starts: a saved address (by id) or a new one, and the CEP to quote (the cart's when chosen there). */
export type CheckoutStart = { addressId: string | null; cep: string | null };

export type CheckoutData =
  | { signedIn: false; needsShipping: boolean; expiryMinutes: number; summary: CheckoutSummaryData }
  | { signedIn: true; payByCard: { order: CardOrder; settings: CardCheckoutSettings } }
  | {
      signedIn: true;
      user: { name: string; email: string };
      cart: CheckoutCart;
      addresses: Address[];
      start: CheckoutStart;
      /** The account's CPF, masked ("***.982.247-**"), or null before the first order with one. */
      savedCpf: string | null;
      expiryMinutes: number;
      initialQuote: InitialQuote;
      /** Cards on: "" or the owner's "em até Nx sem juros" shown beside the choice; null: Pix only. */
      cardPitch: string | null;
    };
