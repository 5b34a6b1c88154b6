import { and, asc, desc, eq, inArray, like, lte, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import {
  addresses,
  cartItems,
  carts,
  idempotencyKeys,
  orderItems,
  orders,
  orderStatusHistory,
  products,
  users,
} from "#platform/db/schema.ts";
import type { AppServices } from "#platform/services.ts";
import { DomainError } from "#domain/errors.ts";
import { mailerFor } from "#platform/mail/mailer.ts";
import { withdrawalRequestMessage } from "#domain/notifications/mail-templates.ts";
import { announceCartStatus } from "#domain/cart/cart.server.ts";
import type { CheckoutAddress, ShippingMethod } from "#domain/checkout/checkout-schemas.ts";
import {
  adminUserIds,
  createNotifications,
  sendNotificationEmails,
  type CreatedNotification,
  type NewNotification,
} from "#domain/notifications/notifications.server.ts";
import { staticPixProvider, type PaymentProvider } from "#domain/payments/payment-provider.server.ts";
import { quantityProblem, quote } from "#domain/pricing/price-quote.ts";
import { parcelWeightGrams, quoteShipping, type ShippingQuote } from "#domain/shipping/shipping-quote.server.ts";
import {
  adminNewOrderMessage,
  orderCreatedMessage,
  paymentMessage,
  ratingReminderMessage,
  statusMessage,
  trackingMessage,
  type OrderMessage,
} from "#domain/orders/order-messages.ts";
import type { OrderAddressSnapshot, OrderDetail, OrderSummary } from "#domain/orders/order-types.ts";
import {
  canTransition,
  formatDate,
  holdsStock,
  isValidTrackingCode,
  normalizeTrackingCode,
  TRACKING_CODE_MESSAGE,
  WITHDRAWAL_NOTE,
  withdrawalDeadline,
  type OrderStatus,
} from "#domain/orders/order-status.ts";

type Services = Pick<AppServices, "config" | "db" | "logger">;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

export type SessionCustomer = { id: string; email: string; name: string };

/* ------------------------------------------------------------------------------------------------
 * The cart as the checkout sees it: the customer's active cart, re-priced from `products`.
 * --------------------------------------------------------------------------------------------- */

export type CheckoutLine = {
  productId: string;
  productName: string;
  productSlug: string;
  category: string;
  unitType: "gram" | "unit";
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  totalPriceCents: number;
  packagingEnabled: boolean;
  packagingFeeCents: number;
  sachetCount: number | null;
  finalTotalCents: number;
  needsShipping: boolean;
  /** Null: no stock limit. */
  stock: number | null;
  /** Why this line cannot be bought as it is (Portuguese), or null. */
  problem: string | null;
};

export type CheckoutCart = {
  cartId: string;
  lines: CheckoutLine[];
  subtotalCents: number;
  packagingCents: number;
  needsShipping: boolean;
  weightGrams: number;
  savedShipping: { method: string | null; cep: string | null };
};

/**
 * The signed-in customer's active cart, priced by the server (PRODUCT.md: prices, totals and fees
 * stored with the cart lines or sent by a client are never used). Null when there is no cart.
 */
export async function loadCheckoutCart(db: Executor, userId: string, options: { lock?: boolean } = {}): Promise<CheckoutCart | null> {
  const cartQuery = db
    .select({ id: carts.id, shippingMethod: carts.shippingMethod, shippingCep: carts.shippingCep })
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.status, "active")))
    .limit(1);
  const [cart] = options.lock ? await cartQuery.for("update") : await cartQuery;
  if (!cart) return null;
  const rows = await db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      metadata: cartItems.metadata,
      name: products.name,
      slug: products.slug,
      category: products.category,
      unitType: products.unitType,
      priceCents: products.priceCents,
      stock: products.stock,
      buttonDisabled: products.buttonDisabled,
      needsShipping: products.needsShipping,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));

  const lines = rows.map((row): CheckoutLine => {
    const packagingEnabled = row.metadata?.packaging?.enabled === true;
    const base = {
      productId: row.productId,
      productName: row.name,
      productSlug: row.slug,
      category: row.category,
      unitType: row.unitType,
      quantity: row.quantity,
      packagingEnabled,
      needsShipping: row.needsShipping,
      stock: row.stock,
    };
    const invalid = quantityProblem(row.unitType, row.quantity);
    const unpriced = row.unitType === "unit" && !row.priceCents;
    let problem: string | null = null;
    if (row.buttonDisabled) problem = `${row.name} não está disponível para compra.`;
    else if (invalid || unpriced) problem = `A quantidade de ${row.name} não é válida: ${invalid ?? "produto sem preço"}.`;
    else if (row.stock !== null && row.stock < row.quantity) problem = `Estoque insuficiente de ${row.name}.`;
    if (invalid || unpriced) {
      return { ...base, unitPriceCents: 0, discountCents: 0, totalPriceCents: 0, packagingFeeCents: 0, sachetCount: null, finalTotalCents: 0, problem };
    }
    const price = quote(row.unitType === "gram" ? { unitType: "gram" } : { unitType: "unit", unitPriceCents: row.priceCents! }, row.quantity, packagingEnabled);
    return {
      ...base,
      unitPriceCents: price.unitPriceCents,
      discountCents: price.discountAmountCents,
      totalPriceCents: price.totalPriceCents,
      packagingFeeCents: price.packagingFeeCents,
      sachetCount: price.sachetCount,
      finalTotalCents: price.finalTotalCents,
      problem,
    };
  });
  return {
    cartId: cart.id,
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.totalPriceCents, 0),
    packagingCents: lines.reduce((sum, line) => sum + line.packagingFeeCents, 0),
    needsShipping: lines.some((line) => line.needsShipping),
    weightGrams: parcelWeightGrams(lines),
    savedShipping: { method: cart.shippingMethod, cep: cart.shippingCep },
  };
}

