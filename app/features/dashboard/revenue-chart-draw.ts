/**
 * Draws the daily revenue bars with Chartist (decision 019: 7.7 KB gzip, SVG, maintained). This
 * module is imported only when the dashboard's chart mounts, so the library and its styles load on
 * /admin alone, in a chunk of their own.
 */
import { BarChart } from "chartist";
import "#app/features/dashboard/revenue-chart.css";
import type { DailyRevenue } from "#domain/dashboard/dashboard-schemas.ts";
import { dayMonth } from "#app/features/admin/admin-format.ts";

const compactBRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", notation: "compact", maximumFractionDigits: 1 });

export function drawRevenueChart(element: HTMLElement, days: DailyRevenue[]): { detach(): void } {
  return new BarChart(
    element,
    { labels: days.map((day) => dayMonth(day.date)), series: [days.map((day) => day.revenueCents / 100)] },
    {
      height: "14rem",
      low: 0,
      chartPadding: { top: 12, right: 20, bottom: 0, left: 8 },
      axisX: {
        showGrid: false,
        // A label a week, counted back from today (the last bar), so today is always labelled.
        labelInterpolationFnc: (label, index) => ((days.length - 1 - index) % 7 === 0 ? String(label) : null),
      },
      axisY: {
        onlyInteger: true,
        offset: 56,
        labelInterpolationFnc: (value) => compactBRL.format(Number(value)),
      },
    },
  );
}
