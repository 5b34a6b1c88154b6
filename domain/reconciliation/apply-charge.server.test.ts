import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailLog, orders, orderStatusHistory, payments, products } from "#platform/db/schema.ts";
import { expireOrder } from "#domain/orders/expire-order.server.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { lockOrder } from "#domain/orders/order-store.server.ts";
import type { ChargeState, PaymentProvider } from "#domain/payments/payment-provider.server.ts";
import { applyChargeState, type PaymentRow } from "#domain/reconciliation/apply-charge.server.ts";
import { setUpTestDatabase } from "#test/database.ts";
import { buildOrder, type BuiltOrder } from "#test/builders.ts";

/*
 * Reconciliation's rules beside it (issue 27 item 9): what a provider's "paid" does to the order,
 * through the order machine: paid once, a late payment reopens an expired order (the one reopen
 * flow), and money that cannot be kept goes back and is written in the order's history.
 */

const t = setUpTestDatabase();

/** A provider that only records the refunds asked of it (reading is done by the caller: the state is given). */
function refundingProvider() {
  const refunds: Array<{ amountCents: number; refundId: string }> = [];
  const provider = {
    id: "mercadopago",
    confirmedBy: "webhook",
    refundCharge: async (ref: { amountCents: number; refundId: string }) =>
      void refunds.push({ amountCents: ref.amountCents, refundId: ref.refundId }),
  } as unknown as PaymentProvider;
  return { provider, refunds };
}

async function chargeOf(built: BuiltOrder): Promise<PaymentRow> {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, built.orderId));
  await t.db.update(orders).set({ paymentProvider: "mercadopago" }).where(eq(orders.id, built.orderId));
  const [row] = await t.db
    .insert(payments)
    .values({
      orderId: order!.id,
      provider: "mercadopago",
      providerChargeId: `mp-${order!.number}`,
      txid: order!.pixTxid,
      amountCents: order!.totalCents,
    })
    .returning();
  return row!;
}

const paidState = (row: PaymentRow): ChargeState => ({
  providerChargeId: row.providerChargeId,
  reference: row.txid,
  status: "paid",
  providerStatus: "approved",
  amountCents: row.amountCents,
  paidCents: row.amountCents,
  endToEndId: null,
  paidAt: new Date(),
  raw: {},
});

const reasonsOf = async (orderId: string) =>
  (
    await t.db
      .select({ reason: orderStatusHistory.reason })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(orderStatusHistory.createdAt)
  ).map((row) => row.reason);
const statusOf = async (orderId: string) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;
const subjectsTo = async (email: string) =>
  (await t.db.select({ subject: emailLog.subject }).from(emailLog).where(eq(emailLog.recipient, email))).map((row) => row.subject);

describe("a provider's payment", () => {
  it("pays a waiting order once, however many deliveries arrive at the same time", async () => {
    const built = await buildOrder(t.db);
    const row = await chargeOf(built);
    const { provider } = refundingProvider();
    const outcomes = await Promise.all([1, 2, 3].map(() => applyChargeState(t.services, provider, row, paidState(row))));
    expect(outcomes.filter((outcome) => outcome === "paid")).toHaveLength(1);
    expect(await reasonsOf(built.orderId)).toEqual(["order_placed", "paid_by_provider"]);
    expect(await subjectsTo(built.email)).toEqual([expect.stringContaining("Pagamento confirmado")]);
  });

  it("paid after the local expiry: the order is reopened (stock taken again) and paid, all in its history", async () => {
    const built = await buildOrder(t.db, { quantity: 2 });
    const row = await chargeOf(built);
    await t.db.transaction(async (tx) => expireOrder(tx, t.services, await lockOrder(tx, built.orderId)));
    const [before] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, built.productId));
    const { provider, refunds } = refundingProvider();
    expect(await applyChargeState(t.services, provider, row, paidState(row))).toBe("revived");
    expect(await statusOf(built.orderId)).toBe("paid");
    const [after] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, built.productId));
    expect(after!.stock).toBe(before!.stock! - 2);
    expect(await reasonsOf(built.orderId)).toEqual(["order_placed", "pix_expired", "paid_after_expiry", "paid_by_provider"]);
    expect(refunds).toEqual([]);
  });

  it("an order the shop cancelled is never reopened, even when its cancel reason reads like an expiry: the money goes back", async () => {
    const built = await buildOrder(t.db);
    const row = await chargeOf(built);
    await t.db.transaction(async (tx) =>
      moveOrder(tx, t.services, await lockOrder(tx, built.orderId), {
        to: "cancelled",
        reason: "cancelled_by_shop",
        actorUserId: null,
        set: { cancelReason: "Pix expirado" },
      }),
    );
    const { provider, refunds } = refundingProvider();
    expect(await applyChargeState(t.services, provider, row, paidState(row))).toBe("refunding");
    expect(await statusOf(built.orderId)).toBe("cancelled");
    expect(refunds).toEqual([{ amountCents: row.amountCents, refundId: expect.stringMatching(/^D/) }]);
  });

  it("paid after the expiry with the stock gone: refunded through the provider, in the order's history, the customer told", async () => {
    const built = await buildOrder(t.db, { quantity: 2 });
    const row = await chargeOf(built);
    await t.db.transaction(async (tx) => expireOrder(tx, t.services, await lockOrder(tx, built.orderId)));
    const [kit] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, built.productId));
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, built.productId));
    const { provider, refunds } = refundingProvider();
    try {
      expect(await applyChargeState(t.services, provider, row, paidState(row))).toBe("refunding");
    } finally {
      await t.db.update(products).set({ stock: kit!.stock }).where(eq(products.id, built.productId));
    }
    expect(await statusOf(built.orderId)).toBe("cancelled");
    expect(refunds).toHaveLength(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, row.id));
    expect(payment).toMatchObject({ status: "refunded", problem: "paid_after_expiry" });
    expect(await reasonsOf(built.orderId)).toEqual(["order_placed", "pix_expired", "late_payment_refunded"]);
    expect(await subjectsTo(built.email)).toEqual([
      expect.stringContaining("Pix expirado"),
      expect.stringContaining("Pagamento reembolsado"),
    ]);
  });
});