/** The cart the checkout goes on with: refused (cart_empty) when there is nothing to buy. */
export async function requireCheckoutCart(db: Executor, userId: string): Promise<CheckoutCart> {
  const cart = await loadCheckoutCart(db, userId);
  if (!cart || cart.lines.length === 0) throw new DomainError("conflict", "cart_empty", "Seu carrinho está vazio.");
  return cart;
}

/** Shipping options for the customer's cart and a CEP (digital-only carts: none needed). */
export async function quoteCartShipping(db: Database, userId: string, cep: string): Promise<{ needsShipping: boolean; options: ShippingQuote[] }> {
  const cart = await requireCheckoutCart(db, userId);
  if (!cart.needsShipping) return { needsShipping: false, options: [] };
  return { needsShipping: true, options: await quoteShipping(db, cep, cart.weightGrams) };
}

/* ------------------------------------------------------------------------------------------------
 * Placing an order: one transaction, idempotent per key.
 * --------------------------------------------------------------------------------------------- */

export type PlaceOrderRequest = {
  idempotencyKey: string;
  address?: CheckoutAddress;
  saveAddress: boolean;
  shippingMethod?: ShippingMethod;
};

export type PlacedOrder = { orderId: string; number: number; replayed: boolean };

/** An attempt left without an order (a crash between the claim and the commit) frees its key after this. */
const STALE_ATTEMPT_MS = 2 * 60_000;

export function paymentProvider(services: Services): PaymentProvider {
  return staticPixProvider(services.config);
}

/**
 * PRODUCT.md checkout step 4–5. The key is claimed first in its own statement, so a concurrent
 * duplicate sees it at once and gets 409, and a retry after success replays the same order. Then
 * one transaction locks the cart, re-prices it, reserves stock with conditional updates (never
 * below zero), writes the order with line snapshots, its history and notifications, and moves the
 * cart to pending_payment. Any failure rolls all of it back and frees the key.
 */
