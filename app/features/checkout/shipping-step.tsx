import { useId } from "react";
import { formatBRL } from "#domain/pricing/money.ts";
import { shippingMethodLabel, type ShippingChoice } from "#domain/shipping/shipping-methods.ts";
import { CheckoutStep } from "#app/features/checkout/checkout-step.tsx";
import type { ShippingOption } from "#app/features/checkout/checkout-types.ts";
import { methodEstimateText } from "#domain/shipping/delivery-estimate.ts";
import { StepActions } from "#app/features/checkout/step-actions.tsx";

type ShippingStepProps = {
  number: number;
  focusOnShow: boolean;
  /** The CEP the options are for, formatted ("01310-100"). */
  cep: string;
  quoting: boolean;
  /** null until a CEP was quoted. */
  quotes: ShippingOption[] | null;
  quoteError: string | null;
  method: ShippingChoice | null;
  /** The cart's production days, added to each method's (decision 058). */
  productionDays: number;
  /** "Escolha a forma de envio." after a submit without one. */
  error: string | undefined;
  onChoose: (method: ShippingChoice) => void;
  onBack: () => void;
  onContinue: () => void;
};

/** The shipping options for the address's CEP, one radio each, with the quote's or the submit's error. */
export function ShippingStep({
  number,
  focusOnShow,
  cep,
  quoting,
  quotes,
  quoteError,
  method,
  productionDays,
  error,
  onChoose,
  onBack,
  onContinue,
}: ShippingStepProps) {
  const shippingGroup = useId();
  return (
    <CheckoutStep number={number} title="Envio" focusOnShow={focusOnShow}>
      <fieldset aria-describedby={error || quoteError ? `${shippingGroup}-erro` : undefined}>
        <legend className="mb-2 text-sm text-stone-800">Forma de envio para o CEP {cep}</legend>
        {quoting ? (
          <p role="status" className="text-sm text-stone-700">
            Calculando o frete…
          </p>
        ) : quotes === null && !quoteError ? (
          <p className="text-sm text-stone-700">Informe o CEP para ver as opções de envio.</p>
        ) : null}
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
              <span className="flex-1 font-medium">{option.label || shippingMethodLabel(option.method)}</span>
              <span className="text-sm text-stone-700">{methodEstimateText(productionDays, option.deliveryDays)}</span>
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
      <StepActions onBack={onBack} continueLabel="Continuar para o pagamento" onContinue={onContinue} />
    </CheckoutStep>
  );
}
