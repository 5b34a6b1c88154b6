import { useQuery } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { onRealtime, RESYNC } from "#app/lib/realtime.ts";
import { LoadFailure } from "#app/ui/load-failure.tsx";
import { formatDateTime } from "#app/shared/format-date.ts";
import { orderFulfilmentApi, orderFulfilmentKeys } from "#app/features/orders/order-fulfilment-api.ts";
import { OrderPartsList } from "#app/features/orders/order-parts-list.tsx";
import { CARRIER_EVENT_LABELS, ORDER_TRACKING_EVENT, type OrderTracking } from "#domain/orders/order-parts.ts";
import type { OrderStatus } from "#domain/orders/order-status.ts";

/** Paid and not given back: its parts are on their way or delivered. */
const UNDER_WAY: readonly OrderStatus[] = ["paid", "preparing", "shipped", "delivered"];

function TrackingTimeline({ tracking }: { tracking: OrderTracking }) {
  return (
    <div className="space-y-2">
      {tracking.code ? (
        <p>
          Código de rastreio: <strong className="font-mono">{tracking.code}</strong>
        </p>
      ) : null}
      {tracking.url ? (
        <p>
          <a href={tracking.url} target="_blank" rel="noreferrer" className="font-semibold text-emerald-800 underline">
            Acompanhar a entrega<span className="sr-only"> (abre em nova aba)</span>
          </a>
        </p>
      ) : null}
      {tracking.events.length === 0 ? (
        <p className="text-stone-700">A transportadora ainda não enviou novidades desta encomenda.</p>
      ) : (
        <ol aria-label="Eventos da entrega" className="space-y-1 border-l-2 border-emerald-800 pl-4">
          {tracking.events.map((event, index) => (
            <li key={`${event.status}-${index}`}>
              <time dateTime={event.occurredAt} className="text-stone-600">
                {formatDateTime(event.occurredAt)}
              </time>{" "}
              <span className="font-medium text-stone-900">{CARRIER_EVENT_LABELS[event.status]}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The customer's view of an order's delivery (issue 30 items 5 and 6): each part and where it
 * stands, the parcel's tracking link and every event the carrier sent. It reads again when the
 * carrier's news or a notification about this order arrives, and after a resync.
 */
export function OrderTrackingSection({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const headingId = useId();
  const query = useQuery({
    queryKey: orderFulfilmentKeys.mine(orderId),
    queryFn: () => orderFulfilmentApi.mine(orderId),
    staleTime: 0,
  });
  const refetch = query.refetch;
  useEffect(() => {
    const forThisOrder = (data: unknown) => (data as { order_id?: string } | null)?.order_id === orderId;
    const stops = [
      onRealtime(ORDER_TRACKING_EVENT, (data) => forThisOrder(data) && void refetch()),
      onRealtime("notification", (data) => forThisOrder(data) && void refetch()),
      onRealtime(RESYNC, () => void refetch()),
    ];
    return () => stops.forEach((stop) => stop());
  }, [orderId, refetch]);

  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-stone-700">
        Carregando a entrega…
      </p>
    );
  }
  if (query.isError) {
    return (
      <section aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5 text-sm text-stone-800">
        <h3 id={headingId} className="text-base font-bold text-stone-950">
          Acompanhar a entrega
        </h3>
        <LoadFailure onRetry={() => void refetch()}>Não foi possível carregar a entrega. {query.error.message}</LoadFailure>
      </section>
    );
  }
  const { parts, tracking } = query.data;
  // A single digital item has nothing to follow ("Acesso e downloads" says it all); an order not
  // paid, or cancelled before it left, has nothing on its way.
  if (!tracking && (parts.every((part) => part.kind === "access") || !UNDER_WAY.includes(status))) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5 text-sm text-stone-800">
      <h3 id={headingId} className="text-base font-bold text-stone-950">
        Acompanhar a entrega
      </h3>
      {parts.length > 1 ? (
        <>
          <p>Cada parte do pedido é entregue do seu jeito; ele fica “Entregue” quando todas forem.</p>
          <OrderPartsList parts={parts} />
        </>
      ) : (
        <OrderPartsList parts={parts} />
      )}
      {tracking ? <TrackingTimeline tracking={tracking} /> : null}
    </section>
  );
}
