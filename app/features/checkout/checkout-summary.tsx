import { ChevronDown } from "lucide-react";
import { formatBRL } from "#domain/pricing/money.ts";
import { cartMoneyLines } from "#domain/cart/cart-money-lines.ts";
import type { CartView } from "#domain/cart/cart-types.ts";
import type { CheckoutCart, CheckoutSummaryData } from "#app/features/checkout/checkout-types.ts";
import { checkoutMoneyLines } from "#app/features/checkout/checkout-money-lines.ts";
import { MoneyLinesList } from "#app/shared/money-lines.tsx";
import { focusRing } from "#app/ui/button-styles.ts";

/** A customer's summary: the checkout's cart, and the freight of the method chosen (null: none yet). No discount is chosen before the review. */
export function summaryOfCheckoutCart(cart: CheckoutCart, shipping: { cents: number; method: string } | null): CheckoutSummaryData {
  return {
    items: cart.lines.map((line) => ({ ...line, totalCents: line.finalTotalCents })),
    money: checkoutMoneyLines(cart, shipping),
  };
}

/** A visitor's summary (identification step): the cart as the cart page shows it. */
export function summaryOfCartView(view: CartView): CheckoutSummaryData {
  return {
    items: view.items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      unitType: item.unitType,
      quantity: item.quantity,
      totalCents: item.lineTotalCents,
    })),
    money: cartMoneyLines(view),
  };
}

const quantityText = (item: CheckoutSummaryData["items"][number]) =>
  item.unitType === "gram" ? `${item.quantity} g` : `${item.quantity} un.`;

/**
 * "Resumo do pedido" above the steps before the review (which shows the full lines itself):
 * collapsed to one line (how many items, the total to pay), opened for each item and the money
 * lines. A native <details>: keyboard and screen readers know it, and it needs no script.
 */
export function CheckoutSummary({ summary }: { summary: CheckoutSummaryData }) {
  const count = summary.items.length;
  const total = summary.money.find((line) => line.kind === "total");
  return (
    <details data-testid="resumo-do-pedido" className="group rounded-2xl border border-stone-200 bg-white">
      <summary
        className={`flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 [&::-webkit-details-marker]:hidden ${focusRing}`}
      >
        <span className="flex items-center gap-2 font-semibold text-stone-950">
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 transition-transform group-open:rotate-180" />
          Resumo do pedido
        </span>
        <span className="text-right text-sm text-stone-700">
          {count} {count === 1 ? "item" : "itens"} ·{" "}
          <strong data-testid="resumo-total" className="text-base text-stone-950">
            {total?.text}
          </strong>
        </span>
      </summary>
      <div className="border-t border-stone-200 px-4 pt-2 pb-4">
        <ul aria-label="Itens" className="divide-y divide-stone-100 text-sm">
          {summary.items.map((item) => (
            <li key={item.productId} className="flex justify-between gap-4 py-2">
              <span className="min-w-0">
                {item.productName} <span className="text-stone-600">· {quantityText(item)}</span>
              </span>
              <span className="shrink-0">{formatBRL(item.totalCents)}</span>
            </li>
          ))}
        </ul>
        <MoneyLinesList lines={summary.money} label="Valores do resumo" className="mt-2 border-t border-stone-200 pt-2" />
        <p className="mt-2 text-xs text-stone-600">Cupom e crédito, se houver, são descontados na revisão.</p>
      </div>
    </details>
  );
}
