import { Link } from "react-router";
import { PictureSources } from "#app/shared/product-image.tsx";
import { formatBRL } from "#domain/pricing/money.ts";
import { formatDateTime } from "#app/shared/format-date.ts";
import { methodEstimateText } from "#domain/shipping/delivery-estimate.ts";
import { ORDER_STATUS_LABELS, orderLabel, type OrderStatus } from "#domain/orders/order-status.ts";
import type { OrderDetail, OrderSummary } from "#domain/orders/order-types.ts";
import { orderMoneyLines } from "#domain/orders/order-money-lines.ts";
import { MoneyLinesList } from "#app/shared/money-lines.tsx";

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  preparing: "bg-sky-100 text-sky-900",
  shipped: "bg-indigo-100 text-indigo-900",
  delivered: "bg-emerald-800 text-white",
  cancelled: "bg-stone-200 text-stone-800",
  refunded: "bg-stone-200 text-stone-800",
  partially_refunded: "bg-stone-200 text-stone-800",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

const quantityText = (unitType: "gram" | "unit", quantity: number) => (unitType === "gram" ? `${quantity} g` : `${quantity} un.`);

/** How many pictures a list row shows; the names say the rest. */
const THUMBNAILS = 3;

/** The first lines' pictures, overlapping a little: decoration, the names next to them say what they are. */
function LineThumbnails({ lines }: { lines: OrderSummary["lines"] }) {
  if (lines.length === 0) return null;
  return (
    <span aria-hidden="true" className="flex shrink-0 -space-x-4">
      {lines.slice(0, THUMBNAILS).map((line, index) => (
        <picture key={`${line.productName}-${index}`} className="block">
          <PictureSources src={line.image} sizes="56px" />
          <img
            src={line.image}
            alt=""
            width={56}
            height={42}
            loading="lazy"
            decoding="async"
            className="h-[42px] w-14 rounded-md bg-stone-100 object-cover ring-2 ring-white"
          />
        </picture>
      ))}
    </span>
  );
}

/** A list of orders; each opens with ?order=ID on the same page. Each row names what was bought, with pictures. */
export function OrderList({
  orders,
  hrefFor,
  showCustomer = false,
}: {
  orders: OrderSummary[];
  hrefFor: (id: string) => string;
  showCustomer?: boolean;
}) {
  return (
    <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
      {orders.map((order) => (
        <li key={order.id}>
          <Link to={hrefFor(order.id)} preventScrollReset className="flex items-start gap-3 px-4 py-3 hover:bg-stone-50">
            <LineThumbnails lines={order.lines} />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold text-stone-950">Pedido {orderLabel(order.number)}</span>
                <OrderStatusBadge status={order.status} />
              </span>
              {order.lines.length > 0 ? (
                <span data-testid="order-line-names" className="mt-1 block text-sm text-stone-800">
                  {order.lines.map((line) => line.productName).join(", ")}
                </span>
              ) : null}
              {showCustomer ? (
                <span className="block text-sm text-stone-700">
                  {order.customerName} · {order.customerEmail}
                </span>
              ) : null}
              <span className="mt-0.5 block text-sm text-stone-700">
                {formatDateTime(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? "item" : "itens"} ·{" "}
                <strong>{formatBRL(order.totalCents)}</strong>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Lines, totals, delivery, tracking and the timestamped history of one order. */
export function OrderDetails({ order }: { order: OrderDetail }) {
  const address = order.shippingAddress;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold text-stone-950">Pedido {orderLabel(order.number)}</h2>
        <OrderStatusBadge status={order.status} />
        <span className="text-sm text-stone-600">feito em {formatDateTime(order.createdAt)}</span>
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Itens do pedido</caption>
        <thead className="border-b border-stone-200 text-stone-600">
          <tr>
            <th scope="col" className="py-2 font-medium">
              Item
            </th>
            <th scope="col" className="py-2 font-medium">
              Quantidade
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Valor
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {order.items.map((item) => (
            <tr key={item.productId}>
              <td className="py-2 text-stone-900">
                {item.productName}
                {item.packagingFeeCents > 0 ? (
                  <span className="block text-xs text-stone-600">inclui embalagem de {formatBRL(item.packagingFeeCents)}</span>
                ) : null}
              </td>
              <td className="py-2 text-stone-700">{quantityText(item.unitType, item.quantity)}</td>
              <td className="py-2 text-right text-stone-900">{formatBRL(item.finalTotalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <MoneyLinesList lines={orderMoneyLines(order)} label="Valores do pedido" totalTestId="order-total" className="ml-auto max-w-xs" />
      {address ? (
        <section aria-label="Entrega" className="text-sm text-stone-800">
          <h3 className="font-semibold text-stone-950">Entrega</h3>
          <p>
            {address.recipientName} · {address.street}, {address.number}
            {address.complement ? ` (${address.complement})` : ""} · {address.neighborhood} · {address.city}/{address.state} · CEP{" "}
            {address.cep.slice(0, 5)}-{address.cep.slice(5)}
          </p>
          {order.shippingDays ? <p>Prazo estimado: {methodEstimateText(order.productionDays, order.shippingDays)}.</p> : null}
          {/* Carrier-neutral: with Melhor Envio the parcel may travel by Jadlog or another carrier, not the Correios. */}
          {order.trackingCode ? (
            <p>
              Código de rastreio: <strong className="font-mono">{order.trackingCode}</strong>
            </p>
          ) : null}
        </section>
      ) : null}
      {order.cancelReason ? <p className="text-sm text-stone-800">Motivo do cancelamento: {order.cancelReason}</p> : null}
      {order.refund ? (
        // Owed: the shop still has to send the money; only then does it read as sent (decision 044).
        <p className="text-sm text-stone-800">
          {order.refund.status === "owed"
            ? `Reembolso em andamento desde ${formatDateTime(order.refund.createdAt)}: ${formatBRL(order.refund.amountCents)}`
            : `Reembolso ${order.refund.paidAt ? `enviado em ${formatDateTime(order.refund.paidAt)}` : `registrado em ${formatDateTime(order.refund.createdAt)}`}: ${formatBRL(order.refund.amountCents)}`}
          {order.refund.shippingCents > 0 ? `, frete de ${formatBRL(order.refund.shippingCents)} incluído` : ""}.
        </p>
      ) : null}
      <section aria-label="Histórico do pedido">
        <h3 className="text-sm font-semibold text-stone-950">Histórico</h3>
        <ol className="mt-2 space-y-1 border-l-2 border-emerald-800 pl-4 text-sm">
          {order.history.map((entry, index) => (
            <li key={`${entry.toStatus}-${index}`}>
              <time dateTime={entry.createdAt} className="text-stone-600">
                {formatDateTime(entry.createdAt)}
              </time>{" "}
              <span className="font-medium text-stone-900">{ORDER_STATUS_LABELS[entry.toStatus]}</span>
              {entry.note ? <span className="text-stone-700"> — {entry.note}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
