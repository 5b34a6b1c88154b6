import { Link } from "react-router";
import { OrderStatusBadge } from "#app/features/orders/order-views.tsx";
import { formatDateTime } from "#app/shared/format-date.ts";
import { PAYMENT_STATE_LABELS, type AdminOrderPage, type AdminOrderRow } from "#domain/orders/admin-order-schemas.ts";
import { orderLabel } from "#domain/orders/order-status.ts";
import { formatBRL } from "#domain/pricing/money.ts";

/** The URL of the same page with other parameters (the filters stay). */
export function hrefWith(search: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : "?";
}

const orderHref = (search: URLSearchParams, id: string) => hrefWith(search, { order: id });

function PaymentBadge({ row }: { row: AdminOrderRow }) {
  return <span className="text-sm text-stone-700">{PAYMENT_STATE_LABELS[row.paymentState]}</span>;
}

const itemsText = (count: number) => `${count} ${count === 1 ? "item" : "itens"}`;

function Pager({ page, search }: { page: AdminOrderPage; search: URLSearchParams }) {
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Páginas de pedidos" className="flex items-center justify-between gap-2">
      {page.page > 1 ? (
        <Link
          to={hrefWith(search, { page: page.page - 1 === 1 ? null : String(page.page - 1) })}
          className="font-semibold text-emerald-800 underline"
        >
          ← Anterior
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-700">
        Página {page.page} de {pages}
      </span>
      {page.page < pages ? (
        <Link to={hrefWith(search, { page: String(page.page + 1) })} className="font-semibold text-emerald-800 underline">
          Próxima →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The page of orders: a table from `md` up, cards below it (one of the two is in the page at a time). */
export function OrderResults({ page, search }: { page: AdminOrderPage; search: URLSearchParams }) {
  if (page.orders.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-stone-200 bg-white px-4 py-6 text-stone-700">
        Nenhum pedido encontrado com esses filtros.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm text-stone-700">
        {page.total === 1 ? "1 pedido encontrado" : `${page.total} pedidos encontrados`}
      </p>
      <table className="hidden w-full rounded-xl border border-stone-200 bg-white text-left text-sm md:table">
        <caption className="sr-only">Pedidos encontrados</caption>
        <thead className="border-b border-stone-200 text-stone-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Pedido
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Data
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Cliente
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Pagamento
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {page.orders.map((row) => (
            <tr key={row.id}>
              <td className="px-3 py-2">
                <Link to={orderHref(search, row.id)} preventScrollReset className="font-semibold text-emerald-800 underline">
                  Pedido {orderLabel(row.number)}
                </Link>
              </td>
              <td className="px-3 py-2 text-stone-700">{formatDateTime(row.createdAt)}</td>
              <td className="px-3 py-2 text-stone-900">
                {row.customerName}
                <span className="block text-xs text-stone-600">{row.customerEmail}</span>
              </td>
              <td className="px-3 py-2">
                <OrderStatusBadge status={row.status} />
              </td>
              <td className="px-3 py-2">
                <PaymentBadge row={row} />
              </td>
              <td className="px-3 py-2 text-right font-semibold text-stone-950">
                {formatBRL(row.totalCents)}
                <span className="block text-xs font-normal text-stone-600">{itemsText(row.itemCount)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Pedidos encontrados" className="space-y-3 md:hidden">
        {page.orders.map((row) => (
          <li key={row.id} className="rounded-xl border border-stone-200 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link to={orderHref(search, row.id)} preventScrollReset className="text-base font-semibold text-emerald-800 underline">
                Pedido {orderLabel(row.number)}
              </Link>
              <OrderStatusBadge status={row.status} />
            </div>
            <p className="mt-1 text-sm text-stone-900">{row.customerName}</p>
            <p className="text-xs break-all text-stone-600">{row.customerEmail}</p>
            <p className="mt-2 flex flex-wrap justify-between gap-2 text-sm text-stone-700">
              <span>
                {formatDateTime(row.createdAt)} · {itemsText(row.itemCount)}
              </span>
              <span>
                <PaymentBadge row={row} /> · <strong className="text-stone-950">{formatBRL(row.totalCents)}</strong>
              </span>
            </p>
          </li>
        ))}
      </ul>
      <Pager page={page} search={search} />
    </div>
  );
}
