import { ChevronDown } from "lucide-react";
import { formatBRL } from "#domain/pricing/money.ts";
import type { CartView } from "#domain/cart/cart-types.ts";
import type { CheckoutCart, CheckoutSummaryData } from "#app/features/checkout/checkout-types.ts";
import { focusRing } from "#app/ui/button-styles.ts";

export function summaryOfCheckoutCart(cart: CheckoutCart): CheckoutSummaryData {
  return {
    lines: cart.lines.map((line) => ({ ...line, totalCents: line.finalTotalCents })),
    itemsCents: cart.subtotalCents + cart.packagingCents,
  };
}

export function summaryOfCartView(view: CartView): CheckoutSummaryData {
  const lines = view.items.map((item) => ({
    productId: item.productId,
    productName: item.productName,
    unitType: item.unitType,
    quantity: item.quantity,
    totalCents: item.lineTotalCents,
  }));
  return { lines, itemsCents: lines.reduce((sum, line) => sum + line.totalCents, 0) };
}

const quantityText = (line: CheckoutSummaryData["lines"][number]) =>
  line.unitType === "gram" ? `${line.quantity} g` : `${line.quantity} un.`;

/**
 * "Resumo do pedido", collapsed to one line (how many items, the total) on top of every step, opened
 * for the items. A native <details>: keyboard and screen readers know it, and it needs no script.
 * `freightCents`: the chosen shipping's price, null while none is chosen, 0 when nothing ships.
 */
export function CheckoutSummary({ summary, freightCents }: { summary: CheckoutSummaryData; freightCents: number | null }) {
  const count = summary.lines.length;
  const total = summary.itemsCents + (freightCents ?? 0);
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
            {formatBRL(total)}
          </strong>
        </span>
      </summary>
      <div className="border-t border-stone-200 px-4 pt-2 pb-4">
        <ul className="divide-y divide-stone-100 text-sm">
          {summary.lines.map((line) => (
            <li key={line.productId} className="flex justify-between gap-4 py-2">
              <span className="min-w-0">
                {line.productName} <span className="text-stone-600">· {quantityText(line)}</span>
              </span>
              <span className="shrink-0">{formatBRL(line.totalCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-stone-200 pt-2 text-sm">
          {freightCents === 0 ? null : (
            <div className="flex justify-between gap-4">
              <dt>Frete</dt>
              <dd>{freightCents === null ? "escolha na etapa de envio" : formatBRL(freightCents)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 text-base font-bold text-stone-950">
            <dt>Total a pagar</dt>
            <dd>{formatBRL(total)}</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-stone-600">Cupom e crédito, se houver, são descontados na revisão.</p>
      </div>
    </details>
  );
}
