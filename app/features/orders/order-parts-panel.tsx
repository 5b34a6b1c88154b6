import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { adminOrderKeys } from "#app/features/orders/admin-orders-api.ts";
import { orderFulfilmentApi, orderFulfilmentKeys } from "#app/features/orders/order-fulfilment-api.ts";
import { OrderPartsList } from "#app/features/orders/order-parts-list.tsx";
import type { OrderFulfilment, OrderPart } from "#domain/orders/order-parts.ts";
import type { OrderStatus } from "#domain/orders/order-status.ts";

/** While the order is paid and not closed, a service waiting can be marked held. */
const OPEN: readonly OrderStatus[] = ["paid", "preparing", "shipped"];

/**
 * The owner's view of an order's parts (decision 081) on the admin order page: each part's state,
 * "Marcar como realizada" for a service that took place, and "Produtos entregues" for a shipped
 * parcel no carrier reports on. The order is "Entregue" when every part is.
 */
export function OrderPartsPanel({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: orderFulfilmentKeys.admin(orderId), queryFn: () => orderFulfilmentApi.admin(orderId), staleTime: 0 });
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  async function run(call: () => Promise<OrderFulfilment>, done: string) {
    setPending(true);
    setMessage(null);
    try {
      queryClient.setQueryData(orderFulfilmentKeys.admin(orderId), await call());
      setMessage({ kind: "success", text: done });
      // The order's status, history and audit entries changed with it.
      await queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    } catch (error) {
      setMessage({
        kind: "error",
        text: error instanceof ApiCallError && error.message ? error.message : "Não foi possível concluir. Tente novamente.",
      });
    } finally {
      setPending(false);
    }
  }

  function action(part: OrderPart) {
    if (!OPEN.includes(status) || part.doneAt) return null;
    if (part.kind === "service") {
      return (
        <button
          type="button"
          disabled={pending}
          onClick={() => void run(() => orderFulfilmentApi.serviceHeld(orderId, part.productId!), `${part.label}: realizada.`)}
          className={buttonClass("secondary")}
        >
          Marcar como realizada<span className="sr-only">: {part.label}</span>
        </button>
      );
    }
    if (part.kind === "shipment" && status === "shipped") {
      return (
        <button
          type="button"
          disabled={pending}
          onClick={() => void run(() => orderFulfilmentApi.parcelDelivered(orderId), "Produtos marcados como entregues.")}
          className={buttonClass("secondary")}
        >
          Produtos entregues
        </button>
      );
    }
    return null;
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800 print:hidden"
    >
      <h2 id={headingId} className="text-base font-bold text-stone-950">
        Partes do pedido
      </h2>
      {query.isPending ? (
        <p role="status">Carregando as partes do pedido…</p>
      ) : query.isError ? (
        <FormMessage kind="error">{query.error.message || "Não foi possível carregar as partes do pedido."}</FormMessage>
      ) : query.data.parts.length === 0 ? (
        <p>Este pedido não tem itens para entregar.</p>
      ) : (
        <>
          <OrderPartsList parts={query.data.parts} action={action} />
          {query.data.tracking?.url ? (
            <p>
              <a href={query.data.tracking.url} target="_blank" rel="noreferrer" className="font-semibold text-emerald-800 underline">
                Rastreio como o cliente vê<span className="sr-only"> (abre em nova aba)</span>
              </a>
            </p>
          ) : null}
        </>
      )}
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </section>
  );
}
