import { useEffect, useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { onRealtime, RESYNC } from "#app/lib/realtime.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { orderApi } from "#app/features/orders/order-api.ts";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from "#domain/orders/order-status.ts";
import { OrderDetails, OrderList } from "#app/features/orders/order-views.tsx";
import type { OrderDetail, OrderSummary } from "#domain/orders/order-types.ts";

type AdminOrdersProps = {
  orders: OrderSummary[];
  status: OrderStatus | null;
  orderId: string | null;
  order: OrderDetail | null;
};

// Inside /admin's orders section (decision 019): without `secao`, "Todos" would open the dashboard.
const hrefWith = (status: OrderStatus | null, order?: string) => {
  const params = new URLSearchParams({ secao: "pedidos" });
  if (status) params.set("status", status);
  if (order) params.set("order", order);
  return `?${params.toString()}`;
};

function OrderActions({ order }: { order: OrderDetail }) {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [trackingError, setTrackingError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const statusId = useId();
  // Cancelling has its own button; orders with shipping go through preparation and shipping before delivery.
  const next = ORDER_TRANSITIONS[order.status].filter(
    (status) => status !== "cancelled" && !(status === "delivered" && order.status === "paid" && order.shippingMethod),
  );

  async function run(path: string, json: unknown, done: string) {
    setPending(true);
    setMessage(null);
    setTrackingError(undefined);
    try {
      await orderApi(`/admin/orders/${encodeURIComponent(order.id)}${path}`, { method: "POST", json });
      setMessage({ kind: "success", text: done });
      await revalidator.revalidate();
    } catch (error) {
      const text = error instanceof ApiCallError ? error.message : "Não foi possível concluir.";
      if (path === "/tracking" && error instanceof ApiCallError && error.status === 400) setTrackingError(text);
      else setMessage({ kind: "error", text });
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-label="Ações do pedido" className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5">
      <h2 className="text-base font-bold text-stone-950">Ações</h2>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        {order.status === "pending_payment" ? (
          <button
            type="button"
            disabled={pending}
            onClick={() => void run("/confirm-payment", {}, "Pagamento confirmado.")}
            className={buttonClass("primary")}
          >
            Confirmar pagamento
          </button>
        ) : null}
        {ORDER_TRANSITIONS[order.status].includes("cancelled") ? (
          <button
            type="button"
            disabled={pending}
            onClick={() => void run("/cancel", {}, "Pedido cancelado.")}
            className={buttonClass("secondary")}
          >
            Cancelar pedido
          </button>
        ) : null}
      </div>
      {next.length > 0 ? (
        <form
          // A new status means new choices: start from the placeholder again.
          key={order.status}
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const status = new FormData(event.currentTarget).get("status");
            if (!status) return;
            void run("/status", { status }, "Status atualizado.");
          }}
        >
          <div>
            <label htmlFor={statusId} className="block text-sm font-medium text-stone-900">
              Mudar status para
            </label>
            <select
              id={statusId}
              name="status"
              required
              defaultValue=""
              className="mt-1 block rounded-lg border border-stone-300 bg-white px-2 py-2.5 text-base"
            >
              <option value="" disabled>
                Escolha…
              </option>
              {next.map((status) => (
                <option key={status} value={status}>
                  {ORDER_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={pending} className={buttonClass("secondary")}>
            Aplicar
          </button>
        </form>
      ) : null}
      {order.shippingMethod && ["paid", "preparing", "shipped"].includes(order.status) ? (
        <form
          noValidate
          key={`rastreio-${order.status}`}
          className="flex flex-wrap items-start gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const trackingCode = String(new FormData(event.currentTarget).get("trackingCode") ?? "");
            void run("/tracking", { trackingCode }, "Código de rastreio salvo.");
          }}
        >
          <Field
            label="Código de rastreio (Correios)"
            name="trackingCode"
            placeholder="AA123456785BR"
            autoCapitalize="characters"
            error={trackingError}
            defaultValue={order.trackingCode ?? ""}
          />
          <button type="submit" disabled={pending} className={buttonClass("secondary", "mt-6")}>
            Salvar rastreio
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** /admin (minimal, issue 6): orders by status and one order's actions. The full panel comes later. */
export function AdminOrders({ orders, status, orderId, order }: AdminOrdersProps) {
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  // A new order (admin_new_order) or any change shows up without a reload.
  useEffect(() => onRealtime("notification", () => void revalidate()), [revalidate]);
  // So does one whose notification was lost while the shop's realtime connection was down.
  useEffect(() => onRealtime(RESYNC, () => void revalidate()), [revalidate]);

  return (
    <section aria-labelledby="secao-pedidos" className="space-y-6">
      <h2 id="secao-pedidos" className="text-xl font-bold text-stone-950">
        Pedidos
      </h2>
      <nav aria-label="Filtrar pedidos por status" className="flex flex-wrap gap-2">
        <Link
          to={hrefWith(null)}
          aria-current={status === null ? "page" : undefined}
          className={buttonClass(status === null ? "primary" : "secondary")}
        >
          Todos
        </Link>
        {ORDER_STATUSES.map((value) => (
          <Link
            key={value}
            to={hrefWith(value)}
            aria-current={status === value ? "page" : undefined}
            className={buttonClass(status === value ? "primary" : "secondary")}
          >
            {ORDER_STATUS_LABELS[value]}
          </Link>
        ))}
      </nav>
      {order ? (
        <div className="space-y-6">
          <Link to={hrefWith(status)} className="text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline">
            ← Voltar à lista
          </Link>
          <p className="text-sm text-stone-700">
            Cliente: {order.customerName} · {order.customerEmail}
          </p>
          <OrderActions order={order} />
          <OrderDetails order={order} />
        </div>
      ) : (
        <>
          {orderId ? <FormMessage kind="info">Pedido {orderId} não encontrado.</FormMessage> : null}
          {orders.length === 0 ? (
            <p className="text-stone-700">Nenhum pedido {status ? `com status \u201c${ORDER_STATUS_LABELS[status]}\u201d` : "ainda"}.</p>
          ) : (
            <OrderList orders={orders} showCustomer hrefFor={(id) => hrefWith(status, id)} />
          )}
        </>
      )}
    </section>
  );
}
