import { useId } from "react";
import { formatBRL } from "#domain/pricing/money.ts";
import { SHIPPING_METHOD_LABELS, type ShippingMethod } from "#domain/shipping/shipping-methods.ts";
import { CheckoutStep } from "#app/features/checkout/checkout-step.tsx";
import type { ShippingOption } from "#app/features/checkout/checkout-types.ts";

type ShippingStepProps = {
  number: number;
  /** null until a CEP was quoted. */
  quotes: ShippingOption[] | null;
  quoteError: string | null;
  method: ShippingMethod | null;
  /** "Escolha a forma de envio." after a submit without one. */
  error: string | undefined;
  onChoose: (method: ShippingMethod) => void;
};

/** The shipping options for the address's CEP, one radio each, with the quote's or the submit's error. */
export function ShippingStep({ number, quotes, quoteError, method, error, onChoose }: ShippingStepProps) {
  const shippingGroup = useId();
  return (
    <CheckoutStep number={number} title="Envio">
      <fieldset aria-describedby={error || quoteError ? `${shippingGroup}-erro` : undefined}>
        <legend className="sr-only">Forma de envio</legend>
        {quotes === null && !quoteError ? <p className="text-sm text-stone-700">Informe o CEP para ver as opções de envio.</p> : null}
        <div className="space-y-2">
          {(quotes ?? []).map((option) => (
            <label
              key={option.method}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-300 p-3 has-[:checked]:border-emerald-800"
            >
              <input
                type="radio"
                name="shippingMethod"
                value={option.method}
                checked={method === option.method}
                onChange={() => onChoose(option.method)}
                className="size-4"
              />
              <span className="flex-1 font-medium">{option.label || SHIPPING_METHOD_LABELS[option.method]}</span>
              <span className="text-sm text-stone-700">até {option.deliveryDays} dias úteis</span>
              <span className="font-semibold">{formatBRL(option.priceCents)}</span>
            </label>
          ))}
        </div>
        {error || quoteError ? (
          <p id={`${shippingGroup}-erro`} className="mt-2 text-sm text-red-800">
            {error ?? quoteError}
          </p>
        ) : null}
      </fieldset>
    </CheckoutStep>
  );
}
