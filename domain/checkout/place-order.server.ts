/**
 * Placing an order (docs/requirements.md checkout steps 4 and 5): one transaction, idempotent per key.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { idempotencyKeys } from "#platform/db/tables/checkout.ts";
import { recordPlacedOrder } from "#domain/orders/order-machine.server.ts";
import type { AppServices } from "#platform/services.ts";
import { requestHash } from "#platform/request-hash.ts";
import { DomainError } from "#domain/errors.ts";
import { markCartAwaitingPayment } from "#domain/cart/cart-store.server.ts";
import { saveCheckoutAddress } from "#domain/account/account-data.server.ts";
import { loadCheckoutCart } from "#domain/checkout/checkout-cart.server.ts";
import type { OrderAddress } from "#domain/checkout/checkout-schemas.ts";
import { orderCpf, rememberOrderCpf } from "#domain/checkout/order-cpf.server.ts";
import { priceOrderDiscounts, recordOrderDiscounts } from "#domain/checkout/checkout-discounts.server.ts";
import { accountContacts } from "#domain/auth/account-names.server.ts";
import { adminUserIds } from "#domain/auth/admins.server.ts";
import { createNotifications, enqueueNotificationEmails } from "#domain/notifications/notifications.server.ts";
import { adminNewOrderMessage, orderCreatedMessage } from "#domain/orders/order-messages.ts";
import { toNotification } from "#domain/orders/order-store.server.ts";
import { insertPlacedOrder, nextOrderNumber, orderNumberOf, recentPendingOrder } from "#domain/orders/placed-order.server.ts";
import type { OrderAddressSnapshot } from "#domain/orders/order-types.ts";
import { reserveStock } from "#domain/orders/order-stock.server.ts";
import { pixDeadline, startPix } from "#domain/payments/charges.server.ts";
import { attachReceipt } from "#domain/orders/order-receipt.server.ts";
import { melhorEnvioServiceId, type ShippingChoice } from "#domain/shipping/shipping-methods.ts";
import { chosenShippingOption, quoteShipping } from "#domain/shipping/shipping-quote.server.ts";
import type { ShippingQuoteOption } from "#domain/shipping/shipping-quote-schema.ts";

type Services = Pick<AppServices, "config" | "db" | "logger">;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type SessionCustomer = { id: string; email: string; name: string };

export type PlaceOrderRequest = {
  idempotencyKey: string;
  /** Without a CPF: the account's saved one (decision 033). */
  address?: OrderAddress;
  saveAddress: boolean;
  shippingMethod?: ShippingChoice;
  /** Decisions 027 and 028: a coupon to apply, and whether to pay part with credit. */
  couponCode?: string;
  useCredits?: boolean;
};

export type PlacedOrder = { orderId: string; number: number; replayed: boolean };

/** A claim left without an order (a crash between the claim and the commit) frees its key after this. */
const STALE_CLAIM = sql`interval '2 minutes'`;

/**
 * docs/requirements.md checkout step 4–5. The key is claimed first in its own statement, so a concurrent
 * duplicate sees it at once and gets 409, and a retry after success replays the same order. Then
 * one transaction locks the cart, re-prices it, reserves stock with conditional updates (never
 * below zero), writes the order with line snapshots, its history and notifications, and moves the
 * cart to pending_payment. Any failure rolls all of it back and frees the key. A provider's Pix is
 * made after that commit (decision 045: the caller runs chargeOrderNow).
 *
 * Each attempt holds its claim by a token of its own (`claim`) and only ever removes that claim:
 * a failed attempt whose key was taken over meanwhile, or a clean-up racing another retry, must not
 * delete a claim that another attempt holds or has turned into an order (decision 045).
 */
