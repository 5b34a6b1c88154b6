import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { LoadFailure } from "#app/ui/load-failure.tsx";
import { buttonClass } from "#app/ui/button-styles.ts";
import { invoicesApi } from "#app/features/invoices/invoices-api.ts";

/**
 * The customer's notes of an order (issue 30 item 3): a link to each authorized DANFE (products) or
 * DANFSe (services and courses). Nothing while there is none: a note on its way is not news. A
 * failed read says so (with "Tentar de novo"), or the customer would take "no link" for "no note".
 */
export function CustomerInvoiceLinks({ orderId }: { orderId: string }) {
  const headingId = useId();
  const notes = useQuery({
    queryKey: ["orders", orderId, "invoices"],
    queryFn: () => invoicesApi.call("myOrderInvoices", { params: { id: orderId } }),
  });
  if (notes.isError) {
    return (
      <section aria-labelledby={headingId} className="space-y-2 rounded-2xl border border-stone-200 bg-white p-4">
        <h2 id={headingId} className="text-base font-bold text-stone-950">
          Nota fiscal
        </h2>
        <LoadFailure onRetry={() => void notes.refetch()}>Não foi possível carregar a nota fiscal. {notes.error.message}</LoadFailure>
      </section>
    );
  }
  if (!notes.data || notes.data.invoices.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-2xl border border-stone-200 bg-white p-4">
      <h2 id={headingId} className="text-base font-bold text-stone-950">
        Nota fiscal
      </h2>
      <ul className="flex flex-wrap gap-2">
        {notes.data.invoices.map((invoice) => (
          <li key={invoice.documentUrl}>
            <a href={invoice.documentUrl} target="_blank" rel="noreferrer" className={buttonClass("secondary")}>
              {invoice.kind === "nfe" ? "DANFE da NF-e" : "DANFSe da NFS-e"}
              {invoice.number ? ` nº ${invoice.number}` : ""} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
