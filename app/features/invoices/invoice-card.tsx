import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDateTime } from "#app/shared/format-date.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { INVOICE_ATTENTION_TEXT, INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS } from "#domain/invoices/invoice-moves.ts";
import type { InvoiceView } from "#domain/invoices/invoice-schemas.ts";
import { invoicesApi } from "#app/features/invoices/invoices-api.ts";

const TONE: Record<InvoiceView["status"], string> = {
  requested: "text-stone-800",
  processing: "text-stone-800",
  authorized: "text-emerald-900",
  refused: "text-red-800",
  denied: "text-red-800",
  cancelled: "text-stone-700",
  dropped: "text-stone-700",
};

/**
 * One note as the owner reads it: its state in words, the DANFE, and when SEFAZ refused it, what to
 * fix and where, with "Emitir de novo" once fixed. An authorized note that could not be cancelled
 * says what to do instead (a devolução note; a carta de correção is not a cancel).
 */
export function InvoiceCard({ invoice, showOrder = false }: { invoice: InvoiceView; showOrder?: boolean }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => invoicesApi.call("adminResendInvoice", { params: { id: invoice.id }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "invoices"] }),
  });
  return (
    <article className="space-y-2 rounded-xl border border-stone-200 bg-white p-3 text-sm text-stone-800">
      <h3 className="font-semibold text-stone-950">
        {showOrder ? (
          <a href={`/admin/pedidos?order=${invoice.orderId}`} className="underline underline-offset-4">
            Pedido #{invoice.orderNumber}
          </a>
        ) : null}
        {showOrder ? " · " : null}
        {INVOICE_KIND_LABELS[invoice.kind]}
        {invoice.number ? ` nº ${invoice.number}${invoice.series ? ` (série ${invoice.series})` : ""}` : ""}
      </h3>
      <p className={`font-medium ${TONE[invoice.status]}`}>
        {INVOICE_STATUS_LABELS[invoice.status]}
        {invoice.attempt > 1 ? ` · tentativa ${invoice.attempt}` : ""}
      </p>
      {invoice.status === "refused" ? (
        <div className="space-y-1 rounded-lg bg-red-50 p-2">
          <p>{invoice.refusalMessage}</p>
          {invoice.refusalWhere ? (
            <p>
              <span className="font-semibold">Onde corrigir:</span> {invoice.refusalWhere}
            </p>
          ) : null}
          {invoice.sefazMessage ? (
            <p className="text-xs text-stone-700">
              SEFAZ {invoice.sefazStatus ? `(${invoice.sefazStatus})` : ""}: {invoice.sefazMessage}
            </p>
          ) : null}
          <button type="button" className={buttonClass("primary")} disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? "Enviando…" : "Emitir de novo"}
          </button>
          {resend.isError ? <FormMessage kind="error">{resend.error.message}</FormMessage> : null}
        </div>
      ) : null}
      {invoice.attention ? (
        <div className="space-y-1 rounded-lg bg-amber-50 p-2">
          <p>{INVOICE_ATTENTION_TEXT[invoice.attention]}</p>
          {invoice.sefazMessage && invoice.attention === "cancel_refused" ? <p className="text-xs">SEFAZ: {invoice.sefazMessage}</p> : null}
        </div>
      ) : null}
      {invoice.accessKey && invoice.kind === "nfe" ? (
        <p className="break-all">
          <span className="text-stone-600">Chave:</span> <span className="font-mono">{invoice.accessKey}</span>
        </p>
      ) : null}
      {invoice.documentUrl ? (
        <a href={invoice.documentUrl} target="_blank" rel="noreferrer" className={buttonClass("secondary")}>
          Abrir o {invoice.kind === "nfe" ? "DANFE" : "DANFSe"} (PDF)
        </a>
      ) : null}
      {invoice.history.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-stone-700">Histórico da nota</summary>
          <ol className="mt-1 space-y-0.5">
            {invoice.history.map((entry, index) => (
              <li key={index}>
                {formatDateTime(entry.at)} · {INVOICE_STATUS_LABELS[entry.status]}
                {entry.detail ? ` — ${entry.detail}` : ""}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </article>
  );
}