export async function placeOrder(services: Services, customer: SessionCustomer, request: PlaceOrderRequest): Promise<PlacedOrder> {
  const { db } = services;
  const requestHash = hashOfRequest(request);
  const keyOf = and(eq(idempotencyKeys.userId, customer.id), eq(idempotencyKeys.key, request.idempotencyKey));
  let claim: string | undefined;
  // Twice at most: a stale claim is removed once, then the key is claimed or someone else's.
  for (let round = 0; round < 2 && !claim; round++) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId: customer.id, key: request.idempotencyKey, requestHash })
      .onConflictDoNothing()
      .returning({ claim: idempotencyKeys.claim });
    if (claimed) {
      claim = claimed.claim;
      break;
    }
    const [existing] = await db
      .select({
        orderId: idempotencyKeys.orderId,
        claim: idempotencyKeys.claim,
        // The database's clock decides, so instances with skewed clocks agree on what is stale.
        stale: sql<boolean>`${idempotencyKeys.createdAt} < now() - ${STALE_CLAIM}`,
        requestHash: idempotencyKeys.requestHash,
      })
      .from(idempotencyKeys)
      .where(keyOf);
    // Like Stripe's keys: one key, one request. Another body under it is a client's bug, never a replay.
    if (existing?.requestHash && existing.requestHash !== requestHash) {
      throw new DomainError(
        "unprocessable",
        "idempotency_key_reused",
        "Esta tentativa de compra já foi enviada com outros dados. Recarregue a página e confira o pedido.",
      );
    }
    const number = existing?.orderId ? await orderNumberOf(db, existing.orderId) : null;
    if (existing?.orderId && number !== null) return { orderId: existing.orderId, number, replayed: true };
    // Gone meanwhile (its attempt failed): claim it again.
    if (!existing) continue;
    if (!existing.stale || round > 0) break;
    // Only the stale claim that was read, only while it has no order and is still old: a fresh claim
    // of another retry, or one that has just become an order, stays.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          keyOf,
          eq(idempotencyKeys.claim, existing.claim),
          sql`${idempotencyKeys.orderId} is null`,
          sql`${idempotencyKeys.createdAt} < now() - ${STALE_CLAIM}`,
        ),
      );
  }
  if (!claim) throw new DomainError("conflict", "checkout_in_progress", "Este pedido já está sendo processado. Aguarde um instante.");
  const mine = and(keyOf, eq(idempotencyKeys.claim, claim));

  try {
    await quoteBeforeLocking(services, customer.id, request);
    return await db.transaction(async (tx) => {
      const result = await createOrder(tx, services, customer, request);
      const recipients = await accountContacts(
        tx,
        result.notifications.map((item) => item.userId),
      );
      await enqueueNotificationEmails(tx, services, result.notifications, recipients);
      const bound = await tx.update(idempotencyKeys).set({ orderId: result.orderId }).where(mine).returning({ key: idempotencyKeys.key });
      // The claim was taken from this attempt (it looked stale to another): its order must not be saved
      // beside the other attempt's; roll back, and the retry replays whichever order the key holds.
      if (bound.length === 0)
        throw new DomainError("conflict", "checkout_in_progress", "Este pedido já está sendo processado. Aguarde um instante.");
      return { orderId: result.orderId, number: result.number, replayed: false };
    });
  } catch (error) {
    await db
      .delete(idempotencyKeys)
      .where(and(mine, sql`${idempotencyKeys.orderId} is null`))
      .catch(() => {});
    throw error;
  }
}

/** The request as the key is bound to it: its validated fields, the key itself left out. */
function hashOfRequest(request: PlaceOrderRequest): string {
  const { idempotencyKey: _key, ...fields } = request;
  return requestHash(fields);
}

/**
 * A live freight quote (decision 073) may call Melhor Envio: it is asked here, before the order's
 * transaction locks the cart, so the quote inside reads the shared cache instead of the network.
 */
async function quoteBeforeLocking(services: Services, userId: string, request: PlaceOrderRequest): Promise<void> {
  if (services.config.SHIPPING_PROVIDER !== "melhorenvio" || !request.address || !request.shippingMethod) return;
  const cart = await loadCheckoutCart(services.db, userId);
  if (cart?.needsShipping) await quoteShipping(services, request.address.cep, cart.parcel);
}

