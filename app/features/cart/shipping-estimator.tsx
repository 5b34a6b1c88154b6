import { useId } from "react";
import { formatBRL } from "#domain/pricing/money.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { useShippingEstimator } from "#app/features/cart/use-shipping-estimator.ts";
import { formatCep } from "#domain/shipping/cep.ts";
import type { CartView } from "#domain/cart/cart-types.ts";
import { methodEstimateText } from "#domain/shipping/delivery-estimate.ts";

/** Shipping by CEP: quote the options, choose one (or read the choice already saved on the cart). */
export function ShippingEstimator({ view }: { view: CartView }) {
  const cepId = useId();
  const errorId = useId();
  const { cep, setCep, shippingQuote, error, quoting, submit, pick, isChecked } = useShippingEstimator(view);

  const options = shippingQuote?.options ?? [];
  return (
    <section aria-labelledby={`${cepId}-titulo`} className="rounded-2xl border border-stone-200 bg-white p-4">
      <h2 id={`${cepId}-titulo`} className="font-semibold text-stone-950">
        Frete
      </h2>
      <form onSubmit={submit} className="mt-2 flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={cepId} className="block text-sm text-stone-800">
            CEP
          </label>
          <input
            id={cepId}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            value={cep.length === 8 && /^\d+$/.test(cep) ? formatCep(cep) : cep}
            onChange={(event) => setCep(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`mt-1 h-10 w-full rounded-lg border border-stone-300 px-3 ${focusRing}`}
          />
        </div>
        <button type="submit" disabled={quoting} className={buttonClass("secondary", "h-10")}>
          Calcular
        </button>
      </form>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {options.length > 0 && shippingQuote ? (
        <fieldset className="mt-3 space-y-2">
          <legend className="text-sm text-stone-700">
            {/* A live quote (decision 073) has no table region: the CEP names where it goes. */}
            Entrega para {shippingQuote.region ?? formatCep(shippingQuote.cep)}
          </legend>
          {options.map((option) => (
            <label key={option.method} className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 p-2 text-sm">
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="frete"
                  checked={isChecked(shippingQuote, option.method)}
                  onChange={() => pick(shippingQuote, option.method)}
                  className="size-4 accent-emerald-800"
                />
                {option.label} · {methodEstimateText(view.productionDays, option.deliveryDays)}
              </span>
              <span className="font-semibold">{formatBRL(option.priceCents)}</span>
            </label>
          ))}
        </fieldset>
      ) : view.shipping ? (
        <p className="mt-3 text-sm text-stone-800">
          {view.shipping.label} para {formatCep(view.shipping.cep)}: {formatBRL(view.shipping.priceCents)}, entrega{" "}
          {methodEstimateText(view.productionDays, view.shipping.deliveryDays)}
        </p>
      ) : null}
    </section>
  );
}
