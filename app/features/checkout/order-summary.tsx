import { formatBRL } from "#domain/pricing/money.ts";
import type { MoneyLine } from "#domain/pricing/money-lines.ts";
import type { CheckoutCart } from "#app/features/checkout/checkout-types.ts";
import { MoneyLinesList } from "#app/shared/money-lines.tsx";

/**
 * The lines under review and the money lines (the one presenter's, built by the caller with the
 * chosen freight and the discounts). Each row is its line's total with its packaging, as in the
 * cart: the rows add up to products plus packaging.
 */
export function OrderSummary({ cart, lines }: { cart: CheckoutCart; lines: readonly MoneyLine[] }) {
  return (
    <div>
      <ul className="divide-y divide-stone-100 text-sm">
        {cart.lines.map((line) => (
          <li key={line.productId} className="flex justify-between gap-4 py-2">
            <span>
              {line.productName}{" "}
              <span className="text-stone-600">· {line.unitType === "gram" ? `${line.quantity} g` : `${line.quantity} un.`}</span>
              {line.packagingFeeCents > 0 ? (
                <span className="block text-xs text-stone-600">inclui embalagem de {formatBRL(line.packagingFeeCents)}</span>
              ) : null}
              {line.problem ? <span className="block text-sm text-red-800">{line.problem}</span> : null}
            </span>
            <span className="shrink-0">{formatBRL(line.finalTotalCents)}</span>
          </li>
        ))}
      </ul>
      <MoneyLinesList lines={lines} totalTestId="checkout-total" className="mt-3 border-t border-stone-200 pt-3" />
    </div>
  );
}
