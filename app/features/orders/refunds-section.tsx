import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { Link, useSearchParams } from "react-router";
import { onRealtime } from "#app/lib/realtime.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { adminOrderKeys, adminOrdersApi } from "#app/features/orders/admin-orders-api.ts";
import { hrefWith } from "#app/features/orders/order-results.tsx";
import { useOrderAction } from "#app/features/orders/use-order-action.ts";
import { OrderStatusBadge } from "#app/features/orders/order-views.tsx";
import { formatDateTime } from "#app/shared/format-date.ts";
import type { RefundQueueItem } from "#domain/orders/admin-order-schemas.ts";
import { orderLabel } from "#domain/orders/order-status.ts";
import { formatBRL } from "#domain/pricing/money.ts";

/** "12345678901" → "123.456.789-01": as the bank's screen shows it. */
const formatCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");

function RefundCard({ item, search }: { item: RefundQueueItem; search: URLSearchParams }) {
  const headingId = useId();
  const { pending, message, run } = useOrderAction(item.orderId);
  return (
    <li>
      <article aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold text-stone-950">
            <Link to={hrefWith(search, { order: item.orderId, secao: null })} className="text-emerald-800 underline">
              Pedido {orderLabel(item.number)}
            </Link>
          </h3>
          <OrderStatusBadge status={item.status} />
        </div>
        <p className="text-lg font-semibold text-stone-950">
          {formatBRL(item.amountCents)}
          {item.shippingCents > 0 ? (
            <span className="text-sm font-normal"> (frete de {formatBRL(item.shippingCents)} incluído)</span>
          ) : null}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium text-stone-700">Quem pagou</dt>
          <dd>{item.customerName}</dd>
          <dt className="font-medium text-stone-700">E-mail</dt>
          <dd className="break-all">{item.customerEmail || "—"}</dd>
          <dt className="font-medium text-stone-700">CPF</dt>
          <dd>{item.cpf ? formatCpf(item.cpf) : "não informado"}</dd>
          <dt className="font-medium text-stone-700">Pago em</dt>
          <dd>{item.paidAt ? formatDateTime(item.paidAt) : "—"}</dd>
          <dt className="font-medium text-stone-700">Identificador do Pix</dt>
          <dd className="break-all font-mono">{item.endToEndId ?? item.pixTxid}</dd>
          <dt className="font-medium text-stone-700">Devido desde</dt>
          <dd>{formatDateTime(item.owedSince)}</dd>
        </dl>
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
        <button
          type="button"
          disabled={pending}
          aria-label={`Marcar o reembolso do pedido ${orderLabel(item.number)} como enviado`}
          onClick={() => void run(() => adminOrdersApi.refundSent(item.orderId), "Reembolso marcado como enviado: o cliente foi avisado.")}
          className={buttonClass("primary")}
        >
          Marcar como enviado
        </button>
      </article>
    </li>
  );
}

/**
 * The refunds the shop owes (decision 044): a withdrawal's money waits here, with what finds the
 * payment in the bank (who paid, CPF, the Pix's identifier), until the owner sends it and marks it.
 * The customer reads "reembolso em andamento" until then.
 */
export function AdminRefundsSection() {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: adminOrderKeys.refunds, queryFn: () => adminOrdersApi.refunds(), staleTime: 0 });
  useEffect(() => onRealtime("notification", () => void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all })), [queryClient]);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-stone-950">
        Reembolsos a enviar
      </h2>
      <p className="text-sm text-stone-700">Envie o Pix de volta para a conta de quem pagou e marque aqui: o cliente é avisado.</p>
      {list.isPending ? (
        <p role="status">Carregando reembolsos…</p>
      ) : list.isError ? (
        <FormMessage kind="error">{list.error.message || "Não foi possível carregar os reembolsos."}</FormMessage>
      ) : list.data.refunds.length === 0 ? (
        <p role="status" className="rounded-xl border border-stone-200 bg-white px-4 py-6 text-stone-700">
          Nenhum reembolso a enviar.
        </p>
      ) : (
        <ul aria-label="Reembolsos a enviar" className="space-y-3">
          {list.data.refunds.map((item) => (
            <RefundCard key={item.orderId} item={item} search={search} />
          ))}
        </ul>
      )}
    </section>
  );
}
