import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { LoadFailure } from "#app/ui/load-failure.tsx";
import { InvoiceCard } from "#app/features/invoices/invoice-card.tsx";
import { invoicesApi } from "#app/features/invoices/invoices-api.ts";

/**
 * The owner's first screen: notes that need them (issue 30 item 3), refused ones with the field to
 * fix and those that could not be cancelled. Nothing when the shop issues no notes through the shop.
 */
export function InvoicesToFix() {
  const headingId = useId();
  const list = useQuery({
    queryKey: ["admin", "invoices", "to-fix"],
    queryFn: () => invoicesApi.call("adminInvoicesToFix"),
    staleTime: 0,
    refetchInterval: 60_000,
  });
  // Until the first answer says whether the shop issues notes at all, nothing: a shop without them never sees this section flash.
  if (list.isPending || list.data?.provider === "none") return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-bold text-stone-950">
        Notas fiscais para corrigir
      </h2>
      {list.isError ? (
        <LoadFailure onRetry={() => void list.refetch()}>Não foi possível carregar as notas fiscais. {list.error.message}</LoadFailure>
      ) : list.data.invoices.length === 0 ? (
        <p className="text-sm text-stone-700">Nenhuma nota recusada ou por resolver.</p>
      ) : (
        <div className="space-y-3">
          {list.data.invoices.map((invoice) => (
            <InvoiceCard key={invoice.id} invoice={invoice} showOrder />
          ))}
        </div>
      )}
    </section>
  );
}
