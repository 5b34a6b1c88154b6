import { useEffect, useId, useState } from "react";
import { apiClient } from "#app/lib/api-client.ts";
import type { CheckoutCart } from "#app/features/checkout/checkout-types.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { priceDiscounts, type CouponTerms } from "#domain/coupons/coupon-rules.ts";
import type { couponsContract } from "#server/contracts/coupons.ts";
import { couponsRoutes } from "#server/contracts/coupons.routes.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import type { ShippingMethod } from "#domain/shipping/shipping-methods.ts";

const coupons = apiClient<typeof couponsContract>(couponsRoutes, { fallbackMessage: "Não foi possível concluir. Tente novamente." });
/** Where the order goes and how: the server quotes that freight, which a free-shipping coupon takes off. */
export type ChosenFreight = { cep: string; shippingMethod: ShippingMethod } | null;

const preview = (couponCode?: string, freight: ChosenFreight = null) =>
  coupons.call("couponPreview", { body: couponCode ? { couponCode, ...freight } : {} });

/**
 * The review step's coupon field and "Usar meu crédito" choice (decisions 027 and 028), self-contained:
 * it asks the server whether a coupon applies to this cart, shows what the coupon and credit take
 * off with the same rules the server prices the order by, and hands its choices to the checkout
 * form through two fields of its own (`couponCode`, `useCredits`). The server decides the amounts
 * again when the order is placed.
 */
export function CheckoutDiscounts({
  cart,
  shippingCents,
  freight,
}: {
  cart: CheckoutCart;
  shippingCents: number | null;
  freight: ChosenFreight;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [coupon, setCoupon] = useState<CouponTerms | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "ok"; text: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const [creditCents, setCreditCents] = useState(0);
  const [useCredits, setUseCredits] = useState(false);

  useEffect(() => {
    let current = true;
    preview().then(
      (answer) => current && setCreditCents(answer.creditCents),
      () => {}, // No credit shown: the order can still be placed.
    );
    return () => {
      current = false;
    };
  }, []);

  async function apply() {
    const code = typed.trim();
    if (!code) {
      setMessage({ kind: "error", text: "Digite o código do cupom." });
      return;
    }
    setChecking(true);
    setMessage(null);
    try {
      const answer = await preview(code, freight);
      setCoupon(answer.coupon);
      setCreditCents(answer.creditCents);
      setMessage({ kind: "ok", text: `Cupom ${answer.coupon?.code ?? code.toUpperCase()} aplicado.` });
    } catch (error) {
      setCoupon(null);
      setMessage({
        kind: "error",
        text: error instanceof ApiCallError ? error.message : "Não foi possível conferir o cupom. Tente novamente.",
      });
    } finally {
      setChecking(false);
    }
  }

  function remove() {
    setCoupon(null);
    setTyped("");
    setMessage({ kind: "ok", text: "Cupom removido." });
  }

  const amounts = { subtotalCents: cart.subtotalCents, packagingCents: cart.packagingCents, shippingCents: shippingCents ?? 0 };
  const priced = priceDiscounts(amounts, coupon, useCredits ? creditCents : 0);
  const inputId = `${id}-cupom`;
  const messageId = `${id}-cupom-mensagem`;

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
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              // Enter checks the coupon; it must not place the order.
              if (event.key === "Enter") {
                event.preventDefault();
                void apply();
              }
            }}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={30}
            aria-invalid={message?.kind === "error" ? true : undefined}
            aria-describedby={messageId}
            className={`min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base uppercase text-stone-900 ${focusRing}`}
          />
          <button type="button" onClick={() => void apply()} disabled={checking} className={buttonClass("secondary")}>
            {checking ? "Conferindo…" : "Aplicar"}
          </button>
        </div>
        <p id={messageId} role="status" className={`mt-1 min-h-5 ${message?.kind === "error" ? "text-red-800" : "text-emerald-800"}`}>
          {message?.text}
        </p>
        {coupon ? (
          <button type="button" onClick={remove} className="text-sm font-medium text-emerald-800 underline">
            Remover o cupom {coupon.code}
          </button>
        ) : null}
        {/* What the checkout form sends: the coupon the server accepted, never the text being typed. */}
        <input type="hidden" name="couponCode" value={coupon?.code ?? ""} />
      </div>
      {creditCents > 0 ? (
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="useCredits"
            checked={useCredits}
            onChange={(event) => setUseCredits(event.target.checked)}
            className="mt-0.5 size-4"
          />
          <span>Usar meu crédito ({formatBRL(creditCents)})</span>
        </label>
      ) : null}
      {priced.lines.length > 0 ? (
        <dl className="space-y-1 border-t border-stone-200 pt-3" data-testid="checkout-discounts">
          {priced.lines.map((line) => (
            <div key={line.kind} className="flex justify-between gap-3 text-emerald-900">
              <dt>{line.label}</dt>
              <dd className="shrink-0">−{formatBRL(line.amountCents)}</dd>
            </div>
          ))}
          <div className="flex justify-between text-base font-bold">
            <dt>Total a pagar</dt>
            <dd data-testid="checkout-total-to-pay">{shippingCents === null ? "escolha o envio" : formatBRL(priced.totalCents)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
