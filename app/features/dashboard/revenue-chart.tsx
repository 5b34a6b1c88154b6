import { useEffect, useId, useRef, useState } from "react";
import type { DailyRevenue } from "#domain/dashboard/dashboard-schemas.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { focusRing } from "#app/ui/button-styles.ts";
import { dayMonth } from "#app/features/admin/admin-format.ts";

/** What the bars say, in one sentence: a screen reader's way into the chart, and a sighted reader's summary. */
function summary(days: DailyRevenue[]): string {
  const total = days.reduce((sum, day) => sum + day.revenueCents, 0);
  if (total === 0) return `Nenhum pedido pago nos últimos ${days.length} dias.`;
  const best = days.reduce((top, day) => (day.revenueCents > top.revenueCents ? day : top));
  const withSales = days.filter((day) => day.orderCount > 0).length;
  return `${formatBRL(total)} em ${days.length} dias; ${withSales} ${withSales === 1 ? "dia" : "dias"} com vendas; o melhor foi ${dayMonth(best.date)}, com ${formatBRL(best.revenueCents)}.`;
}

/**
 * The daily revenue of the last 30 days: bars drawn in the browser by a chart library loaded on
 * demand (revenue-chart-draw.ts), a sentence that sums them up, and the same figures as a table.
 * The drawing is hidden from screen readers, which get the sentence and the table instead; if the
 * library fails to load, the sentence and the table still tell everything.
 */
export function RevenueChart({ days }: { days: DailyRevenue[] }) {
  const chartRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "drawn" | "failed">("loading");
  const captionId = useId();

  useEffect(() => {
    const element = chartRef.current;
    let chart: { detach(): void } | undefined;
    let gone = false;
    import("#app/features/dashboard/revenue-chart-draw.ts")
      .then(({ drawRevenueChart }) => {
        if (gone || !element) return;
        chart = drawRevenueChart(element, days);
        setState("drawn");
      })
      .catch(() => {
        if (!gone) setState("failed");
      });
    return () => {
      gone = true;
      chart?.detach();
      // Chartist leaves its SVG behind on detach; the next drawing starts from an empty box.
      element?.replaceChildren();
    };
  }, [days]);

  return (
    <figure aria-labelledby={captionId} className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
      <figcaption id={captionId}>
        <span className="block font-semibold text-stone-950">Faturamento por dia (últimos {days.length} dias)</span>
        <span className="block text-sm text-stone-700">{summary(days)}</span>
      </figcaption>
      <div className="relative">
        <div ref={chartRef} aria-hidden="true" className="revenue-chart h-56" />
        {/* Skeleton's look, inline: importing app/ui/skeleton.tsx re-splits the storefront's shared chunk. */}
        {state === "loading" ? <div aria-hidden="true" className="absolute inset-0 animate-pulse rounded-md bg-stone-200" /> : null}
      </div>
      {state === "failed" ? (
        <p className="text-sm text-stone-700">Não foi possível desenhar o gráfico agora; os valores estão na tabela abaixo.</p>
      ) : null}
      <details className="text-sm">
        <summary className={`cursor-pointer rounded font-semibold text-emerald-800 ${focusRing}`}>Ver os valores por dia</summary>
        <div className="mt-2 max-h-96 overflow-y-auto" tabIndex={0} role="region" aria-label="Valores por dia">
          <table className="w-full text-left">
            <caption className="sr-only">Faturamento e pedidos pagos por dia, do mais recente ao mais antigo</caption>
            <thead className="sticky top-0 bg-white text-stone-700">
              <tr>
                <th scope="col" className="py-1.5 font-medium">
                  Dia
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  Pedidos pagos
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  Faturamento
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="py-1.5 font-medium text-stone-900">
                    {dayMonth(day.date)}
                  </th>
                  <td className="py-1.5 text-right text-stone-900">{day.orderCount}</td>
                  <td className="py-1.5 text-right text-stone-900">{formatBRL(day.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
