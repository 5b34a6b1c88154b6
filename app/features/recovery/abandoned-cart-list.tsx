import type { Dashboard } from "#domain/dashboard/dashboard-schemas.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { formatDateTime } from "#app/shared/format-date.ts";

/**
 * Carts left behind (issue 19 item 5), the most recent first: who (a visitor's has no name), what
 * it holds, since when, and whether the reminder e-mail went out (only to customers who allowed it).
 */
export function AbandonedCartList({ abandoned }: { abandoned: Dashboard["abandonedCarts"] }) {
  if (abandoned.count === 0) return <p className="text-sm text-stone-700">Nenhum carrinho abandonado nos últimos 30 dias.</p>;
  return (
    <>
      <p className="text-sm text-stone-800">
        {abandoned.count === 1 ? "1 carrinho" : `${abandoned.count} carrinhos`} somando {formatBRL(abandoned.subtotalCents)} nos últimos 30
        dias.
      </p>
      <ul className="divide-y divide-stone-100">
        {abandoned.carts.map((cart) => (
          <li key={cart.cartId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
            <span className="min-w-0 font-semibold break-words text-stone-950">
              {cart.customerName ?? "Visitante sem conta"}
              {cart.customerEmail ? <span className="block text-sm font-normal text-stone-700">{cart.customerEmail}</span> : null}
            </span>
            <span className="text-sm text-stone-900">
              {cart.itemCount === 1 ? "1 item" : `${cart.itemCount} itens`} · {formatBRL(cart.subtotalCents)}
            </span>
            <span className="w-full text-xs text-stone-600">
              Última alteração em {formatDateTime(cart.lastChangeAt)}
              {cart.remindedAt ? ` · lembrete enviado em ${formatDateTime(cart.remindedAt)}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
