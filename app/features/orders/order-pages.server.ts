import { currentUser, requireAdmin, requireUser, type PageArgs } from "#app/lib/guards.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { listAddresses } from "#domain/account/account-data.server.ts";
import { loadCheckoutCart } from "#domain/checkout/checkout-cart.server.ts";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { getOrder, listAdminOrders, listCustomerOrders } from "#domain/orders/order-queries.server.ts";
import { pixQrSvg } from "#domain/payments/pix-qr.server.ts";
import { quoteShipping } from "#domain/shipping/shipping-quote.server.ts";
import { ORDER_STATUSES, type OrderStatus } from "#domain/orders/order-status.ts";
import type { OrderDetail, OrderWithQr } from "#domain/orders/order-types.ts";

/** What the order pages' loaders read (checkout, success, the customer panel, the admin). */


async function withQr(order: OrderDetail | null): Promise<OrderWithQr | null> {
  if (!order) return null;
  return { ...order, pixQrSvg: order.pix ? await pixQrSvg(order.pix.code) : null };
}

const orderParam = (url: URL) => url.searchParams.get("order")?.slice(0, 100) || null;

/** /checkout and /checkout-flow: visitors see the identification step; customers their priced cart. */
export async function loadCheckout(args: PageArgs) {
  const services = args.context.get(appContext).services;
  const user = await currentUser(args);
  if (!user) return { signedIn: false as const, expiryMinutes: services.config.PIX_EXPIRY_MINUTES };
  const [cart, addresses] = await Promise.all([loadCheckoutCart(services.db, user.id), listAddresses(services.db, user.id)]);
  const cep = addresses[0]?.cep;
  const initialQuote = cart?.needsShipping && cep ? { cep, options: await quoteShipping(services.db, cep, cart.weightGrams) } : null;
  return {
    initialQuote,
    signedIn: true as const,
    user: { name: user.name, email: user.email },
    cart,
    addresses,
    expiryMinutes: services.config.PIX_EXPIRY_MINUTES,
  };
}

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
