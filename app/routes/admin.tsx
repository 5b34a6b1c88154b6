import { Link, useSearchParams } from "react-router";
import { AdminOrderPage } from "#app/features/admin-orders/order-page.tsx";
import { AdminOrdersSection } from "#app/features/admin-orders/orders-section.tsx";
import { AdminReturnsSection } from "#app/features/admin-orders/returns-section.tsx";
import { requireAdmin } from "#app/lib/guards.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Administração | Loja" }, { name: "robots", content: "noindex" }];

/** Admins only (customer → 403 page, visitor → /auth). The sections read their own data from the admin API. */
export const loader = withDomainErrors(async (args: Route.LoaderArgs) => {
  await requireAdmin(args);
  return null;
});

export default function Page() {
  const [search] = useSearchParams();
  const orderId = search.get("order")?.slice(0, 100) || null;
  const returns = search.get("secao") === "devolucoes";
  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-950 print:hidden">Administração</h1>
      <nav aria-label="Seções da administração" className="flex gap-4 print:hidden">
        <Link to="/admin" aria-current={!returns && !orderId ? "page" : undefined} className="font-semibold text-emerald-800 underline">
          Pedidos
        </Link>
        <Link
          to="/admin?secao=devolucoes"
          aria-current={returns && !orderId ? "page" : undefined}
          className="font-semibold text-emerald-800 underline"
        >
          Devoluções
        </Link>
      </nav>
      {orderId ? <AdminOrderPage orderId={orderId} /> : returns ? <AdminReturnsSection /> : <AdminOrdersSection />}
    </section>
  );
}
