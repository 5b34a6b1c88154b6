import { Link } from "react-router";
import { formatBRL } from "#domain/pricing/money.ts";
import { cartMoneyLines } from "#domain/cart/cart-money-lines.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { MoneyLinesList } from "#app/shared/money-lines.tsx";
import type { CartView } from "#domain/cart/cart-types.ts";

/** The cart's money lines (the one presenter's), the total announced when a change moves it; then the way to checkout. */
export function CartTotals({ view, cardPitch = null }: { view: CartView; cardPitch?: string | null }) {
  const { totals } = view;
  return (
    <section aria-label="Totais" className="rounded-2xl border border-stone-200 bg-white p-4">
      <p className="mb-2 text-sm text-stone-700">
        {totals.itemCount} {totals.itemCount === 1 ? "item" : "itens"}
      </p>
      <MoneyLinesList lines={cartMoneyLines(view)} totalTestId="cart-total" />
      {/* Already inside the products' amount: a note, not a line that would be taken off twice. */}
      {totals.savings > 0 ? (
        <p className="mt-2 text-sm text-emerald-800">Você economiza {formatBRL(totals.savings)} com os descontos por quantidade.</p>
      ) : null}
      {cardPitch ? (
        <p className="mt-2 text-sm text-stone-700" data-testid="cart-card-pitch">
          No cartão de crédito, {cardPitch}.
        </p>
      ) : null}
      <Link to="/checkout" className={buttonClass("primary", "mt-4 w-full py-3 text-base")}>
        Finalizar compra
      </Link>
    </section>
  );
}
