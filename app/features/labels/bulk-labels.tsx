import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { labelKeys, labelsApi } from "#app/features/labels/labels-api.ts";
import { WalletBalance } from "#app/features/labels/wallet-balance.tsx";
import type { AdminOrderRow } from "#domain/orders/admin-order-schemas.ts";
import { orderLabel } from "#domain/orders/order-status.ts";

/**
 * Orders that may get a label: paid, not yet sent, with something to ship (an order of services or
 * courses has no shipping method; offering it only earned a refusal). The server checks the rest.
 */
const awaitingLabel = (row: AdminOrderRow) => (row.status === "paid" || row.status === "preparing") && row.shippingMethod !== null;

/**
 * "Comprar etiquetas" for the selected paid orders of the list (issue 30 item 4): each one bought or
 * refused with its reason, and one link that prints them all with their packing slips.
 */
export function BulkLabels({ orders }: { orders: readonly AdminOrderRow[] }) {
  const candidates = orders.filter(awaitingLabel);
  const [selected, setSelected] = useState<string[]>([]);
  const client = useQueryClient();
  const buy = useMutation({
    mutationFn: () => labelsApi.buyMany(selected),
    onSuccess: () => void client.invalidateQueries({ queryKey: labelKeys.wallet }),
  });
  if (candidates.length === 0) return null;
  const toggle = (id: string) => setSelected((now) => (now.includes(id) ? now.filter((other) => other !== id) : [...now, id]));
  const numberOf = (id: string) => orderLabel(orders.find((row) => row.id === id)?.number ?? 0);
  return (
    <form
      aria-label="Comprar etiquetas"
      className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800"
      onSubmit={(event) => {
        event.preventDefault();
        if (selected.length > 0) buy.mutate();
      }}
    >
      <fieldset className="space-y-2">
        <legend className="text-base font-bold text-stone-950">Etiquetas dos pedidos pagos</legend>
        <WalletBalance />
        <ul className="space-y-1">
          {candidates.map((row) => (
            <li key={row.id}>
              <label className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  checked={selected.includes(row.id)}
                  onChange={() => toggle(row.id)}
                  className={`size-5 accent-emerald-700 ${focusRing}`}
                />
                <span>
                  Pedido {orderLabel(row.number)} · {row.customerName}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass("primary")} disabled={selected.length === 0 || buy.isPending}>
          {buy.isPending ? "Comprando…" : `Comprar etiquetas (${selected.length})`}
        </button>
        <button
          type="button"
          className={buttonClass("secondary")}
          onClick={() => setSelected(selected.length === candidates.length ? [] : candidates.map((row) => row.id))}
        >
          {selected.length === candidates.length ? "Desmarcar todos" : "Marcar todos"}
        </button>
      </div>
      {buy.error ? <FormMessage kind="error">{buy.error.message}</FormMessage> : null}
      {buy.data ? (
        <div aria-live="polite" className="space-y-2">
          {buy.data.started.length > 0 ? (
            <FormMessage kind="success">
              {buy.data.started.length === 1 ? "1 etiqueta sendo comprada." : `${buy.data.started.length} etiquetas sendo compradas.`} O PDF
              reúne as que já estiverem prontas.
            </FormMessage>
          ) : null}
          {buy.data.refused.map((refusal) => (
            <FormMessage key={refusal.orderId} kind="error">
              Pedido {numberOf(refusal.orderId)}: {refusal.message}
            </FormMessage>
          ))}
          {buy.data.printPath ? (
            <a href={buy.data.printPath} target="_blank" rel="noreferrer" className={buttonClass("primary")}>
              Abrir o PDF das etiquetas e listas de separação
            </a>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
