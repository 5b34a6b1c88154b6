import { Link } from "react-router";
import { PixPayment } from "#app/features/payments/pix-payment.tsx";
import { PixPending } from "#app/features/payments/pix-pending.tsx";
import { OrderDetails, OrderList } from "#app/features/orders/order-views.tsx";
import type { OrderSummary, OrderWithQr } from "#domain/orders/order-types.ts";
import { useOrderUpdates } from "#app/features/orders/use-order-updates.ts";
import { WithdrawalRequest } from "#app/features/orders/withdrawal-request.tsx";
import { RenewPix } from "#app/features/orders/renew-pix.tsx";
import { OrderDeliveries } from "#app/features/delivery/order-deliveries.tsx";
import { OrderTrackingSection } from "#app/features/orders/order-tracking.tsx";
import { OrderReviews } from "#app/features/reviews/order-reviews.tsx";

/** The /cliente "Pedidos" tab: the list, or one order (?order=ID) with its Pix while unpaid and its history. */
export function CustomerOrders({
  orders,
  order,
  requested,
}: {
  orders: OrderSummary[];
  order: OrderWithQr | null;
  requested: string | null;
}) {
  const reload = useOrderUpdates(order?.id ?? null);
  if (order) {
    return (
      <div className="space-y-6">
        <Link to="/cliente/pedidos" className="text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline">
          ← Todos os pedidos
        </Link>
        {order.pix ? (
          <PixPayment code={order.pix.code} qrSvg={order.pixQrSvg} expiresAt={order.pix.expiresAt} onExpired={reload} />
        ) : order.pixGeneration ? (
          <PixPending state={order.pixGeneration} />
        ) : null}
        <RenewPix order={order} />
        <OrderDetails order={order} />
        <OrderTrackingSection orderId={order.id} status={order.status} />
        <OrderDeliveries orderId={order.id} />
        <OrderReviews order={order} />
        <WithdrawalRequest order={order} />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {requested ? (
        <p role="status" className="rounded-lg border border-stone-200 bg-white p-3 text-sm text-stone-800">
          Pedido <strong>{requested}</strong> não encontrado entre os seus pedidos.
        </p>
      ) : null}
      {orders.length === 0 ? (
        <p className="text-stone-700">Você ainda não fez pedidos. Quando fizer, eles aparecem aqui com o andamento de cada um.</p>
      ) : (
        <OrderList orders={orders} hrefFor={(id) => `/cliente/pedidos?order=${encodeURIComponent(id)}`} />
      )}
    </div>
  );
}
