import { useId, useState } from "react";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { adminOrdersApi } from "#app/features/orders/admin-orders-api.ts";
import { useOrderAction } from "#app/features/orders/use-order-action.ts";
import { parseReais } from "#domain/orders/admin-order-rules.ts";
import { trackingPageUrl } from "#domain/orders/order-parts.ts";
import { csvMoney } from "#domain/orders/admin-order-rules.ts";
import { ORDER_STATUS_LABELS, ORDER_TRANSITIONS } from "#domain/orders/order-status.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import { formatBRL } from "#domain/pricing/money.ts";

export function TextArea({ label, name, hint, maxLength = 500 }: { label: string; name: string; hint?: string; maxLength?: number }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={2}
        maxLength={maxLength}
        aria-describedby={hint ? `${id}-dica` : undefined}
        className={`mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 ${focusRing}`}
      />
      {hint ? (
        <p id={`${id}-dica`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const formText = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "").trim();

/** Whether a refund can be recorded now (the server decides; this only hides a form that would be refused). */
export function canRefund(order: OrderDetail): boolean {
  if (order.refund) return false;
  return (
    ORDER_TRANSITIONS[order.status].includes("refunded") ||
    order.status === "refunded" ||
    (order.status === "cancelled" && order.paidAt !== null)
  );
}

function RefundForm({ order, run, pending }: { order: OrderDetail; run: ReturnType<typeof useOrderAction>["run"]; pending: boolean }) {
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      aria-label="Registrar reembolso"
      className="space-y-2 border-t border-stone-200 pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        const amountCents = parseReais(formText(event.currentTarget, "amount"));
        if (amountCents === null || amountCents <= 0) {
          setError("Informe o valor em reais, ex.: 35,90.");
          return;
        }
        setError(undefined);
        void run(
          () => adminOrdersApi.refund(order.id, amountCents, formText(event.currentTarget, "note")),
          "Reembolso registrado.",
          setError,
        );
      }}
    >
      <h3 className="text-sm font-semibold text-stone-950">Reembolso</h3>
      <Field
        label="Valor do reembolso (R$)"
        name="amount"
        inputMode="decimal"
        defaultValue={csvMoney(order.totalCents)}
        hint={`Até ${formatBRL(order.totalCents)} (o total, frete incluído). Registrado uma única vez.`}
        error={error}
      />
      <TextArea label="Observação do reembolso (opcional)" name="note" />
      <button type="submit" disabled={pending} className={buttonClass("secondary")}>
        Registrar reembolso
      </button>
    </form>
  );
}

/** Every action the order's status allows: payment, status, tracking, cancel with a reason, refund with an amount. */
export function OrderActions({ order }: { order: OrderDetail }) {
  const { pending, message, run } = useOrderAction(order.id);
  const [trackingError, setTrackingError] = useState<string | undefined>();
  const statusId = useId();
  // Cancelling and refunding have their own forms; orders with shipping go through preparation and shipping before delivery.
  const next = ORDER_TRANSITIONS[order.status].filter(
    (status) =>
      status !== "cancelled" && status !== "refunded" && !(status === "delivered" && order.status === "paid" && order.shippingMethod),
  );
  const canCancel = ORDER_TRANSITIONS[order.status].includes("cancelled");
  const canTrack = order.shippingMethod !== null && ["paid", "preparing", "shipped"].includes(order.status);
  const nothing = order.status !== "pending_payment" && next.length === 0 && !canCancel && !canTrack && !canRefund(order);

  return (
    <section aria-label="Ações do pedido" className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4 print:hidden">
      <h2 className="text-base font-bold text-stone-950">Ações</h2>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {nothing ? <p className="text-sm text-stone-700">Nenhuma ação possível neste status.</p> : null}
      {order.status === "pending_payment" ? (
        <button
          type="button"
          disabled={pending}
          onClick={() => void run(() => adminOrdersApi.confirmPayment(order.id), "Pagamento confirmado.")}
          className={buttonClass("primary")}
        >
          Confirmar pagamento
        </button>
      ) : null}
      {next.length > 0 ? (
        <form
          // A new status means new choices: start from the placeholder again.
          key={order.status}
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const status = formText(event.currentTarget, "status");
            if (status) void run(() => adminOrdersApi.moveStatus(order.id, status), "Status atualizado.");
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
              className={`mt-1 block rounded-lg border border-stone-300 bg-white px-2 py-2.5 text-base ${focusRing}`}
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
      {canTrack ? (
        <form
          noValidate
          key={`rastreio-${order.status}`}
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            setTrackingError(undefined);
            const trackingCode = formText(event.currentTarget, "trackingCode");
            void run(() => adminOrdersApi.addTracking(order.id, trackingCode), "Código de rastreio salvo.", setTrackingError);
          }}
        >
          <div className="flex flex-wrap items-start gap-2">
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
          </div>
        </form>
      ) : null}
      {order.trackingCode ? (
        <p className="text-sm">
          <a
            href={trackingPageUrl(order.trackingCode)}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-emerald-800 underline"
          >
            Acompanhar a entrega de {order.trackingCode}
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </p>
      ) : null}
      {canCancel ? (
        <form
          key={`cancelar-${order.status}`}
          aria-label="Cancelar pedido"
          className="space-y-2 border-t border-stone-200 pt-4"
          onSubmit={(event) => {
            event.preventDefault();
            const reason = formText(event.currentTarget, "reason");
            void run(() => adminOrdersApi.cancel(order.id, reason), "Pedido cancelado.");
          }}
        >
          <TextArea label="Motivo do cancelamento" name="reason" hint="O cliente vê o motivo no pedido. O estoque volta." />
          <button type="submit" disabled={pending} className={buttonClass("secondary")}>
            Cancelar pedido
          </button>
        </form>
      ) : null}
      {canRefund(order) ? <RefundForm key={`reembolso-${order.status}`} order={order} run={run} pending={pending} /> : null}
    </section>
  );
}
