import { useEffect, useState } from "react";
import { apiClient } from "#app/lib/api-client.ts";
import type { CheckoutCart } from "#app/features/checkout/checkout-types.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { normalizeCouponCode, priceDiscounts, type CouponTerms } from "#domain/coupons/coupon-rules.ts";
import type { couponsContract } from "#server/contracts/coupons.ts";
import { couponsRoutes } from "#server/contracts/coupons.routes.ts";
import type { ShippingChoice } from "#domain/shipping/shipping-methods.ts";

const coupons = apiClient<typeof couponsContract>(couponsRoutes, { fallbackMessage: "Não foi possível concluir. Tente novamente." });
/** Where the order goes and how: the server quotes that freight, which a free-shipping coupon takes off. */
export type ChosenFreight = { cep: string; shippingMethod: ShippingChoice } | null;

const preview = (couponCode?: string, freight: ChosenFreight = null) =>
  coupons.call("couponPreview", { body: couponCode ? { couponCode, ...freight } : {} });

export type CouponMessage = { kind: "error" | "ok"; text: string } | null;

/**
 * The review step's coupon and credit (decisions 027 and 028): asks the server whether a coupon
 * applies to this cart, prices what the coupon and credit take off with the same rules the server
 * prices the order by, and never drops an applied coupon without asking: a second code waits for
 * the customer's "Substituir" (issue 28 item 7). The server decides the amounts again at the order.
 */
export function useCheckoutDiscounts(cart: CheckoutCart, shippingCents: number | null, freight: ChosenFreight) {
  const [typed, setTyped] = useState("");
  const [coupon, setCoupon] = useState<CouponTerms | null>(null);
  /** A second code the customer typed while `coupon` is applied: shown as a question until answered. */
  const [replacing, setReplacing] = useState<string | null>(null);
  const [message, setMessage] = useState<CouponMessage>(null);
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

  /** Asks the server for `code`; a refusal leaves the coupon already applied (if any) in place. */
  async function check(code: string) {
    setChecking(true);
    setMessage(null);
    try {
      const answer = await preview(code, freight);
      setCoupon(answer.coupon);
      setCreditCents(answer.creditCents);
      setTyped("");
      setMessage({ kind: "ok", text: `Cupom ${answer.coupon?.code ?? code} aplicado.` });
    } catch (error) {
      const reason = error instanceof ApiCallError ? error.message : "Não foi possível conferir o cupom. Tente novamente.";
      setMessage({ kind: "error", text: coupon ? `${reason} O cupom ${coupon.code} continua aplicado.` : reason });
    } finally {
      setChecking(false);
    }
  }

  function apply() {
    const code = normalizeCouponCode(typed);
    if (!code) {
      setMessage({ kind: "error", text: "Digite o código do cupom." });
      return;
    }
    if (coupon && code === coupon.code) {
      setMessage({ kind: "ok", text: `O cupom ${coupon.code} já está aplicado.` });
      return;
    }
    // One coupon per order: a second code replaces the first only when the customer says so.
    if (coupon) {
      setMessage(null);
      setReplacing(code);
      return;
    }
    void check(code);
  }

  function confirmReplace() {
    const code = replacing;
    setReplacing(null);
    if (code) void check(code);
  }

  function keepCurrent() {
    setReplacing(null);
    setTyped("");
    if (coupon) setMessage({ kind: "ok", text: `O cupom ${coupon.code} continua aplicado.` });
  }

  function remove() {
    setCoupon(null);
    setReplacing(null);
    setTyped("");
    setMessage({ kind: "ok", text: "Cupom removido." });
  }

  const amounts = { subtotalCents: cart.subtotalCents, packagingCents: cart.packagingCents, shippingCents: shippingCents ?? 0 };
  const priced = priceDiscounts(amounts, coupon, useCredits ? creditCents : 0);

  return {
    typed,
    setTyped,
    coupon,
    replacing,
    message,
    checking,
    creditCents,
    useCredits,
    setUseCredits,
    apply,
    confirmReplace,
    keepCurrent,
    remove,
    priced,
  };
}

export type CheckoutDiscountsState = ReturnType<typeof useCheckoutDiscounts>;
