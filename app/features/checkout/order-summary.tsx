import { formatBRL } from "#domain/pricing/money.ts";
import type { CheckoutCart } from "#app/features/checkout/checkout-types.ts";

/** The lines and totals under review; `shippingCents` is null until a shipping option is chosen. */
export function OrderSummary({ cart, shippingCents }: { cart: CheckoutCart; shippingCents: number | null }) {
  const total = cart.subtotalCents + cart.packagingCents + (shippingCents ?? 0);
  return (
    <div>
      <ul className="divide-y divide-stone-100 text-sm">
        {cart.lines.map((line) => (
          <li key={line.productId} className="flex justify-between gap-4 py-2">
            <span>
              {line.productName}{" "}
              <span className="text-stone-600">· {line.unitType === "gram" ? `${line.quantity} g` : `${line.quantity} un.`}</span>
              {line.packagingFeeCents > 0 ? (
                <span className="block text-xs text-stone-600">Embalagem: {formatBRL(line.packagingFeeCents)}</span>
              ) : null}
              {line.problem ? <span className="block text-sm text-red-800">{line.problem}</span> : null}
            </span>
            <span className="shrink-0">{formatBRL(line.finalTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatBRL(cart.subtotalCents)}</dd>
        </div>
        {cart.packagingCents > 0 ? (
          <div className="flex justify-between">
            <dt>Embalagens</dt>
            <dd>{formatBRL(cart.packagingCents)}</dd>
          </div>
        ) : null}
        {cart.needsShipping ? (
          <div className="flex justify-between">
            <dt>Frete</dt>
            <dd>{shippingCents === null ? "escolha o envio" : formatBRL(shippingCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatBRL(total)}</dd>
        </div>
      </dl>
    </div>
  );
}
