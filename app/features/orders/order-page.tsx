import { actionLabel } from "#domain/audit/audit-sentences.ts";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { adminOrderKeys, adminOrdersApi } from "#app/features/orders/admin-orders-api.ts";
import { OrderActions } from "#app/features/orders/order-actions.tsx";
import { hrefWith } from "#app/features/orders/order-results.tsx";
import { OrderPartsPanel } from "#app/features/orders/order-parts-panel.tsx";
import { PackingSlip } from "#app/features/orders/packing-slip.tsx";
import { ProviderPayments } from "#app/features/orders/provider-payments.tsx";
import { LabelPanel } from "#app/features/labels/label-panel.tsx";
import { ReturnActions } from "#app/features/orders/return-actions.tsx";
import { OrderDetails } from "#app/features/orders/order-views.tsx";
import { formatDateTime } from "#app/shared/format-date.ts";
import { formatPhone } from "#domain/shipping/address-schema.ts";
import { formatCpf } from "#domain/checkout/checkout-schemas.ts";
import type { AuditEntryView } from "#domain/audit/audit-schemas.ts";
import { paymentStateOf, whatsappLink } from "#domain/orders/admin-order-rules.ts";
import { PAYMENT_STATE_LABELS, type ReturnState } from "#domain/orders/admin-order-schemas.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#domain/orders/order-status.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import { formatBRL } from "#domain/pricing/money.ts";

const boxClass = "space-y-2 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800 print:hidden";

function CustomerContact({ order }: { order: OrderDetail }) {
  const address = order.shippingAddress;
  const whatsapp = whatsappLink({
    number: order.number,
    status: order.status,
    customerName: address?.recipientName || order.customerName || "",
    phone: address?.phone,
    trackingCode: order.trackingCode,
  });
  return (
    <section aria-label="Cliente" className={boxClass}>
      <h2 className="text-base font-bold text-stone-950">Cliente</h2>
      <p className="font-medium text-stone-950">{order.customerName}</p>
      <p>
        <a href={`mailto:${order.customerEmail}`} className="break-all text-emerald-800 underline">
          {order.customerEmail}
        </a>
      </p>
      {address ? (
        <>
          <p>Telefone: {formatPhone(address.phone)}</p>
          <p>CPF: {formatCpf(address.cpf)}</p>
        </>
      ) : (
        <p>Pedido sem endereço de entrega: sem telefone nem CPF.</p>
      )}
      {whatsapp ? (
        <a href={whatsapp} target="_blank" rel="noreferrer" className={buttonClass("secondary")}>
          Conversar no WhatsApp<span className="sr-only"> (abre em nova aba)</span>
        </a>
      ) : null}
    </section>
  );
}

function Payment({ order }: { order: OrderDetail }) {
  const state = paymentStateOf(order);
  return (
    <section aria-label="Pagamento" className={boxClass}>
      <h2 className="text-base font-bold text-stone-950">Pagamento</h2>
      <p>
        Pix · <strong>{PAYMENT_STATE_LABELS[state]}</strong> · {formatBRL(order.totalCents)}
      </p>
      {order.paidAt ? <p>Pago em {formatDateTime(order.paidAt)}</p> : null}
      {order.pix ? <p>O Pix vence em {formatDateTime(order.pix.expiresAt)}.</p> : null}
      {order.refund ? (
        <p>
          Reembolso de {formatBRL(order.refund.amountCents)} registrado em {formatDateTime(order.refund.createdAt)}.
        </p>
      ) : null}
    </section>
  );
}

/** What an entry changed, in words: "Status: Pago → Enviado", "Reembolso: R$ 10,00"… */
function changesOf(entry: AuditEntryView): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const show = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === "") return "—";
    if (key === "status") return ORDER_STATUS_LABELS[value as OrderStatus] ?? String(value);
    if (key === "refundCents" && typeof value === "number") return formatBRL(value);
    return String(value);
  };
  const names: Record<string, string> = {
    status: "Status",
    trackingCode: "Rastreio",
    cancelReason: "Motivo",
    refundCents: "Reembolso",
    reply: "Resposta",
    note: "Observação",
  };
  return Object.keys(names)
    .filter((key) => key in after && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) =>
      key in before ? `${names[key]}: ${show(key, before[key])} → ${show(key, after[key])}` : `${names[key]}: ${show(key, after[key])}`,
    );
}

