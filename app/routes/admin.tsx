import { AdminOrders } from "#app/features/orders/admin-orders.tsx";
import { loadAdminOrders } from "#app/features/orders/order-pages.server.ts";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Administração | Loja" }, { name: "robots", content: "noindex" }];

/** Admins only (customer → 403 page, visitor → /auth). ?status= filters, ?order=ID opens one order. */
export function loader(args: Route.LoaderArgs) {
  return loadAdminOrders(args);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AdminOrders {...loaderData} />;
}
