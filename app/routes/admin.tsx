import { AdminOrders } from "#app/features/orders/admin-orders.tsx";
import { loadAdminOrders } from "#app/features/orders/order-pages.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Administração | Loja" }, { name: "robots", content: "noindex" }];

/** Admins only (customer → 403 page, visitor → /auth). ?status= filters, ?order=ID opens one order. */
export const loader = withDomainErrors((args: Route.LoaderArgs) => loadAdminOrders(args));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AdminOrders {...loaderData} />;
}
