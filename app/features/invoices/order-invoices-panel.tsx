import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { LoadFailure } from "#app/ui/load-failure.tsx";
import { InvoiceCard } from "#app/features/invoices/invoice-card.tsx";
import { invoicesApi } from "#app/features/invoices/invoices-api.ts";

/**
 * The order's notes on the admin's order page (issue 30 item 3). Nothing when the shop issues no
 * notes through the shop (INVOICE_PROVIDER=none). The order's status is in the key: a payment or a
 * cancel on this page reads the notes again.
 */
export function OrderInvoicesPanel({ orderId, status }: { orderId: string; status: string }) {
  const headingId = useId();
  const notes = useQuery({
    queryKey: ["admin", "invoices", "order", orderId, status],
    queryFn: () => invoicesApi.call("adminOrderInvoices", { params: { id: orderId } }),
    staleTime: 0,
    // SEFAZ answers within seconds to minutes: a note waiting is read again meanwhile.
    refetchInterval: (query) =>
      query.state.data?.invoices.some((invoice) => invoice.status === "requested" || invoice.status === "processing") ? 5_000 : false,
  });
  // Nothing until the first answer says whether the shop issues notes (the default shop never sees the box flash).
  if (notes.isPending || notes.data?.provider === "none") return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 print:hidden">
      <h2 id={headingId} className="text-base font-bold text-stone-950">
        Notas fiscais
      </h2>
      {notes.isError ? (
        <LoadFailure onRetry={() => void notes.refetch()}>Não foi possível carregar as notas fiscais. {notes.error.message}</LoadFailure>
      ) : notes.data.invoices.length === 0 ? (
        <p className="text-sm text-stone-700">
          Nenhuma nota ainda: a NF-e dos produtos e a NFS-e dos serviços são emitidas sozinhas quando o pedido é pago.
        </p>
      ) : (
        <div className="space-y-3">
          {notes.data.invoices.map((invoice) => (
            <InvoiceCard key={invoice.id} invoice={invoice} />
          ))}
        </div>
      )}
    </section>
  );
}