function AuditEntries({ orderId }: { orderId: string }) {
  const audit = useQuery({ queryKey: adminOrderKeys.audit(orderId), queryFn: () => adminOrdersApi.audit(orderId), staleTime: 0 });
  return (
    <section aria-label="Registro de auditoria do pedido" className={boxClass}>
      <h2 className="text-base font-bold text-stone-950">Registro de auditoria</h2>
      {audit.isPending ? (
        <p>Carregando…</p>
      ) : audit.isError ? (
        <p>Não foi possível carregar o registro.</p>
      ) : audit.data.entries.length === 0 ? (
        <p>Nenhuma ação de administrador neste pedido ainda.</p>
      ) : (
        <ol className="space-y-2">
          {audit.data.entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.createdAt} className="text-stone-600">
                {formatDateTime(entry.createdAt)}
              </time>{" "}
              <span className="font-medium text-stone-950">{actionLabel(entry.action)}</span>{" "}
              <span className="break-all text-stone-600">({entry.actorEmail})</span>
              {changesOf(entry).map((line) => (
                <span key={line} className="block text-stone-700">
                  {line}
                </span>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Where the order's withdrawal stands, from its history and refund (as the returns queue reads it). */
function returnStateOf(order: OrderDetail): { state: ReturnState; mode: "cancel" | "return" } | null {
  if (!order.withdrawalRequestedAt) return null;
  const mode = order.history.some((entry) => entry.reason === "withdrawal_before_shipping") ? "cancel" : "return";
  if (order.refund) return { state: "done", mode };
  const accepted = order.history.some((entry) => entry.reason === "return_accepted");
  return { state: accepted ? "awaiting_return" : "requested", mode };
}

function Withdrawal({ order }: { order: OrderDetail }) {
  const withdrawal = returnStateOf(order);
  if (!withdrawal) return null;
  return (
    <section aria-label="Devolução" className={boxClass}>
      <h2 className="text-base font-bold text-stone-950">Devolução</h2>
      <p>
        Pedida em {formatDateTime(order.withdrawalRequestedAt!)} ·{" "}
        {withdrawal.mode === "cancel" ? "antes do envio: pedido cancelado" : "depois do envio: os produtos voltam"}
      </p>
      <ReturnActions orderId={order.id} number={order.number} state={withdrawal.state} mode={withdrawal.mode} />
    </section>
  );
}

/** /admin?order=ID: the customer's contact, the order, its payment, every action, the audit entries and the packing slip. */
export function AdminOrderPage({ orderId }: { orderId: string }) {
  const [search] = useSearchParams();
  const order = useQuery({ queryKey: adminOrderKeys.order(orderId), queryFn: () => adminOrdersApi.order(orderId), staleTime: 0 });
  const back = (
    <Link
      to={hrefWith(search, { order: null })}
      className="text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline print:hidden"
    >
      ← Voltar aos pedidos
    </Link>
  );
  if (order.isPending) {
    return (
      <div className="space-y-4">
        {back}
        <p role="status">Carregando o pedido…</p>
      </div>
    );
  }
  if (order.isError) {
    const missing = order.error instanceof ApiCallError && order.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <FormMessage kind={missing ? "info" : "error"}>
          {missing ? `Pedido ${orderId} não encontrado.` : order.error.message || "Não foi possível carregar o pedido."}
        </FormMessage>
      </div>
    );
  }
  const detail = order.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        {back}
        <button type="button" onClick={() => window.print()} className={buttonClass("secondary")}>
          Imprimir romaneio
        </button>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <CustomerContact order={detail} />
        <Payment order={detail} />
      </div>
      <ProviderPayments orderId={detail.id} status={detail.status} />
      <LabelPanel orderId={detail.id} status={detail.status} />
      <OrderActions order={detail} />
      <OrderPartsPanel orderId={detail.id} status={detail.status} />
      <Withdrawal order={detail} />
      <div className="print:hidden">
        <OrderDetails order={detail} />
      </div>
      <AuditEntries orderId={detail.id} />
      <PackingSlip order={detail} />
    </div>
  );
}
