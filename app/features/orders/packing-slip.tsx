import { formatCep } from "#domain/shipping/address-schema.ts";
import { formatDate, orderLabel } from "#domain/orders/order-status.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import { methodEstimateText } from "#domain/shipping/delivery-estimate.ts";
import { shippingMethodLabel } from "#domain/shipping/shipping-methods.ts";

/**
 * Printing the order page prints only the slip: everything else of the page (header, menus,
 * actions) is hidden from the printer, the slip is hidden from the screen. `:has` keeps the rule to
 * pages that hold a slip (and the rule that shows the slip repeats it: `:has(#id)` weighs as an id).
 */
const PRINT_CSS = `@media print {
  body:has(#romaneio) * { visibility: hidden; }
  body:has(#romaneio) #romaneio, body:has(#romaneio) #romaneio * { visibility: visible; }
  #romaneio { position: absolute; left: 0; top: 0; width: 100%; }
}`;

const quantityText = (unitType: "gram" | "unit", quantity: number) => (unitType === "gram" ? `${quantity} g` : `${quantity} un.`);

/**
 * The packing slip (romaneio): who receives, where, and what goes in the parcel; no prices. Only
 * what is packed: a consultoria, a course or an e-book in the same order is delivered otherwise
 * (decision 081) and is never an item to pack.
 */
export function PackingSlip({ order }: { order: OrderDetail }) {
  const address = order.shippingAddress;
  const packed = order.items.filter((item) => item.needsShipping);
  return (
    <section id="romaneio" aria-label="Romaneio para impressão" className="hidden bg-white p-6 text-black print:block">
      <style>{PRINT_CSS}</style>
      <h2 className="text-xl font-bold">Romaneio do pedido {orderLabel(order.number)}</h2>
      <p className="text-sm">Pedido feito em {formatDate(order.createdAt)}</p>
      {address ? (
        <div className="mt-4 border border-black p-3">
          <p className="text-xs font-semibold uppercase">Destinatário</p>
          <p className="text-lg font-bold">{address.recipientName}</p>
          <p>
            {address.street}, {address.number}
            {address.complement ? ` — ${address.complement}` : ""}
          </p>
          <p>
            {address.neighborhood} · {address.city}/{address.state}
          </p>
          <p className="font-bold">CEP {formatCep(address.cep)}</p>
          {order.shippingMethod ? (
            <p>
              Envio: {shippingMethodLabel(order.shippingMethod)}
              {order.trackingCode ? ` · Rastreio ${order.trackingCode}` : ""}
            </p>
          ) : null}
          {order.shippingDays ? <p>Prazo estimado ao cliente: {methodEstimateText(order.productionDays, order.shippingDays)}</p> : null}
        </div>
      ) : (
        <p className="mt-4">Pedido sem envio (nada a despachar).</p>
      )}
      <table className="mt-4 w-full border-collapse text-left text-sm">
        <caption className="sr-only">Itens do romaneio</caption>
        <thead>
          <tr className="border-b border-black">
            <th scope="col" className="py-1 pr-3">
              Item
            </th>
            <th scope="col" className="py-1 pr-3">
              Quantidade
            </th>
            <th scope="col" className="py-1 pr-3">
              Conferido
            </th>
          </tr>
        </thead>
        <tbody>
          {packed.map((item) => (
            <tr key={item.productId} className="border-b border-stone-400">
              <td className="py-1 pr-3">
                {item.productName}
                {item.packagingFeeCents > 0 ? " (em sachês individuais)" : ""}
              </td>
              <td className="py-1 pr-3">{quantityText(item.unitType, item.quantity)}</td>
              <td className="py-1 pr-3">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
