import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { apiClient, type CallInput } from "#app/lib/api-client.ts";
import { centsFromReais, type PriceQuote, type PricingResponse, type PricingSubject, quote } from "#domain/pricing/price-quote.ts";
import type { pricingContract } from "#server/contracts/pricing.ts";
import { pricingRoutes } from "#server/contracts/pricing.routes.ts";

const pricing = apiClient<typeof pricingContract>(pricingRoutes);
/** Clicking "+" five times asks the server once, for the last quantity. */
const DEBOUNCE_MS = 200;

export type LivePrice = {
  price: PriceQuote;
  /** server: confirmed by calculate-price; local: the call failed (spec §8) and the same module priced it here. */
  source: "server" | "local" | "pending";
};

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The server's price (spec §7), typed by the endpoint's response schema; any failure rejects (the local price stays). */
function fetchPrice(productName: string, quantity: number, packagingEnabled: boolean, signal: AbortSignal): Promise<PricingResponse> {
  // The server sets the packaging fee and counts the sachets itself; only the choice is sent.
  const body: CallInput<typeof pricingContract.calculatePrice>["body"] = {
    quantity,
    packaging: { enabled: packagingEnabled },
    product_name: productName,
  };
  return pricing.call("calculatePrice", { body, signal });
}

function fromResponse(response: PricingResponse, local: PriceQuote): PriceQuote {
  return {
    ...local,
    unitPriceCents: centsFromReais(response.unit_price),
    discountPercentage: response.discount_percentage,
    discountAmountCents: centsFromReais(response.discount_amount),
    baseTotalCents: centsFromReais(response.base_total),
    totalPriceCents: centsFromReais(response.total_price),
    packagingFeeCents: centsFromReais(response.packaging_fee),
    finalTotalCents: centsFromReais(response.final_total),
    sachetCount: response.sachet_count,
  };
}

/**
 * The price of the chosen quantity: the server's answer when it comes, the local module's
 * result meanwhile and whenever the call fails. Both run the same code, so they agree.
 */
export function useLivePrice(productName: string, subject: PricingSubject, quantity: number, packagingEnabled: boolean): LivePrice {
  const local = useMemo(() => quote(subject, quantity, packagingEnabled), [subject, quantity, packagingEnabled]);
  const key = `${quantity}:${packagingEnabled}`;
  const askedKey = useDebounced(key, DEBOUNCE_MS);
  const settled = askedKey === key;
  const asked = { quantity: Number(askedKey.split(":")[0]), packagingEnabled: askedKey.endsWith(":true") };

  const query = useQuery({
    queryKey: ["calculate-price", productName, asked.quantity, asked.packagingEnabled],
    queryFn: ({ signal }) => fetchPrice(productName, asked.quantity, asked.packagingEnabled, signal),
    // A failed call falls back at once instead of retrying (the local price is just as right).
    retry: false,
  });

  if (!settled) return { price: local, source: "pending" };
  if (query.data) return { price: fromResponse(query.data, local), source: "server" };
  if (query.isError) return { price: local, source: "local" };
  return { price: local, source: "pending" };
}
