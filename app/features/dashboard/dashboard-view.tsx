import { useEffect, useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { onRealtime } from "#app/lib/realtime.ts";
import { focusRing } from "#app/ui/button-styles.ts";
import type { Dashboard, PendingPix } from "#domain/dashboard/dashboard-schemas.ts";
import { LOW_STOCK_THRESHOLD } from "#domain/dashboard/dashboard-rules.ts";
import { formatDate, orderLabel } from "#domain/orders/order-status.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { OrderStatusBadge } from "#app/features/orders/order-views.tsx";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { sectionHref } from "#app/features/admin/admin-sections.ts";
import { stockText, timeLeftText } from "#app/features/admin/admin-format.ts";
import { AuditEntries } from "#app/features/audit/audit-log-view.tsx";
import { RevenueChart } from "#app/features/dashboard/revenue-chart.tsx";
import { WithdrawalList } from "#app/features/orders/withdrawal-list.tsx";
import { AbandonedCartList } from "#app/features/recovery/abandoned-cart-list.tsx";

const linkClass = `font-semibold text-emerald-800 underline-offset-4 hover:underline ${focusRing}`;

/** A card of the dashboard: a titled region (h3), so a screen reader can jump between them. */
function Card({ title, children, className = "" }: { title: string; children: React.ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`space-y-3 rounded-xl border border-stone-200 bg-white p-4 ${className}`}>
      <h3 id={id} className="text-base font-bold text-stone-950">
        {title}
      </h3>
      {children}
    </section>
  );
}

function RevenueFigures({ revenue }: { revenue: Dashboard["revenue"] }) {
  const periods = [
    ["Hoje", revenue.today],
    ["Últimos 7 dias", revenue.last7Days],
    ["Últimos 30 dias", revenue.last30Days],
  ] as const;
  return (
    <dl className="grid gap-3 lg:grid-cols-3">
      {periods.map(([label, figure]) => (
        <div key={label} className="rounded-xl border border-stone-200 bg-white p-4">
          <dt className="text-sm font-medium text-stone-700">Faturamento · {label}</dt>
          <dd className="mt-1 text-2xl font-bold text-stone-950">{formatBRL(figure.revenueCents)}</dd>
          <dd className="text-sm text-stone-700">
            {figure.orderCount} {figure.orderCount === 1 ? "pedido pago" : "pedidos pagos"}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Seconds left, counted down in the browser from the server's figure (its clock, not the phone's):
 * the first render shows the server's number, so the page hydrates without a mismatch. A row is
 * keyed by the dashboard's time, so fresh figures start a fresh count.
 */
function useSecondsLeft(secondsLeft: number): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const start = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - start) / 1000)), 15_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, secondsLeft - elapsed);
}

function PendingPixRow({ order }: { order: PendingPix }) {
  const left = useSecondsLeft(order.secondsLeft);
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <Link to={`/admin?order=${order.id}`} className={linkClass}>
        Pedido {orderLabel(order.number)}
      </Link>
      <span className="text-sm text-stone-700">{order.customerName}</span>
      <span className="text-sm text-stone-900">{formatBRL(order.totalCents)}</span>
      <span className="text-sm font-semibold text-amber-900">{timeLeftText(left)}</span>
    </li>
  );
}

export function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  // A new order or a payment arrives as a notification: the figures follow without a reload.
  useEffect(() => onRealtime("notification", () => void revalidate()), [revalidate]);
  const { pendingPix, withdrawals, stockAlerts } = dashboard;

  return (
    <AdminSectionFrame title="Painel">
      <p className="text-sm text-stone-700">
        Pedidos pagos, em dias de São Paulo. Hoje é {formatDate(`${dashboard.today}T12:00:00-03:00`)}.
      </p>
      <RevenueFigures revenue={dashboard.revenue} />
      <RevenueChart days={dashboard.dailyRevenue} />
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Pedidos por status">
          <ul className="divide-y divide-stone-100">
            {dashboard.ordersByStatus.map(({ status, count }) => (
              <li key={status}>
                <Link
                  to={`/admin?status=${status}`}
                  className={`flex items-center justify-between gap-3 rounded py-1.5 hover:bg-stone-50 ${focusRing}`}
                >
                  <OrderStatusBadge status={status} />
                  <span className="font-semibold text-stone-950">
                    {count}
                    <span className="sr-only"> {count === 1 ? "pedido" : "pedidos"}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={`Pix aguardando pagamento (${pendingPix.count})`}>
          {pendingPix.count === 0 ? (
            <p className="text-sm text-stone-700">Nenhum Pix aguardando pagamento.</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {pendingPix.orders.map((order) => (
                <PendingPixRow key={`${order.id}-${dashboard.generatedAt}`} order={order} />
              ))}
            </ul>
          )}
          {pendingPix.count > pendingPix.orders.length ? (
            <Link to="/admin?status=pending_payment" className={`text-sm ${linkClass}`}>
              Ver os {pendingPix.count} pedidos aguardando pagamento
            </Link>
          ) : null}
        </Card>
        <Card title={`Devoluções aguardando (${withdrawals.count})`}>
          <WithdrawalList withdrawals={withdrawals} />
          {withdrawals.count > withdrawals.orders.length ? (
            <Link to={sectionHref("devolucoes")} className={`text-sm ${linkClass}`}>
              Ver todas as devoluções
            </Link>
          ) : null}
        </Card>
        <Card title={`Estoque baixo (${stockAlerts.length})`}>
          {stockAlerts.length === 0 ? (
            <p className="text-sm text-stone-700">Nenhum produto com estoque baixo.</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {stockAlerts.map((product) => (
                <li key={product.productId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                  <Link to={`/customizar-produto?produto=${product.productId}`} className={linkClass}>
                    {product.name}
                  </Link>
                  <span className={`text-sm font-semibold ${product.stock === 0 ? "text-red-800" : "text-amber-900"}`}>
                    {product.stock === 0 ? "Esgotado" : `${stockText(product.unitType, product.stock)} restantes`}
                    {product.purchasable ? "" : " · compra desativada"}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-stone-600">
            Alerta com {LOW_STOCK_THRESHOLD.unit} unidades ou menos (produtos por unidade) e {LOW_STOCK_THRESHOLD.gram} g ou menos (amostras
            por grama).
          </p>
        </Card>
        <Card title={`Carrinhos abandonados (${dashboard.abandonedCarts.count})`}>
          <AbandonedCartList abandoned={dashboard.abandonedCarts} />
        </Card>
      </div>
      <Card title="Últimas alterações">
        <AuditEntries entries={dashboard.recentAudit} />
        <Link to={sectionHref("auditoria")} className={`text-sm ${linkClass}`}>
          Ver o registro de auditoria completo
        </Link>
      </Card>
    </AdminSectionFrame>
  );
}
