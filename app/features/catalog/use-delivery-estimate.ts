import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { apiClient } from "#app/lib/api-client.ts";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import type { cartContract } from "#server/contracts/cart.ts";
import { cartRoutes } from "#server/contracts/cart.routes.ts";
import { deliveryEstimate, storedCep, type DeliveryEstimate, type DeliveryFacts } from "#app/features/catalog/delivery-estimate.ts";

const cart = apiClient<typeof cartContract>(cartRoutes);

const subscribeToStorage = (onChange: () => void) => {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
};

/**
 * The CEP the cart last quoted in this browser (the cart's estimator and the checkout keep it in
 * validated_shipping_cep). Read after hydration only: the server renders the page for everyone.
 */
function useKnownCep(): string | null {
  return useSyncExternalStore(
    subscribeToStorage,
    () => storedCep(safeStorage.get(STORAGE_KEYS.validatedShippingCep)),
    () => null,
  );
}

/**
 * The product's delivery estimate: its lead time at once, and the shipping days by CEP once the
 * shop has quoted that CEP (the same table and weight bands as the cart; decision 032). A failed
 * or unserved quote leaves the estimate without shipping days.
 */
export function useDeliveryEstimate(product: Omit<DeliveryFacts, "shipping">): DeliveryEstimate {
  const cep = useKnownCep();
  const { data } = useQuery({
    queryKey: ["delivery-estimate", cep],
    queryFn: () => cart.call("quoteShipping", { query: { cep: cep ?? "" } }),
    enabled: product.needsShipping && cep !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const options = data?.options ?? [];
  const shipping =
    data && options.length > 0
      ? {
          cep: data.cep,
          minDays: Math.min(...options.map((option) => option.deliveryDays)),
          maxDays: Math.max(...options.map((option) => option.deliveryDays)),
        }
      : null;
  return deliveryEstimate({ ...product, shipping });
}