async function createOrder(tx: Tx, services: Services, customer: SessionCustomer, request: PlaceOrderRequest) {
  const cart = await loadCheckoutCart(tx, customer.id, { lock: true });
  if (!cart || cart.lines.length === 0) {
    // A concurrent submit (another key) may have just turned this cart into an order.
    const recent = await recentPendingOrder(tx, customer.id);
    if (recent) throw new DomainError("conflict", "cart_already_ordered", `Este carrinho já virou o pedido #${recent.number}.`);
    throw new DomainError("conflict", "cart_empty", "Seu carrinho está vazio.");
  }
  const invalid = cart.lines.find((line) => line.problem);
  if (invalid) {
    const soldOut = invalid.stock !== null && invalid.stock < invalid.quantity;
    throw new DomainError(
      "conflict",
      soldOut ? "out_of_stock" : "cart_invalid",
      soldOut ? `Estoque insuficiente de ${invalid.productName}. Ajuste o carrinho e tente de novo.` : invalid.problem!,
    );
  }

  let shipping: ShippingQuoteOption | null = null;
  let address: OrderAddressSnapshot | null = null;
  if (cart.needsShipping) {
    if (!request.address) throw new DomainError("invalid", "address_required", "Informe o endereço de entrega.");
    if (!request.shippingMethod) throw new DomainError("invalid", "shipping_required", "Escolha a forma de envio.");
    // Read from the quote cache quoteBeforeLocking filled: no call to Melhor Envio while the cart is locked.
    shipping = await chosenShippingOption({ ...services, executor: tx }, request.address.cep, cart.parcel, request.shippingMethod);
    if (!shipping) throw new DomainError("conflict", "shipping_unavailable", "Essa forma de envio não atende o seu CEP. Escolha outra.");
    address = { ...request.address, cpf: await orderCpf(tx, customer.id, request.address.cpf) };
  }

  const reserved = await reserveStock(tx, services, cart.lines);

  const shippingCents = shipping?.priceCents ?? 0;
  const amounts = {
    subtotalCents: cart.subtotalCents,
    packagingCents: cart.packagingCents,
    shippingCents,
    needsShipping: cart.needsShipping,
  };
  const discounts = await priceOrderDiscounts(tx, customer.id, request, amounts);
  const totalCents = discounts.totalCents;
  const number = await nextOrderNumber(tx);
  // The Pix: the shop's static BR Code now, or a provider's charge made after the commit (decision 045);
  // the id is chosen here, since a provider's txid derives from it.
  const newOrderId = randomUUID();
  const payer = { name: address?.recipientName ?? customer.name, email: customer.email, cpf: address?.cpf ?? null };
  const pix = await startPix(tx, services, {
    orderId: newOrderId,
    orderNumber: number,
    attempt: 1,
    totalCents,
    expiresAt: pixDeadline(services.config),
    payer,
  });

  const lines = cart.lines.map((line) => ({
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
  }));
  const orderId = await insertPlacedOrder(
    tx,
    {
      id: newOrderId,
      paymentProvider: pix.provider,
      number,
      userId: customer.id,
      customerEmail: customer.email,
      customerName: address?.recipientName ?? customer.name,
      cartId: cart.cartId,
      subtotalCents: cart.subtotalCents,
      packagingCents: cart.packagingCents,
      shippingCents,
      discountCents: discounts.discountCents,
      totalCents,
      shippingMethod: shipping?.method ?? null,
      shippingServiceId: shipping ? melhorEnvioServiceId(shipping.method) : null,
      shippingServiceName: shipping && melhorEnvioServiceId(shipping.method) !== null ? shipping.label : null,
      shippingDays: shipping?.deliveryDays ?? null,
      productionDays: cart.productionDays,
      shippingAddress: address,
      pixTxid: pix.txid,
      pixCode: pix.brCode,
      pixExpiresAt: pix.expiresAt,
    },
    lines,
  );
  await recordOrderDiscounts(tx, orderId, customer.id, discounts);
  await recordPlacedOrder(tx, orderId, customer.id);
  // The customer's other tabs and devices hear it and clear their cart (spec §4).
  await markCartAwaitingPayment(tx, cart.cartId);

  if (request.address && request.saveAddress) {
    const { cpf: _cpf, ...saved } = request.address;
    await saveCheckoutAddress(tx, customer.id, saved);
  }
  if (address) await rememberOrderCpf(tx, customer.id, address.cpf);

  const facts = {
    number,
    totalCents,
    customerName: address?.recipientName ?? customer.name,
    expiryMinutes: services.config.PIX_EXPIRY_MINUTES,
    discounts: discounts.lines,
  };
  const admins = await adminUserIds(services, tx);
  const notifications = await createNotifications(tx, [
    toNotification(customer.id, orderId, orderCreatedMessage(facts)),
    ...admins.map((adminId) => toNotification(adminId, orderId, adminNewOrderMessage(facts))),
  ]);
  // The confirmation e-mails carry the receipt: items, address, money lines, the Pix code.
  await attachReceipt(tx, orderId, notifications);
  return { orderId, number, notifications };
}
