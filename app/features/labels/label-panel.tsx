import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { LoadFailure } from "#app/ui/load-failure.tsx";
import { formatDateTime } from "#app/shared/format-date.ts";
import { labelKeys, labelsApi } from "#app/features/labels/labels-api.ts";
import { WalletBalance } from "#app/features/labels/wallet-balance.tsx";
import { LABEL_STATUS_LABELS, LABEL_STEP_LABELS, PROVIDER_STATUS_LABELS, type OrderLabel } from "#domain/labels/label-schemas.ts";
import { formatBRL } from "#domain/pricing/money.ts";

const boxClass = "space-y-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800 print:hidden";

/** While a label is being bought, its state is read again every few seconds. */
const BUYING = new Set(["started", "in_progress"]);

/**
 * The order's shipping label (issue 30 item 4, decision 078): buy it from the Melhor Envio wallet,
 * follow its steps, print it with the packing slip, cancel it before posting; every refusal in
 * Portuguese with what to do.
 */
export function LabelPanel({ orderId, status }: { orderId: string; status: string }) {
  const client = useQueryClient();
  const state = useQuery({
    queryKey: labelKeys.order(orderId),
    queryFn: () => labelsApi.order(orderId),
    refetchInterval: (query) => (BUYING.has(query.state.data?.label?.status ?? "") ? 3000 : false),
  });
  const settle = (answer: OrderLabel) => {
    client.setQueryData(labelKeys.order(orderId), answer);
    void client.invalidateQueries({ queryKey: labelKeys.wallet });
  };
  const buy = useMutation({ mutationFn: () => labelsApi.buy(orderId), onSuccess: settle });
  const cancel = useMutation({ mutationFn: () => labelsApi.cancel(orderId), onSuccess: settle });
  const failure = buy.error ?? cancel.error;

  if (state.isPending) {
    if (status !== "paid" && status !== "preparing") return null;
    return (
      <section aria-label="Etiqueta de envio" className={boxClass}>
        <p role="status">Carregando a etiqueta…</p>
      </section>
    );
  }
  if (state.isError) {
    return (
      <section aria-label="Etiqueta de envio" className={boxClass}>
        <h2 className="text-base font-bold text-stone-950">Etiqueta de envio</h2>
        <LoadFailure onRetry={() => void state.refetch()}>Não foi possível carregar a etiqueta deste pedido.</LoadFailure>
      </section>
    );
  }
  const { label, blocker } = state.data;
  // Only a paid order not yet sent is labelled; an older one shows its label if it had one.
  if (!label && status !== "paid" && status !== "preparing") return null;
  return (
    <section aria-label="Etiqueta de envio" className={boxClass}>
      <h2 className="text-base font-bold text-stone-950">Etiqueta de envio</h2>
      {label ? (
        <div className="space-y-2">
          <p aria-live="polite">
            <strong className="text-stone-950">{LABEL_STATUS_LABELS[label.status]}</strong>
            {BUYING.has(label.status) ? ` — ${LABEL_STEP_LABELS[label.step]}…` : ""}
            {label.providerStatus ? ` · Melhor Envio: ${PROVIDER_STATUS_LABELS[label.providerStatus] ?? label.providerStatus}` : ""}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
            {label.priceCents !== null ? (
              <>
                <dt className="text-stone-600">Valor</dt>
                <dd>{formatBRL(label.priceCents)}</dd>
              </>
            ) : null}
            <dt className="text-stone-600">Documento</dt>
            <dd>{label.nonCommercial ? "Declaração de conteúdo" : "NF-e"}</dd>
            {label.trackingCode ? (
              <>
                <dt className="text-stone-600">Rastreio</dt>
                <dd className="font-mono break-all">{label.trackingCode}</dd>
              </>
            ) : null}
          </dl>
          {label.errorMessage ? <FormMessage kind="error">{label.errorMessage}</FormMessage> : null}
          {label.refundNote ? <FormMessage kind="info">{label.refundNote}</FormMessage> : null}
          <div className="flex flex-wrap gap-2">
            {label.printPath ? (
              <a href={label.printPath} target="_blank" rel="noreferrer" className={buttonClass("primary")}>
                Imprimir etiqueta e lista de separação
              </a>
            ) : null}
            {label.status === "failed" ? (
              <button type="button" className={buttonClass("primary")} disabled={buy.isPending} onClick={() => buy.mutate()}>
                {buy.isPending ? "Enviando…" : "Tentar de novo"}
              </button>
            ) : null}
            {label.status !== "used" && label.status !== "cancelled" ? (
              <button type="button" className={buttonClass("secondary")} disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                {cancel.isPending ? "Cancelando…" : "Cancelar etiqueta"}
              </button>
            ) : null}
          </div>
          {label.history.length > 0 ? (
            <details>
              <summary className="cursor-pointer text-stone-700">Histórico da etiqueta</summary>
              <ol className="mt-2 space-y-1">
                {label.history.map((entry, index) => (
                  <li key={`${entry.createdAt}-${index}`} className="text-stone-700">
                    {formatDateTime(entry.createdAt)} — {entry.note ?? LABEL_STATUS_LABELS[entry.toStatus]}
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </div>
      ) : blocker ? (
        <p className="text-stone-700">{blocker}</p>
      ) : (
        <div className="space-y-2">
          <WalletBalance />
          <button type="button" className={buttonClass("primary")} disabled={buy.isPending} onClick={() => buy.mutate()}>
            {buy.isPending ? "Comprando…" : "Comprar etiqueta"}
          </button>
        </div>
      )}
      {failure ? <FormMessage kind="error">{failure.message}</FormMessage> : null}
    </section>
  );
}