export async function placeOrder(services: Services, customer: SessionCustomer, request: PlaceOrderRequest): Promise<PlacedOrder> {
  const { db } = services;
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: customer.id, key: request.idempotencyKey })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [existing] = await db
      .select({ orderId: idempotencyKeys.orderId, createdAt: idempotencyKeys.createdAt, number: orders.number })
      .from(idempotencyKeys)
      .leftJoin(orders, eq(orders.id, idempotencyKeys.orderId))
      .where(and(eq(idempotencyKeys.userId, customer.id), eq(idempotencyKeys.key, request.idempotencyKey)));
    if (existing?.orderId && existing.number !== null) return { orderId: existing.orderId, number: existing.number, replayed: true };
    if (existing && Date.now() - existing.createdAt.getTime() > STALE_ATTEMPT_MS) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, customer.id), eq(idempotencyKeys.key, request.idempotencyKey), sql`${idempotencyKeys.orderId} is null`));
      return placeOrder(services, customer, request);
    }
    throw new DomainError("conflict", "checkout_in_progress", "Este pedido já está sendo processado. Aguarde um instante.");
  }

  let created: CreatedNotification[] = [];
  try {
    const placed = await db.transaction(async (tx) => {
      const result = await createOrder(tx, services, customer, request);
      created = result.notifications;
      await tx
        .update(idempotencyKeys)
        .set({ orderId: result.orderId })
        .where(and(eq(idempotencyKeys.userId, customer.id), eq(idempotencyKeys.key, request.idempotencyKey)));
      return { orderId: result.orderId, number: result.number, replayed: false };
    });
    void sendNotificationEmails(services, created).catch((error: unknown) => services.logger.error({ err: error }, "order e-mails failed"));
    return placed;
  } catch (error) {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, customer.id), eq(idempotencyKeys.key, request.idempotencyKey)))
      .catch(() => {});
    throw error;
  }
}

