import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { apiClient } from "#app/lib/api-client.ts";
import { onRealtime, RESYNC } from "#app/lib/realtime.ts";
import { formatDateTime } from "#app/shared/format-date.ts";
import { LoadFailure } from "#app/ui/load-failure.tsx";
import { focusRing } from "#app/ui/button-styles.ts";
import { ORDER_MOVED_EVENT, type OwnerToday as Counts } from "#domain/orders/owner-today-schemas.ts";
import type { ownerTodayContract } from "#server/contracts/owner-today.ts";
import { ownerTodayRoutes } from "#server/contracts/owner-today.routes.ts";

const client = apiClient<typeof ownerTodayContract>(ownerTodayRoutes, { fallbackMessage: "Não foi possível ler o que falta fazer." });
const KEY = ["owner-today"] as const;
/** The stream tells each change at once; this only bounds how stale a silently broken stream leaves the counts. */
const SAFETY_POLL_MS = 60_000;

const CARDS: ReadonlyArray<{ key: Exclude<keyof Counts, "chargebacks">; label: string; href: string }> = [
  { key: "toPack", label: "Pedidos a embalar", href: "/admin/pedidos?status=paid" },
  { key: "toLabel", label: "Etiquetas a fazer", href: "/admin/pedidos?status=preparing" },
  { key: "pixWaiting", label: "Pix aguardando", href: "/admin/pedidos?status=pending_payment" },
  { key: "returns", label: "Devoluções abertas", href: "/admin/devolucoes" },
];

/**
 * The owner's first screen (issue 31 item 5, decision 072): "what must I do now?" in four counts,
 * each a tap away from its list. Live: every order move (a Pix paid, an order packed, a return asked)
 * and the admins' notifications (a new order) reach this page through the realtime stream, and a
 * reconnection reads again what it may have missed. The slow poll is only a net for a stream that
 * is down without the page knowing.
 */
export function OwnerToday() {
  const id = useId();
  const queryClient = useQueryClient();
  const counts = useQuery({ queryKey: KEY, queryFn: () => client.call("ownerToday"), staleTime: 0, refetchInterval: SAFETY_POLL_MS });
  useEffect(() => {
    const reread = () => void queryClient.invalidateQueries({ queryKey: KEY });
    const stops = [onRealtime("notification", reread), onRealtime(ORDER_MOVED_EVENT, reread), onRealtime(RESYNC, reread)];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);

  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-bold text-stone-950">
        Para fazer agora
      </h2>
      {counts.isError ? <LoadFailure onRetry={() => void counts.refetch()}>{counts.error.message}</LoadFailure> : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {CARDS.map((card) => {
          // A count the shop could not give is a dash, not the "…" of one on its way.
          const value = counts.data?.[card.key] ?? (counts.isError ? "—" : "…");
          return (
            <li key={card.key}>
              <a
                href={card.href}
                className={`flex min-h-24 flex-col justify-between rounded-xl border border-stone-200 bg-white p-3 text-stone-900 hover:bg-stone-50 ${focusRing}`}
              >
                <span className="text-sm font-semibold">{card.label}</span>
                <span className="text-3xl font-bold text-emerald-900" aria-live="polite">
                  {value}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      <Chargebacks chargebacks={counts.data?.chargebacks ?? []} />
    </section>
  );
}

/**
 * Card chargebacks still to answer (issue 32, decision 084): each order with the deadline to send
 * documents in Mercado Pago's panel; past the deadline the dispute is lost, so it is said first.
 */
function Chargebacks({ chargebacks }: { chargebacks: Counts["chargebacks"] }) {
  const id = useId();
  if (chargebacks.length === 0) return null;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-950">
      <h3 id={id} className="text-base font-bold">
        Contestações no cartão
      </h3>
      <p className="text-sm">Envie os documentos da venda (nota, rastreio, conversa) pelo painel do Mercado Pago antes do prazo.</p>
      <ul className="mt-2 space-y-1">
        {chargebacks.map((chargeback) => (
          <li key={chargeback.orderId}>
            <a href={`/admin/pedidos?order=${chargeback.orderId}`} className={`text-sm font-semibold underline ${focusRing}`}>
              Pedido #{chargeback.number}: documentos até {formatDateTime(chargeback.deadline)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
