import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "#app/ui/toast.tsx";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import { cartApi, signalCart } from "#app/features/cart/cart-client.ts";
import { CART_ITEMS_KEY } from "#app/features/cart/cart-provider.tsx";
import { cepProblem, normalizeCep } from "#domain/shipping/cep.ts";
import type { CartView, ShippingQuote } from "#domain/cart/cart-types.ts";

/** The cart's shipping box: the CEP typed, its quote, and the option chosen (saved on the cart). */
export function useShippingEstimator(view: CartView) {
  const queryClient = useQueryClient();
  // The cart's CEP, or the last one that quoted in this browser.
  const [cep, setCep] = useState(() => view.shipping?.cep ?? safeStorage.get(STORAGE_KEYS.validatedShippingCep) ?? "");
  const [shippingQuote, setShippingQuote] = useState<ShippingQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The option the customer just picked, shown checked while the server confirms it.
  const [picked, setPicked] = useState<string | null>(null);

  const lookup = useMutation({
    mutationFn: (digits: string) => cartApi.quoteShipping(digits),
    onSuccess: (result) => {
      setShippingQuote(result);
      setError(null);
      safeStorage.set(STORAGE_KEYS.validatedShippingCep, result.cep);
    },
    onError: (failure) => setError(failure.message),
  });
  const choose = useMutation({
    mutationFn: ({ digits, method }: { digits: string; method: string }) => cartApi.chooseShipping(digits, method),
    onSuccess: (updated) => {
      queryClient.setQueryData(CART_ITEMS_KEY, updated);
      if (updated.shipping) {
        safeStorage.set(STORAGE_KEYS.selectedShippingMethod, updated.shipping.method);
        safeStorage.set(STORAGE_KEYS.selectedShippingPrice, String(updated.shipping.priceCents));
        safeStorage.set(STORAGE_KEYS.validatedShippingCep, updated.shipping.cep);
      }
      signalCart({ type: "cart-updated" });
    },
    onError: (failure) => toast.error("Não foi possível escolher o frete", { description: failure.message }),
    onSettled: () => setPicked(null),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const digits = normalizeCep(cep);
    if (!digits) {
      setError(cepProblem(cep));
      return;
    }
    lookup.mutate(digits);
  }

  function pick(quoted: ShippingQuote, method: string) {
    setPicked(method);
    choose.mutate({ digits: quoted.cep, method });
  }

  /** Checked: the option just picked, else the cart's saved choice when it was for this CEP. */
  const isChecked = (quoted: ShippingQuote, method: string) =>
    picked !== null ? picked === method : view.shipping?.method === method && view.shipping.cep === quoted.cep;

  return { cep, setCep, shippingQuote, error, quoting: lookup.isPending, submit, pick, isChecked };
}