async function createOrder(tx: Tx, services: Services, customer: SessionCustomer, request: PlaceOrderRequest) {
  const cart = await loadCheckoutCart(tx, customer.id, { lock: true });
  if (!cart || cart.lines.length === 0) {
    // A concurrent submit (another key) may have just turned this cart into an order.
    const [recent] = await tx
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(and(eq(orders.userId, customer.id), eq(orders.status, "pending_payment"), sql`${orders.createdAt} > now() - interval '5 minutes'`))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    if (recent) throw new DomainError("conflict", "cart_already_ordered", `Este carrinho já virou o pedido #${recent.number}.`);
    throw new DomainError("conflict", "cart_empty", "Seu carrinho está vazio.");
  }
  const invalid = cart.lines.find((line) => line.problem);
  if (invalid) {
    const soldOut = invalid.stock !== null && invalid.stock < invalid.quantity;
    throw new DomainError("conflict", soldOut ? "out_of_stock" : "cart_invalid", soldOut ? `Estoque insuficiente de ${invalid.productName}. Ajuste o carrinho e tente de novo.` : invalid.problem!);
  }

  let shipping: ShippingQuote | null = null;
  let address: OrderAddressSnapshot | null = null;
  if (cart.needsShipping) {
    if (!request.address) throw new DomainError("invalid", "address_required", "Informe o endereço de entrega.");
    if (!request.shippingMethod) throw new DomainError("invalid", "shipping_required", "Escolha a forma de envio.");
    const options = await quoteShipping(tx, request.address.cep, cart.weightGrams);
    shipping = options.find((option) => option.method === request.shippingMethod) ?? null;
    if (!shipping) throw new DomainError("conflict", "shipping_unavailable", "Essa forma de envio não atende o seu CEP. Escolha outra.");
    address = { ...request.address };
  }

  // Stock: one conditional update per line, in product order (two orders never wait on each other in a cycle).
  const reserved = new Set<string>();
  for (const line of [...cart.lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    if (line.stock === null) continue;
    const rows = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, line.productId), sql`${products.stock} >= ${line.quantity}`))
      .returning({ id: products.id });
    if (rows.length === 0) throw new DomainError("conflict", "out_of_stock", `Estoque insuficiente de ${line.productName}. Ajuste o carrinho e tente de novo.`);
    reserved.add(line.productId);
  }

  const shippingCents = shipping?.priceCents ?? 0;
  const totalCents = cart.subtotalCents + cart.packagingCents + shippingCents;
  const numberRows = await tx.execute<{ number: string }>(sql`select nextval(pg_get_serial_sequence('orders', 'number')) as number`);
  const number = Number(numberRows.rows[0]!.number);
  const charge = await paymentProvider(services).createCharge({ orderNumber: number, totalCents, now: new Date() });

  const [order] = await tx
    .insert(orders)
    .overridingSystemValue()
    .values({
      number,
      userId: customer.id,
      customerEmail: customer.email,
      customerName: address?.recipientName ?? customer.name,
      cartId: cart.cartId,
      subtotalCents: cart.subtotalCents,
      packagingCents: cart.packagingCents,
      shippingCents,
      totalCents,
      shippingMethod: shipping?.method ?? null,
      shippingDays: shipping?.deliveryDays ?? null,
      shippingAddress: address,
      pixTxid: charge.txid,
      pixCode: charge.brCode,
      pixExpiresAt: charge.expiresAt,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;

  await tx.insert(orderItems).values(
    cart.lines.map((line) => ({
      orderId,
      productId: line.productId,
      productName: line.productName,
      productSlug: line.productSlug,
      unitType: line.unitType,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      discountCents: line.discountCents,
      totalPriceCents: line.totalPriceCents,
      packagingEnabled: line.packagingEnabled,
      packagingFeeCents: line.packagingFeeCents,
      sachetCount: line.sachetCount,
      finalTotalCents: line.finalTotalCents,
      needsShipping: line.needsShipping,
      stockReserved: reserved.has(line.productId),
    })),
  );
  await tx.insert(orderStatusHistory).values({ orderId, fromStatus: null, toStatus: "pending_payment", note: "Pedido criado", actorUserId: customer.id });
  await tx.update(carts).set({ status: "pending_payment", updatedAt: sql`now()` }).where(eq(carts.id, cart.cartId));
  // The customer's other tabs and devices hear it and clear their cart (spec §4).
  await announceCartStatus(tx, cart.cartId);

  if (request.address && request.saveAddress) await saveAddressIfNew(tx, customer.id, request.address);

  const facts = { number, totalCents, customerName: address?.recipientName ?? customer.name, expiryMinutes: services.config.PIX_EXPIRY_MINUTES };
  const admins = await adminUserIds(services, tx);
  const notifications = await createNotifications(tx, [
    toNotification(customer.id, orderId, orderCreatedMessage(facts)),
    ...admins.map((adminId) => toNotification(adminId, orderId, adminNewOrderMessage(facts))),
  ]);
  return { orderId, number, notifications };
}

function toNotification(userId: string, orderId: string, message: OrderMessage): NewNotification {
  return { userId, orderId, ...message };
}

/** PRODUCT.md: the address is saved to the account (unless it is already there, or the account has 10). */
async function saveAddressIfNew(tx: Tx, userId: string, address: CheckoutAddress): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
  const existing = await tx.select().from(addresses).where(eq(addresses.userId, userId));
  if (existing.length >= 10) return;
  const same = existing.some((row) => row.cep === address.cep && row.number === address.number && row.street === address.street);
  if (same) return;
  const { cpf: _cpf, ...saved } = address;
  await tx.insert(addresses).values({ ...saved, userId });
}

/* ------------------------------------------------------------------------------------------------
 * Reading orders.
 * --------------------------------------------------------------------------------------------- */


const iso = (value: Date | null) => (value ? value.toISOString() : null);

async function itemCounts(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderItems.orderId, count: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((row) => [row.orderId, row.count]));
}

const LIST_LIMIT = 100;

/** The list rows of these orders, with their line counts; the customer's name and e-mail only for the admin. */
async function summaries(db: Database, rows: Array<typeof orders.$inferSelect>, withCustomer: boolean): Promise<OrderSummary[]> {
  const counts = await itemCounts(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    status: row.status,
    totalCents: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    itemCount: counts.get(row.id) ?? 0,
    ...(withCustomer ? { customerEmail: row.customerEmail, customerName: row.customerName } : {}),
  }));
}

/** A customer's own orders, newest first. */
export async function listCustomerOrders(db: Database, userId: string): Promise<OrderSummary[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(LIST_LIMIT);
  return summaries(db, rows, false);
}

