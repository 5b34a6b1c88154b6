import { AdminOrders } from "#app/features/orders/admin-orders.tsx";
import { appContext } from "#app/lib/app-context.server.ts";
import { requireAdmin } from "#app/lib/guards.server.ts";
import { getOrder, listAdminOrders } from "#domain/orders/order-queries.server.ts";
import { ORDER_STATUSES, type OrderStatus } from "#domain/orders/order-status.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Administração | Loja" }, { name: "robots", content: "noindex" }];

/** Admins only (customer → 403 page, visitor → /auth). ?status= filters, ?order=ID opens one order. */
export const loader = withDomainErrors(async (args: Route.LoaderArgs) => {
  await requireAdmin(args);
  const { db } = args.context.get(appContext).services;
  const raw = args.url.searchParams.get("status");
  // An unknown status shows every order rather than an error.
  const status = raw && (ORDER_STATUSES as readonly string[]).includes(raw) ? (raw as OrderStatus) : undefined;
  const id = args.url.searchParams.get("order")?.slice(0, 100) || null;
  const [orders, order] = await Promise.all([listAdminOrders(db, status), id ? getOrder(db, id) : Promise.resolve(null)]);
  return { orders, status: status ?? null, orderId: id, order };
});

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AdminOrders {...loaderData} />;
}
