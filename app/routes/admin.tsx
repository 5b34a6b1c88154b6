import { AdminOrderPage } from "#app/features/orders/order-page.tsx";
import { AdminOrdersSection } from "#app/features/orders/orders-section.tsx";
import { AdminRefundsSection } from "#app/features/orders/refunds-section.tsx";
import { AdminReturnsSection } from "#app/features/orders/returns-section.tsx";
import { AdminReviewsSection } from "#app/features/reviews/reviews-section.tsx";
import { AdminShell } from "#app/features/admin/admin-shell.tsx";
import { adminRouteOf, pageOf, sectionHref } from "#app/features/admin/admin-sections.ts";
import { SettingsSection } from "#app/features/settings/settings-section.tsx";
import { ConnectionsSection } from "#app/features/connections/connections-section.tsx";
import { OwnerAppBar } from "#app/features/push/owner-app-bar.tsx";
import { OwnerPushSection } from "#app/features/push/owner-push-section.tsx";
import { OwnerToday } from "#app/features/owner-today/owner-today.tsx";
import { InvoicesToFix } from "#app/features/invoices/invoices-to-fix.tsx";
import { AuditSection } from "#app/features/audit/audit-section.tsx";
import { CustomerDetailView, CustomersView } from "#app/features/customers/customers-view.tsx";
import { DashboardView } from "#app/features/dashboard/dashboard-view.tsx";
import { ShippingSlot } from "#app/features/admin/admin-slots.tsx";
import { CouponsSection } from "#app/features/coupons/coupons-section.tsx";
import { listCoupons } from "#domain/coupons/coupons.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { requireAdmin } from "#app/lib/guards.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import { listAuditLog } from "#domain/audit/audit-log.server.ts";
import { customerQuerySchema } from "#domain/customers/customer-schemas.ts";
import { getCustomer, searchCustomers } from "#domain/customers/customers.server.ts";
import { getDashboard } from "#domain/dashboard/dashboard.server.ts";
import type { Database } from "#platform/db/client.ts";
import { data, redirect } from "react-router";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Administração", matches) },
  { name: "robots", content: "noindex" },
  { name: "theme-color", content: "#065f46" },
];

/** The owner's installable app (issue 31): only the admin's pages name the manifest, never the storefront's. */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/app/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/app/apple-touch-icon.png" },
];

/** Customers: one (`?cliente=`) or a page of a search (`?busca=&pagina=`); a bad search is a message, not an error page. */
async function customersSection(db: Database, params: URLSearchParams) {
  const busca = params.get("busca")?.slice(0, 200) ?? "";
  const query = { busca, pagina: pageOf(params) };
  const customerId = params.get("cliente")?.slice(0, 100) || null;
  if (customerId) {
    const backHref = sectionHref("clientes", { busca: busca || null, pagina: query.pagina > 1 ? query.pagina : null });
    return { section: "cliente" as const, customerId, customer: await getCustomer(db, customerId), backHref };
  }
  const parsed = customerQuerySchema.safeParse({ q: busca, page: query.pagina });
  if (!parsed.success) return { section: "clientes" as const, query, result: null, error: parsed.error.issues[0]!.message };
  return { section: "clientes" as const, query, result: await searchCustomers(db, parsed.data), error: null };
}

/**
 * Every address of the admin (/admin and /admin/<section>, app/routes.ts) is served here, so each
 * is for admins only (customer → 403 page, visitor → /auth) before anything else. The path picks
 * the section; `?order=ID` opens one order (spec §2); an address of before (`?secao=`) moves on.
 */
export const loader = withDomainErrors(async (args: Route.LoaderArgs) => {
  await requireAdmin(args);
  const { db, config } = args.context.get(appContext).services;
  const params = args.url.searchParams;
  const route = adminRouteOf(args.params.secao, args.url);
  if (!route) throw data(null, { status: 404 });
  if ("redirectTo" in route) throw redirect(route.redirectTo, 301);
  switch (route.section) {
    case "pedidos":
      // The orders part reads its own data from the admin API (decision 020).
      return { section: "pedidos" as const, orderId: params.get("order")?.slice(0, 100) || null };
    case "clientes":
      return customersSection(db, params);
    case "devolucoes":
      return { section: "devolucoes" as const };
    case "reembolsos":
      // The queue reads its own data from the admin API (decision 044).
      return { section: "reembolsos" as const };
    case "frete":
      return { section: "frete" as const };
    case "auditoria":
      return { section: "auditoria" as const, log: await listAuditLog(db, { page: pageOf(params) }) };
    case "cupons":
      return { section: "cupons" as const, coupons: await listCoupons(db) };
    case "painel":
      return { section: "painel" as const, dashboard: await getDashboard(db, new Date(), config.ABANDONED_CART_HOURS) };
    case "avaliacoes":
      // The moderation reads its own data from the admin API (decision 029).
      return { section: "avaliacoes" as const };
    case "configuracoes":
      // The settings and the go-live check read the admin API (decision 055).
      return { section: "configuracoes" as const };
  }
});

function SectionContent({ data }: { data: Route.ComponentProps["loaderData"] }) {
  switch (data.section) {
    case "pedidos":
      return data.orderId ? <AdminOrderPage orderId={data.orderId} /> : <AdminOrdersSection />;
    case "clientes":
      return <CustomersView result={data.result} query={data.query} error={data.error} />;
    case "cliente":
      return <CustomerDetailView customer={data.customer} customerId={data.customerId} backHref={data.backHref} />;
    case "devolucoes":
      return <AdminReturnsSection />;
    case "reembolsos":
      return <AdminRefundsSection />;
    case "frete":
      return <ShippingSlot />;
    case "auditoria":
      return <AuditSection log={data.log} />;
    case "cupons":
      return <CouponsSection coupons={data.coupons} />;
    case "painel":
      // The owner's first screen: what to do now, then the figures (its own component: issue 31 item 5).
      return (
        <>
          <OwnerToday />
          <InvoicesToFix />
          <DashboardView dashboard={data.dashboard} />
        </>
      );
    case "avaliacoes":
      return <AdminReviewsSection />;
    case "configuracoes":
      return (
        <>
          <SettingsSection />
          <ConnectionsSection />
          <OwnerPushSection />
        </>
      );
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const section = loaderData.section === "cliente" ? "clientes" : loaderData.section;
  return (
    <AdminShell section={section}>
      <OwnerAppBar />
      <SectionContent data={loaderData} />
    </AdminShell>
  );
}
