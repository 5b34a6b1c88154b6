import { useQuery } from "@tanstack/react-query";
import { apiClient } from "#app/lib/api-client.ts";
import { formatDateTime } from "#app/shared/format-date.ts";
import { LoadFailure } from "#app/ui/load-failure.tsx";
import { PAYMENT_PROBLEM_LABELS, PAYMENT_STATUS_LABELS } from "#domain/reconciliation/payment-labels.ts";
import type { paymentsContract } from "#server/contracts/payments.ts";
import { paymentsRoutes } from "#server/contracts/payments.routes.ts";
import { formatBRL } from "#domain/pricing/money.ts";

const paymentsClient = apiClient<typeof paymentsContract>(paymentsRoutes, {
  fallbackMessage: "Não foi possível concluir. Tente novamente.",
});

const PROVIDER_LABELS: Record<string, string> = { mercadopago: "Mercado Pago", bcb: "API Pix do banco" };

const boxClass = "space-y-2 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800 print:hidden";

/**
 * The order's Pix charges at the provider (issue 21): its ids, the txid and end-to-end id, and the
 * provider's raw status, so the admin can find the payment in the provider's own panel. Shows
 * nothing for a static-Pix order (no provider keeps it).
 */
export function ProviderPayments({ orderId, status }: { orderId: string; status: string }) {
  const payments = useQuery({
    // The order's status is part of the key: a confirmation on this page reads the charges again.
    queryKey: ["admin", "orders", orderId, "payments", status],
    queryFn: () => paymentsClient.call("adminOrderPayments", { params: { id: orderId } }),
    staleTime: 0,
  });
  if (payments.isPending) return null;
  if (payments.isError) {
    return (
      <section aria-label="Cobranças no provedor" className={boxClass}>
        <h2 className="text-base font-bold text-stone-950">Cobranças no provedor</h2>
        <LoadFailure onRetry={() => void payments.refetch()}>Não foi possível carregar as cobranças do provedor.</LoadFailure>
      </section>
    );
  }
  if (payments.data.payments.length === 0) return null;
  return (
    <section aria-label="Cobranças no provedor" className={boxClass}>
      <h2 className="text-base font-bold text-stone-950">Cobranças no provedor</h2>
      <ul className="space-y-3">
        {payments.data.payments.map((payment) => (
          <li key={payment.id} className="space-y-1 border-t border-stone-100 pt-2 first:border-t-0 first:pt-0">
            <p className="font-medium text-stone-950">
              {PROVIDER_LABELS[payment.provider] ?? payment.provider} ·{" "}
              {payment.card ? `cartão ${payment.card.brand ?? ""} final ${payment.card.lastFour ?? "—"}` : `tentativa ${payment.attempt}`} ·{" "}
              {PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
              <dt className="text-stone-600">Id no provedor</dt>
              <dd className="font-mono break-all">{payment.providerChargeId}</dd>
              {payment.txid ? (
                <>
                  <dt className="text-stone-600">txid</dt>
                  <dd className="font-mono break-all">{payment.txid}</dd>
                </>
              ) : null}
              {payment.e2eId ? (
                <>
                  <dt className="text-stone-600">End-to-end</dt>
                  <dd className="font-mono break-all">{payment.e2eId}</dd>
                </>
              ) : null}
              <dt className="text-stone-600">Status no provedor</dt>
              <dd className="font-mono break-all">{payment.providerStatus ?? "—"}</dd>
              <dt className="text-stone-600">Valor</dt>
              <dd>
                {formatBRL(payment.amountCents)}
                {payment.paidCents !== null ? ` · pago ${formatBRL(payment.paidCents)}` : ""}
              </dd>
              {payment.card?.installments ? (
                <>
                  <dt className="text-stone-600">Parcelas</dt>
                  <dd>{payment.card.installments}x</dd>
                </>
              ) : null}
              {payment.refundedCents > 0 ? (
                <>
                  <dt className="text-stone-600">Reembolsado no cartão</dt>
                  <dd>{formatBRL(payment.refundedCents)}</dd>
                </>
              ) : null}
              {payment.paidAt ? (
                <>
                  <dt className="text-stone-600">Pago em</dt>
                  <dd>{formatDateTime(payment.paidAt)}</dd>
                </>
              ) : null}
            </dl>
            {payment.chargebackDeadline ? (
              <p role="note" className="rounded-lg bg-red-50 p-2 text-red-950">
                Contestação (chargeback) aberta pelo comprador: envie os documentos pelo painel do Mercado Pago até{" "}
                {formatDateTime(payment.chargebackDeadline)}.
              </p>
            ) : null}
            {payment.problem ? (
              <p role="note" className="rounded-lg bg-amber-50 p-2 text-amber-950">
                Atenção: {PAYMENT_PROBLEM_LABELS[payment.problem] ?? payment.problem}.
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {payments.data.confirmedBy === "webhook" ? (
        <p className="text-stone-600">
          Estes pagamentos se confirmam sozinhos pelo provedor; a confirmação manual continua possível e fica no registro de auditoria.
        </p>
      ) : null}
    </section>
  );
}
