import { useRef, useState } from "react";
import { checkoutApi } from "#app/features/checkout/checkout-api.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import type { ShippingChoice } from "#domain/shipping/shipping-methods.ts";
import type { InitialQuote, ShippingOption } from "#app/features/checkout/checkout-types.ts";

/** The shipping options for the address's CEP and the one chosen (the cart's saved choice when offered). */
export function useShippingQuotes(initialQuote: InitialQuote, savedMethod: string | null) {
  // The loader quoted the first saved address already.
  const [quotes, setQuotes] = useState<ShippingOption[] | null>(initialQuote?.options ?? null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [method, setMethod] = useState<ShippingChoice | null>(() => {
    const options = initialQuote?.options ?? [];
    return options.find((option) => option.method === savedMethod)?.method ?? options[0]?.method ?? null;
  });
  // The CEP of the options shown: a blur and a "Buscar CEP" on the same CEP quote once.
  const quotedCep = useRef<string | null>(initialQuote?.cep ?? null);

  async function quote(cep: string) {
    if (quotedCep.current === cep) return;
    quotedCep.current = cep;
    setQuoteError(null);
    setQuoting(true);
    try {
      const result = await checkoutApi.quoteShipping(cep);
      setQuotes(result.options);
      if (result.options.length === 0) setQuoteError("Não entregamos neste CEP por enquanto.");
      setMethod((current) => (result.options.some((option) => option.method === current) ? current : (result.options[0]?.method ?? null)));
    } catch (error) {
      quotedCep.current = null;
      setQuotes(null);
      setQuoteError(error instanceof ApiCallError ? error.message : "Não foi possível calcular o frete.");
    } finally {
      setQuoting(false);
    }
  }

  const selected = quotes?.find((option) => option.method === method) ?? null;
  return { quotes, quoteError, quoting, method, setMethod, selected, quote };
}
