import { requireAdmin, requireUser, type PageArgs } from "#app/lib/guards.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { expirePendingOrders, getOrder, listAdminOrders, listCustomerOrders } from "#domain/orders/orders.server.ts";
import { pixQrSvg } from "#domain/payments/pix-qr.server.ts";
import { ORDER_STATUSES, type OrderStatus } from "#domain/orders/order-status.ts";
import type { OrderDetail, OrderWithQr } from "#domain/orders/order-types.ts";

/** What the order pages' loaders read (success, the customer panel, the admin). */


async function withQr(order: OrderDetail | null): Promise<OrderWithQr | null> {
  if (!order) return null;
  return { ...order, pixQrSvg: order.pix ? await pixQrSvg(order.pix.code) : null };
}

const orderParam = (url: URL) => url.searchParams.get("order")?.slice(0, 100) || null;

/** /success?order=ID: one of the customer's own orders, with its Pix QR while unpaid. */
export async function loadSuccess(args: PageArgs & { url: URL }) {
  const user = await requireUser(args);
  const services = args.context.get(appContext).services;
  const id = orderParam(args.url);
  await expirePendingOrders(services, { userId: user.id });
  return { order: id ? await withQr(await getOrder(services.db, id, user.id)) : null };
}

/** /cliente: the orders list and the opened order (?order=ID, only the customer's own). */
export async function loadCustomerOrders(args: PageArgs & { url: URL }, userId: string) {
  const services = args.context.get(appContext).services;
  const { db } = services;
  const id = orderParam(args.url);
  await expirePendingOrders(services, { userId });
  const [orders, order] = await Promise.all([listCustomerOrders(db, userId), id ? getOrder(db, id, userId).then(withQr) : Promise.resolve(null)]);
  return { orders, order };
}

/** /admin: orders by status (?status=) and the opened one (?order=ID). */
export async function loadAdminOrders(args: PageArgs & { url: URL }) {
  await requireAdmin(args);
  const { db } = args.context.get(appContext).services;
  const raw = args.url.searchParams.get("status");
  const status = raw && (ORDER_STATUSES as readonly string[]).includes(raw) ? (raw as OrderStatus) : undefined;
  const id = orderParam(args.url);
  const [orders, order] = await Promise.all([listAdminOrders(db, status), id ? getOrder(db, id) : Promise.resolve(null)]);
  return { orders, status: status ?? null, orderId: id, order };
}
