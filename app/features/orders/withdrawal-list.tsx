import { Link } from "react-router";
import type { Dashboard } from "#domain/dashboard/dashboard-schemas.ts";
import { formatDate, orderLabel } from "#domain/orders/order-status.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { focusRing } from "#app/ui/button-styles.ts";
import { OrderStatusBadge } from "#app/features/orders/order-views.tsx";

/** Withdrawals waiting for their products and refund, oldest request first; each opens its order. */
export function WithdrawalList({ withdrawals }: { withdrawals: Dashboard["withdrawals"] }) {
  if (withdrawals.orders.length === 0) return <p className="text-sm text-stone-700">Nenhuma devolução aguardando.</p>;
  return (
    <ul className="divide-y divide-stone-100">
      {withdrawals.orders.map((order) => (
        <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
          <Link
            to={`/admin?order=${order.id}`}
            className={`font-semibold text-emerald-800 underline-offset-4 hover:underline ${focusRing}`}
          >
            Pedido {orderLabel(order.number)}
          </Link>
          <span className="text-sm text-stone-700">{order.customerName}</span>
          <OrderStatusBadge status={order.status} />
          <span className="text-sm text-stone-900">
            {formatBRL(order.totalCents)} · pedida em {formatDate(order.requestedAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}
