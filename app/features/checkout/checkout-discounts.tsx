import { useEffect, useId, useRef } from "react";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import type { CheckoutDiscountsState } from "#app/features/checkout/use-checkout-discounts.ts";

export type { ChosenFreight } from "#app/features/checkout/use-checkout-discounts.ts";

/**
 * The review step's coupon field and "Usar meu crédito" choice (decisions 027 and 028). The state
 * and pricing live in useCheckoutDiscounts; what they take off is shown in the step's money lines.
 * Hands its choices to the checkout form through two fields of its own (`couponCode`, `useCredits`).
 */
export function CheckoutDiscounts({ discounts }: { discounts: CheckoutDiscountsState }) {
  const id = useId();
  const { coupon, message, replacing } = discounts;
  const inputId = `${id}-cupom`;
  const messageId = `${id}-cupom-mensagem`;
  const questionId = `${id}-substituir`;
  const replaceButton = useRef<HTMLButtonElement>(null);

  // The question appears where the customer is: focus goes to its first answer, which reads it out.
  useEffect(() => {
    if (replacing) replaceButton.current?.focus();
  }, [replacing]);

  return (
    <section aria-labelledby={`${id}-titulo`} className="mt-5 space-y-3 rounded-xl border border-stone-200 p-4 text-sm">
      <h3 id={`${id}-titulo`} className="font-semibold text-stone-950">
        Cupom e crédito
      </h3>
      <div>
        <label htmlFor={inputId} className="block font-medium text-stone-900">
          Cupom de desconto
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={inputId}
            value={discounts.typed}
            onChange={(event) => discounts.setTyped(event.target.value)}
            onKeyDown={(event) => {
              // Enter checks the coupon; it must not place the order.
              if (event.key === "Enter") {
                event.preventDefault();
                discounts.apply();
              }
            }}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={30}
            aria-invalid={message?.kind === "error" ? true : undefined}
            aria-describedby={messageId}
            className={`min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base uppercase text-stone-900 ${focusRing}`}
          />
          <button type="button" onClick={discounts.apply} disabled={discounts.checking} className={buttonClass("secondary")}>
            {discounts.checking ? "Conferindo…" : "Aplicar"}
          </button>
        </div>
        {replacing && coupon ? (
          <div role="group" aria-labelledby={questionId} className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
            <p id={questionId} className="font-medium text-stone-950">
              Substituir o cupom {coupon.code} por {replacing}?
            </p>
            <p className="mt-1 text-stone-700">Cada pedido usa um cupom só.</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                ref={replaceButton}
                type="button"
                onClick={discounts.confirmReplace}
                aria-describedby={questionId}
                className={buttonClass("primary")}
              >
                Substituir
              </button>
              <button type="button" onClick={discounts.keepCurrent} className={buttonClass("secondary")}>
                Manter {coupon.code}
              </button>
            </div>
          </div>
        ) : null}
        <p id={messageId} role="status" className={`mt-1 min-h-5 ${message?.kind === "error" ? "text-red-800" : "text-emerald-800"}`}>
          {message?.text}
        </p>
        {coupon ? (
          <button type="button" onClick={discounts.remove} className="text-sm font-medium text-emerald-800 underline">
            Remover o cupom {coupon.code}
          </button>
        ) : null}
        {/* What the checkout form sends: the coupon the server accepted, never the text being typed. */}
        <input type="hidden" name="couponCode" value={coupon?.code ?? ""} />
      </div>
      {discounts.creditCents > 0 ? (
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="useCredits"
            checked={discounts.useCredits}
            onChange={(event) => discounts.setUseCredits(event.target.checked)}
            className="mt-0.5 size-4"
          />
          <span>Usar meu crédito ({formatBRL(discounts.creditCents)})</span>
        </label>
      ) : null}
    </section>
  );
}
