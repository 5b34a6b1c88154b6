import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { onRealtime } from "#app/lib/realtime.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { adminOrderKeys, adminOrdersApi } from "#app/features/orders/admin-orders-api.ts";
import { hrefWith } from "#app/features/orders/order-results.tsx";
import { ReturnActions } from "#app/features/orders/return-actions.tsx";
import { useOrderAction } from "#app/features/orders/use-order-action.ts";
import { OrderStatusBadge } from "#app/features/orders/order-views.tsx";
import { formatDateTime } from "#app/shared/format-date.ts";
import { csvMoney, parseReais } from "#domain/orders/admin-order-rules.ts";
import { RETURN_STATE_LABELS, type ReturnItem } from "#domain/orders/admin-order-schemas.ts";
import { orderLabel } from "#domain/orders/order-status.ts";
import { formatBRL } from "#domain/pricing/money.ts";

const FILTERS = [
  ["open", "Na fila"],
  ["done", "Concluídas"],
  ["", "Todas"],
] as const;

/** The queue's refund: the amount actually sent back (the total by default, less allowed). */
function QueueRefund({ item }: { item: ReturnItem }) {
  const { pending, message, run } = useOrderAction(item.orderId);
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      aria-label={`Registrar reembolso do pedido ${orderLabel(item.number)}`}
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        const amountCents = parseReais(String(new FormData(event.currentTarget).get("amount") ?? ""));
        if (amountCents === null || amountCents <= 0) {
          setError("Informe o valor em reais, ex.: 35,90.");
          return;
        }
        setError(undefined);
        void run(() => adminOrdersApi.refund(item.orderId, amountCents, ""), "Reembolso registrado: o cliente foi avisado.", setError);
      }}
    >
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <Field
        label="Valor do reembolso (R$)"
        name="amount"
        inputMode="decimal"
        defaultValue={csvMoney(item.totalCents)}
        hint={`Até ${formatBRL(item.totalCents)}, frete incluído.`}
        error={error}
      />
      <button type="submit" disabled={pending} className={buttonClass("secondary")}>
        Registrar reembolso
      </button>
    </form>
  );
}

function ReturnCard({ item, search }: { item: ReturnItem; search: URLSearchParams }) {
  const headingId = useId();
  return (
    <li>
      <article aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold text-stone-950">
            <Link to={hrefWith(search, { order: item.orderId })} className="text-emerald-800 underline">
              Pedido {orderLabel(item.number)}
            </Link>
          </h3>
          <OrderStatusBadge status={item.status} />
        </div>
        <p>
          <strong>{RETURN_STATE_LABELS[item.state]}</strong> ·{" "}
          {item.mode === "cancel" ? "desistência antes do envio (cancelado na hora)" : "devolução depois do envio"}
        </p>
        <p>
          {item.customerName} · <span className="break-all">{item.customerEmail}</span>
        </p>
        <p>
          Pedida em {formatDateTime(item.requestedAt)} · total {formatBRL(item.totalCents)}
          {item.refundCents !== null ? ` · reembolso de ${formatBRL(item.refundCents)} registrado` : ""}
          {item.replies > 0 ? ` · ${item.replies === 1 ? "1 resposta enviada" : `${item.replies} respostas enviadas`}` : ""}
        </p>
        {item.reason ? <p className="text-stone-700">Motivo: {item.reason}</p> : null}
        <ReturnActions
          orderId={item.orderId}
          number={item.number}
          state={item.state}
          mode={item.mode}
          refundForm={item.mode === "return" ? <QueueRefund item={item} /> : undefined}
        />
      </article>
    </li>
  );
}

/**
 * The withdrawals as a queue (issue 17 item 4): what waits for the shop first, oldest first. Accept
 * a return, record its refund, reply; the customer is told at each step.
 */
export function AdminReturnsSection() {
  const [search] = useSearchParams();
  const raw = search.get("devolucoes");
  const state = raw === "done" || raw === "todas" ? (raw === "done" ? "done" : "") : "open";
  const page = Math.max(1, Number(search.get("pagina-devolucoes")) || 1);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: adminOrderKeys.returns(state, page),
    queryFn: () => adminOrdersApi.returns(state, page),
    staleTime: 0,
  });
  useEffect(() => onRealtime("notification", () => void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all })), [queryClient]);
  const headingId = useId();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-stone-950">
        Devoluções
      </h2>
      <nav aria-label="Filtrar devoluções" className="flex flex-wrap gap-2">
        {FILTERS.map(([value, label]) => {
          const current = state === value;
          return (
            <Link
              key={value || "todas"}
              to={hrefWith(search, { devolucoes: value === "open" ? null : value || "todas", "pagina-devolucoes": null })}
              aria-current={current ? "page" : undefined}
              className={buttonClass(current ? "primary" : "secondary")}
            >
              {label}
            </Link>
          );
        })}
      </nav>
      {list.isPending ? (
        <p role="status">Carregando devoluções…</p>
      ) : list.isError ? (
        <FormMessage kind="error">{list.error.message || "Não foi possível carregar as devoluções."}</FormMessage>
      ) : list.data.returns.length === 0 ? (
        <p role="status" className="rounded-xl border border-stone-200 bg-white px-4 py-6 text-stone-700">
          {state === "open" ? "Nenhuma devolução esperando a loja." : "Nenhuma devolução."}
        </p>
      ) : (
        <>
          <ul aria-label="Devoluções" className="space-y-3">
            {list.data.returns.map((item) => (
              <ReturnCard key={item.orderId} item={item} search={search} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Páginas de devoluções" className="flex items-center justify-between">
              {page > 1 ? (
                <Link to={hrefWith(search, { "pagina-devolucoes": String(page - 1) })} className="font-semibold text-emerald-800 underline">
                  ← Anterior
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm">
                Página {page} de {pages}
              </span>
              {page < pages ? (
                <Link to={hrefWith(search, { "pagina-devolucoes": String(page + 1) })} className="font-semibold text-emerald-800 underline">
                  Próxima →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
