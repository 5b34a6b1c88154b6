import { Link } from "react-router";
import { formatBRL } from "#domain/pricing/money.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import type { CartView } from "#domain/cart/cart-types.ts";

/** Subtotal, savings, shipping and the total, announced when a change moves it; then the way to checkout. */
export function CartTotals({ view }: { view: CartView }) {
  const { totals } = view;
  return (
    <section aria-label="Totais" className="rounded-2xl border border-stone-200 bg-white p-4">
      <dl className="space-y-1 text-sm text-stone-800">
        <div className="flex justify-between">
          <dt>
            Subtotal ({totals.itemCount} {totals.itemCount === 1 ? "item" : "itens"})
          </dt>
          <dd>{formatBRL(totals.subtotal)}</dd>
        </div>
        {totals.savings > 0 ? (
          <div className="flex justify-between text-emerald-800">
            <dt>Economia nos descontos</dt>
            <dd>{formatBRL(totals.savings)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Frete</dt>
          <dd>{!view.needsShipping ? "Sem entrega física" : view.shipping ? formatBRL(totals.shippingTotal) : "Calcule pelo CEP"}</dd>
        </div>
      </dl>
      <p className="mt-3 flex items-baseline justify-between border-t border-stone-200 pt-3">
        <span className="font-semibold text-stone-950">Total</span>
        <output aria-live="polite" data-testid="cart-total" className="text-2xl font-bold text-stone-950">
          {formatBRL(totals.total)}
        </output>
      </p>
      <Link to="/checkout" className={buttonClass("primary", "mt-4 w-full py-3 text-base")}>
        Finalizar compra
      </Link>
    </section>
  );
}
