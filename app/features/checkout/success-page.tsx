import { Link } from "react-router";
import { PixPayment } from "#app/features/payments/pix-payment.tsx";
import { PixPending } from "#app/features/payments/pix-pending.tsx";
import { formatBRL } from "#domain/pricing/money.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { successHeading, successNextSteps, successState } from "#app/features/checkout/success-state.ts";
import { OrderStatusBadge } from "#app/features/orders/order-views.tsx";
import type { OrderWithQr } from "#domain/orders/order-types.ts";
import { RenewPix } from "#app/features/orders/renew-pix.tsx";
import { useOrderUpdates } from "#app/features/orders/use-order-updates.ts";

/** /success: the order number, the Pix to pay, what happens next, and the way to the order. */
export function SuccessPage({ order }: { order: OrderWithQr | null }) {
  const reload = useOrderUpdates(order?.id ?? null);
  if (!order) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-3xl font-bold text-stone-950">Pedido não encontrado</h1>
        <p className="mt-3 text-stone-700">Não encontramos este pedido na sua conta.</p>
        <Link to="/cliente" className={buttonClass("primary", "mt-6")}>
          Ver meus pedidos
        </Link>
      </section>
    );
  }
  const physical = order.shippingMethod !== null;
  const state = successState(order.status);
  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold text-stone-950">{successHeading(state, order.number)}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-stone-700">
          <OrderStatusBadge status={order.status} /> Total: <strong>{formatBRL(order.totalCents)}</strong>
        </p>
      </div>
      {state === "paid" ? (
        // Paid first: a Pix code still attached to a paid order must not be offered again.
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950">
          Pagamento confirmado. Obrigado!
        </p>
      ) : order.pix ? (
        <PixPayment code={order.pix.code} qrSvg={order.pixQrSvg} expiresAt={order.pix.expiresAt} onExpired={reload} />
      ) : order.pixGeneration ? (
        <PixPending state={order.pixGeneration} />
      ) : order.pixRenewable ? (
        <RenewPix order={order} />
      ) : order.status === "cancelled" ? (
        <p role="status" className="rounded-lg border border-stone-200 bg-white p-4 text-stone-800">
          Este pedido foi cancelado{order.cancelReason ? `: ${order.cancelReason}` : ""}.
        </p>
      ) : state === "refunded" ? (
        <p role="status" className="rounded-lg border border-stone-200 bg-white p-4 text-stone-800">
          Este pedido foi reembolsado.
        </p>
      ) : null}
      <div className="rounded-2xl border border-stone-200 bg-white p-5">
        <h2 className="text-lg font-bold text-stone-950">O que acontece agora</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-stone-800">
          {successNextSteps(state, physical).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <Link to={`/cliente?order=${encodeURIComponent(order.id)}`} className={buttonClass("secondary")}>
        Acompanhar o pedido
      </Link>
    </section>
  );
}