/** Every order for the admin, optionally of one status, newest first. */
export async function listAdminOrders(db: Database, status?: OrderStatus): Promise<OrderSummary[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(desc(orders.createdAt))
    .limit(LIST_LIMIT);
  return summaries(db, rows, true);
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * One order with lines and history. `ownerId`: only when it belongs to that customer (another
 * customer's order is exactly as missing as one that does not exist). Null when not found.
 */
export async function getOrder(db: Database, id: string, ownerId?: string): Promise<OrderDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(ownerId === undefined ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.userId, ownerId)));
  if (!row) return null;
  const [items, history] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.productName)),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    totalCents: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    itemCount: items.length,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    subtotalCents: row.subtotalCents,
    packagingCents: row.packagingCents,
    shippingCents: row.shippingCents,
    discountCents: row.discountCents,
    shippingMethod: row.shippingMethod,
    shippingDays: row.shippingDays,
    shippingAddress: row.shippingAddress,
    trackingCode: row.trackingCode,
    paidAt: iso(row.paidAt),
    deliveredAt: iso(row.deliveredAt),
    ...withdrawalState(row, history),
    cancelReason: row.cancelReason,
    pix: row.status === "pending_payment" ? { code: row.pixCode, txid: row.pixTxid, expiresAt: row.pixExpiresAt.toISOString() } : null,
    items: items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      productSlug: item.productSlug,
      unitType: item.unitType,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      totalPriceCents: item.totalPriceCents,
      packagingFeeCents: item.packagingFeeCents,
      finalTotalCents: item.finalTotalCents,
      needsShipping: item.needsShipping,
    })),
    history: history.map((entry) => ({ fromStatus: entry.fromStatus, toStatus: entry.toStatus, note: entry.note, createdAt: entry.createdAt.toISOString() })),
  };
}

/* ------------------------------------------------------------------------------------------------
 * Changing orders (admins, jobs). Each change locks the order row, checks the transition table,
 * writes the history and the notification in the same transaction.
 * --------------------------------------------------------------------------------------------- */

type OrderRow = typeof orders.$inferSelect;

const notFound = () => new DomainError("not_found", "not_found", "Pedido não encontrado.");

async function lockOrder(tx: Tx, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!row) throw notFound();
  return row;
}

