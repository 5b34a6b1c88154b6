import type { Address } from "#domain/shipping/address-schema.ts";
import type { ShippingQuote, ShippingQuoteOption } from "#domain/shipping/shipping-quote-schema.ts";

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
 * What the compact summary shows: each line with its total, as the server priced it (the
 * checkout's cart for a customer, the cart's view for a visitor), and the items' total
 * (packaging included). The full lines (packaging, freight, discounts, credit) are the review
 * step's; this stays small so a phone shows what is being bought at every step (decision 063).
 */
export type CheckoutSummaryData = {
  lines: Array<{ productId: string; productName: string; unitType: "gram" | "unit"; quantity: number; totalCents: number }>;
  itemsCents: number;
};

export type ShippingOption = ShippingQuoteOption;

/** The options for the starting CEP, quoted by the loader so the page opens with them. */
export type InitialQuote = ShippingQuote | null;

/** Where the address form starts: a saved address (by id) or a new one, and the CEP to quote (the cart's when chosen there). */
export type CheckoutStart = { addressId: string | null; cep: string | null };

export type CheckoutData =
  | { signedIn: false; needsShipping: boolean; expiryMinutes: number; summary: CheckoutSummaryData }
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
    };