/** Gives back the stock this order's lines took. */
async function releaseStock(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    update ${products} p set stock = p.stock + r.quantity, updated_at = now()
    from (select product_id, sum(quantity)::int as quantity from ${orderItems} where order_id = ${orderId} and stock_reserved group by product_id) r
    where p.id = r.product_id and p.stock is not null`);
  await tx.update(orderItems).set({ stockReserved: false }).where(eq(orderItems.orderId, orderId));
}

/**
 * An unpaid order that ends frees its cart: back to `active` with its items when the customer has
 * no other active cart, so they can pay again; otherwise the old cart is closed (`completed`).
 */
async function reopenCart(tx: Tx, order: OrderRow): Promise<void> {
  if (!order.cartId) return;
  const [other] = order.userId
    ? await tx
        .select({ id: carts.id })
        .from(carts)
        .where(and(eq(carts.userId, order.userId), eq(carts.status, "active")))
        .limit(1)
    : [];
  await tx
    .update(carts)
    .set({ status: other ? "completed" : "active", updatedAt: sql`now()` })
    .where(and(eq(carts.id, order.cartId), eq(carts.status, "pending_payment")));
  await announceCartStatus(tx, order.cartId);
}

type Change = {
  to: OrderStatus;
  actorUserId: string | null;
  note?: string | null;
  /** Extra columns to set with the status. */
  set?: Partial<typeof orders.$inferInsert>;
  /** Notification for the customer; defaults to order_status_changed. */
  message?: OrderMessage;
};

async function applyChange(tx: Tx, services: Services, order: OrderRow, change: Change): Promise<CreatedNotification[]> {
  if (!canTransition(order.status, change.to)) {
    throw new DomainError("conflict", "invalid_transition", `Não é possível mudar o pedido de \u201c${order.status}\u201d para \u201c${change.to}\u201d.`);
  }
  if (change.to === "delivered" && order.status === "paid" && order.shippingMethod) {
    throw new DomainError("conflict", "invalid_transition", "Pedidos com envio passam por preparação e envio antes da entrega.");
  }
  const set: Partial<typeof orders.$inferInsert> = { ...change.set, status: change.to, updatedAt: new Date() };
  if (change.to === "paid") set.paidAt = new Date();
  if (change.to === "delivered") {
    set.deliveredAt = new Date();
    set.ratingReminderAt = new Date(Date.now() + services.config.RATING_REMINDER_DAYS * 24 * 3600_000);
  }
  await tx.update(orders).set(set).where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: change.to,
    note: change.note ?? null,
    actorUserId: change.actorUserId,
    // now() is the transaction's start: two changes of one transaction (paid → preparing → shipped) need their real order.
    createdAt: sql`clock_timestamp()`,
  });
  if (change.to === "cancelled" && holdsStock(order.status)) await releaseStock(tx, order.id);
  if (change.to === "cancelled" && order.status === "pending_payment") await reopenCart(tx, order);
  // Once paid, the cart is done (spec §4: completed carts are cleared in the customer's tabs).
  if (change.to === "paid" && order.cartId) {
    await tx.update(carts).set({ status: "completed", updatedAt: sql`now()` }).where(eq(carts.id, order.cartId));
    await announceCartStatus(tx, order.cartId);
  }
  if (!order.userId) return [];
  const facts = { number: order.number, totalCents: order.totalCents };
  return createNotifications(tx, [toNotification(order.userId, order.id, change.message ?? statusMessage(facts, change.to))]);
}

async function change(services: Services, id: string, build: (order: OrderRow, tx: Tx) => Promise<Change[]> | Change[]): Promise<void> {
  const created = await services.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const changes = await build(order, tx);
    const all: CreatedNotification[] = [];
    let current = order;
    for (const next of changes) {
      all.push(...(await applyChange(tx, services, current, next)));
      current = { ...current, status: next.to };
    }
    return all;
  });
  void sendNotificationEmails(services, created).catch((error: unknown) => services.logger.error({ err: error }, "order e-mails failed"));
}

/** Static Pix: the admin saw the money arrive. */
export function confirmPayment(services: Services, id: string, adminId: string): Promise<void> {
  return change(services, id, (order) => {
    if (order.status !== "pending_payment") throw new DomainError("conflict", "invalid_transition", "Este pedido não está aguardando pagamento.");
    return [{ to: "paid", actorUserId: adminId, note: "Pagamento Pix confirmado", message: paymentMessage({ number: order.number, totalCents: order.totalCents }, "paid") }];
  });
}

export function moveOrderStatus(services: Services, id: string, to: OrderStatus, adminId: string, note?: string | null): Promise<void> {
  return change(services, id, (order) => {
    const facts = { number: order.number, totalCents: order.totalCents };
    if (to === "paid") return [{ to, actorUserId: adminId, note: note ?? "Pagamento confirmado", message: paymentMessage(facts, "paid") }];
    if (to === "refunded") return [{ to, actorUserId: adminId, note, message: paymentMessage(facts, "refunded") }];
    return [{ to, actorUserId: adminId, note }];
  });
}

export function cancelOrder(services: Services, id: string, adminId: string, reason?: string | null): Promise<void> {
  return change(services, id, () => [{ to: "cancelled", actorUserId: adminId, note: reason ?? "Cancelado pela loja", set: { cancelReason: reason ?? "Cancelado pela loja" } }]);
}

/**
 * Adds (or corrects) the Correios tracking code. A paid or preparing order moves to `shipped` with
 * it; the customer gets tracking_added.
 */
export function addTracking(services: Services, id: string, rawCode: string, adminId: string): Promise<void> {
  const code = normalizeTrackingCode(rawCode);
  if (!isValidTrackingCode(code)) throw new DomainError("invalid", "invalid_tracking_code", TRACKING_CODE_MESSAGE);
  return change(services, id, async (order, tx) => {
    if (!order.shippingMethod) throw new DomainError("conflict", "no_shipping", "Este pedido não tem envio.");
    const facts = { number: order.number, totalCents: order.totalCents };
    const tracking: OrderMessage = trackingMessage(facts, code);
    if (order.status === "shipped") {
      await tx.update(orders).set({ trackingCode: code, updatedAt: new Date() }).where(eq(orders.id, order.id));
      if (order.userId) await createNotifications(tx, [toNotification(order.userId, order.id, tracking)]);
      return [];
    }
    if (order.status === "paid") {
      return [
        { to: "preparing", actorUserId: adminId },
        { to: "shipped", actorUserId: adminId, note: `Rastreio ${code}`, set: { trackingCode: code }, message: tracking },
      ];
    }
    if (order.status === "preparing") return [{ to: "shipped", actorUserId: adminId, note: `Rastreio ${code}`, set: { trackingCode: code }, message: tracking }];
    throw new DomainError("conflict", "invalid_transition", "Só é possível informar o rastreio de pedidos pagos.");
  });
}

/* ------------------------------------------------------------------------------------------------
 * The customer's withdrawal (CDC art. 49; PRODUCT.md "Orders"): a request, not a status. It is a
 * history entry (delivered → delivered, WITHDRAWAL_NOTE), so customer and admin see it in the
 * timeline without a new column; the refund stays the admin's "refunded" change.
 * --------------------------------------------------------------------------------------------- */

type HistoryRow = Pick<typeof orderStatusHistory.$inferSelect, "fromStatus" | "toStatus" | "note" | "createdAt">;

function isWithdrawalEntry(entry: HistoryRow): boolean {
  return entry.fromStatus === "delivered" && entry.toStatus === "delivered" && (entry.note ?? "").startsWith(WITHDRAWAL_NOTE);
}

function withdrawalState(row: OrderRow, history: HistoryRow[]) {
  const requested = history.find(isWithdrawalEntry);
  const deadline = row.deliveredAt ? withdrawalDeadline(row.deliveredAt) : null;
  return {
    withdrawalRequestedAt: iso(requested?.createdAt ?? null),
    withdrawalDeadline: iso(deadline),
    withdrawalOpen: row.status === "delivered" && !requested && deadline !== null && Date.now() <= deadline.getTime(),
  };
}

/**
 * Records the owner's withdrawal request on a delivered order within WITHDRAWAL_DAYS of delivery
 * and e-mails the admins. Asking again answers with the first request (`replayed`). Another
 * customer's order is 404, like a missing one.
 */
export async function requestWithdrawal(services: Services, id: string, customerId: string, reason: string | null): Promise<{ replayed: boolean }> {
  const result = await services.db.transaction(async (tx) => {
    // The row lock makes two simultaneous requests queue, so the second one sees the first entry.
    const order = await lockOrder(tx, id);
    if (order.userId !== customerId) throw notFound();
    const history = await tx.select().from(orderStatusHistory).where(and(eq(orderStatusHistory.orderId, id), like(orderStatusHistory.note, `${WITHDRAWAL_NOTE}%`)));
    if (history.some(isWithdrawalEntry)) return { order, replayed: true };
    if (order.status !== "delivered" || !order.deliveredAt) {
      throw new DomainError("conflict", "not_delivered", "A devolução só pode ser pedida depois que o pedido for entregue.");
    }
    const deadline = withdrawalDeadline(order.deliveredAt);
    if (Date.now() > deadline.getTime()) {
      throw new DomainError("conflict", "withdrawal_period_over", `O prazo de devolução deste pedido terminou em ${formatDate(deadline)}.`);
    }
    await tx.insert(orderStatusHistory).values({
      orderId: id,
      fromStatus: "delivered",
      toStatus: "delivered",
      note: reason ? `${WITHDRAWAL_NOTE}. Motivo: ${reason}` : WITHDRAWAL_NOTE,
      actorUserId: customerId,
      createdAt: sql`clock_timestamp()`,
    });
    return { order, replayed: false };
  });
  if (!result.replayed) {
    void emailAdminsOfWithdrawal(services, result.order, reason).catch((error: unknown) => services.logger.error({ err: error }, "withdrawal e-mails failed"));
  }
  return { replayed: result.replayed };
}

/** After the commit and not awaited, like the notification e-mails: SMTP never holds the request back. */
async function emailAdminsOfWithdrawal(services: Services, order: OrderRow, reason: string | null): Promise<void> {
  const adminIds = await adminUserIds(services);
  if (adminIds.length === 0) return;
  const admins = await services.db.select({ email: users.email, name: users.name }).from(users).where(inArray(users.id, adminIds));
  const mailer = mailerFor(services);
  const requestedOn = formatDate(new Date());
  await Promise.all(
    admins.map((admin) =>
      mailer.send(withdrawalRequestMessage({ to: admin.email, name: admin.name, order, requestedOn, reason, publicUrl: services.config.PUBLIC_URL })),
    ),
  );
}

/* ------------------------------------------------------------------------------------------------
 * Background work (server/jobs): safe with several instances, rows claimed with SKIP LOCKED.
 * --------------------------------------------------------------------------------------------- */

/**
 * Cancels unpaid orders whose Pix expired and releases their stock. Each instance claims a batch
 * with `FOR UPDATE SKIP LOCKED`, so two instances never process the same order. Returns how many.
 * With `userId`, only that customer's orders: their order pages call it before reading, so an order
 * whose countdown reached zero reads as cancelled at once instead of at the job's next tick.
 */
export async function expirePendingOrders(services: Services, options: { now?: Date; batch?: number; userId?: string } = {}): Promise<number> {
  const now = options.now ?? new Date();
  let expired = 0;
  const created = await services.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, "pending_payment"), lte(orders.pixExpiresAt, now), options.userId ? eq(orders.userId, options.userId) : undefined))
      .orderBy(asc(orders.pixExpiresAt))
      .limit(options.batch ?? 50)
      .for("update", { skipLocked: true });
    expired = due.length;
    const all: CreatedNotification[] = [];
    for (const order of due) {
      all.push(
        ...(await applyChange(tx, services, order, {
          to: "cancelled",
          actorUserId: null,
          note: "Pix expirado",
          set: { cancelReason: "Pix expirado" },
          message: paymentMessage({ number: order.number, totalCents: order.totalCents }, "expired"),
        })),
      );
    }
    return all;
  });
  void sendNotificationEmails(services, created).catch((error: unknown) => services.logger.error({ err: error }, "expiry e-mails failed"));
  return expired;
}

/** Sends the rating_reminder of delivered orders whose time has come (claimed with SKIP LOCKED). */
export async function sendRatingReminders(services: Services, options: { now?: Date; batch?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const created = await services.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, "delivered"), lte(orders.ratingReminderAt, now)))
      .limit(options.batch ?? 50)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    await tx.update(orders).set({ ratingReminderAt: null }).where(inArray(orders.id, due.map((order) => order.id)));
    return createNotifications(
      tx,
      due
        .filter((order) => order.userId)
        .map((order) => toNotification(order.userId!, order.id, ratingReminderMessage({ number: order.number, totalCents: order.totalCents }))),
    );
  });
  void sendNotificationEmails(services, created).catch((error: unknown) => services.logger.error({ err: error }, "reminder e-mails failed"));
  return created.length;
}

/* ------------------------------------------------------------------------------------------------
 * LGPD (decision 003): the account's export lists its orders; deleting the account keeps the orders
 * for the shop's books without the person in them.
 * --------------------------------------------------------------------------------------------- */

export async function exportCustomerOrders(db: Database, userId: string) {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const details = await Promise.all(rows.map((row) => getOrder(db, row.id, userId)));
  return details.filter((detail): detail is OrderDetail => detail !== null);
}

export const DELETED_CUSTOMER = "Conta excluída";

/** Inside deleteAccount's transaction: name, e-mail and address leave the orders; totals and lines stay. */
export async function anonymiseCustomerOrders(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ userId: null, customerName: DELETED_CUSTOMER, customerEmail: "", shippingAddress: null, updatedAt: new Date() })
    .where(eq(orders.userId, userId));
  await tx.update(orderStatusHistory).set({ actorUserId: null }).where(eq(orderStatusHistory.actorUserId, userId));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
}
