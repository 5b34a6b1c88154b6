import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#platform/db/tables/auth.ts";
import { emailLog } from "#platform/db/tables/email-queue.ts";
import { notifications } from "#platform/db/tables/notifications.ts";
import { orderCarrierEvents, orders, orderStatusHistory } from "#platform/db/tables/orders.ts";
import { confirmPayment } from "#domain/orders/admin-order-flows.server.ts";
import { type CarrierEvent, recordCarrierEvent } from "#domain/orders/carrier-events.server.ts";
import { addTracking } from "#domain/orders/ship-order.server.ts";
import { setUpTestDatabase } from "#test/database.ts";
import { buildCustomer, buildOrder } from "#test/builders.ts";

/*
 * Decision 080: what the carrier says moves the order once, forward only, through the order machine;
 * the customer is told with the tracking link, the owner when a parcel does not arrive.
 */

const OWNER = "dona-rastreio@example.com";
const t = setUpTestDatabase({ env: { ADMIN_EMAILS: OWNER } });

const orderOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const reasonsOf = async (id: string) =>
  (
    await t.db
      .select({ reason: orderStatusHistory.reason })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(orderStatusHistory.createdAt)
  ).map((row) => row.reason);
const noticesOf = (userId: string) =>
  t.db.select({ type: notifications.type, title: notifications.title }).from(notifications).where(eq(notifications.userId, userId));
const mailsTo = (email: string) =>
  t.db.select({ subject: emailLog.subject, text: emailLog.text }).from(emailLog).where(eq(emailLog.recipient, email));

async function paidKit() {
  const built = await buildOrder(t.db);
  await confirmPayment(t.services, built.orderId, await buildCustomer(t.db, "Admin"));
  return built;
}

const news = (orderId: string, status: CarrierEvent["status"], extra: Partial<CarrierEvent> = {}): CarrierEvent => ({
  orderId,
  source: "melhorenvio",
  eventId: `label-1:${status}:${orderId}`,
  status,
  trackingCode: "AA123456785BR",
  trackingUrl: null,
  at: new Date(),
  ...extra,
});

const tell = (event: CarrierEvent) => t.db.transaction((tx) => recordCarrierEvent(tx, t.services, event));

describe("the carrier's events", () => {
  it("posted: the paid order is prepared and shipped with the carrier's code, and the customer is told with the link", async () => {
    const built = await paidKit();
    expect(await tell(news(built.orderId, "posted", { trackingUrl: "https://rastreio.example/AA123456785BR" }))).toEqual({ moved: true });

    expect(await orderOf(built.orderId)).toMatchObject({ status: "shipped", trackingCode: "AA123456785BR" });
    expect((await reasonsOf(built.orderId)).slice(-2)).toEqual(["preparation_started", "shipped"]);
    const tracking = (await noticesOf(built.userId)).filter((notice) => notice.type === "tracking_added");
    expect(tracking).toHaveLength(1);
    const mail = (await mailsTo(built.email)).find((row) => row.subject.includes("a caminho"));
    expect(mail?.text).toContain("AA123456785BR");
    expect(mail?.text).toContain("https://rastreio.example/AA123456785BR");
  });

  it("the owner's typed code (table provider) tells the customer the same way, with Melhor Rastreio's link", async () => {
    const built = await paidKit();
    await addTracking(t.services, built.orderId, "aa123456785br", await buildCustomer(t.db, "Admin"));
    expect(await orderOf(built.orderId)).toMatchObject({ status: "shipped", trackingCode: "AA123456785BR" });
    const mail = (await mailsTo(built.email)).find((row) => row.subject.includes("a caminho"));
    expect(mail?.text).toContain("https://www.melhorrastreio.com.br/rastreio/AA123456785BR");
    const [event] = await t.db.select().from(orderCarrierEvents).where(eq(orderCarrierEvents.orderId, built.orderId));
    expect(event).toMatchObject({ source: "owner", status: "posted", moved: true });
  });

  it("the same event five times at once moves the order once and tells the customer once", async () => {
    const built = await paidKit();
    const results = await Promise.all(Array.from({ length: 5 }, () => tell(news(built.orderId, "posted"))));
    expect(results.filter((result) => result.moved)).toHaveLength(1);
    expect((await reasonsOf(built.orderId)).filter((reason) => reason === "shipped")).toHaveLength(1);
    expect((await noticesOf(built.userId)).filter((notice) => notice.type === "tracking_added")).toHaveLength(1);
    expect(await t.db.select().from(orderCarrierEvents).where(eq(orderCarrierEvents.orderId, built.orderId))).toHaveLength(1);
  });

  it("out of order: delivered first delivers it (reminder and withdrawal clock); the late posted is kept and moves nothing", async () => {
    const built = await paidKit();
    expect(await tell(news(built.orderId, "delivered"))).toEqual({ moved: true });
    const delivered = await orderOf(built.orderId);
    expect(delivered).toMatchObject({ status: "delivered", trackingCode: "AA123456785BR" });
    expect(delivered.deliveredAt).not.toBeNull();
    expect(delivered.ratingReminderAt).not.toBeNull();
    const reasons = await reasonsOf(built.orderId);
    const notices = await noticesOf(built.userId);

    expect(await tell(news(built.orderId, "posted"))).toEqual({ moved: false });
    expect(await tell(news(built.orderId, "in_transit"))).toEqual({ moved: false });
    expect(await orderOf(built.orderId)).toMatchObject({ status: "delivered", deliveredAt: delivered.deliveredAt });
    expect(await reasonsOf(built.orderId)).toEqual(reasons);
    expect(await noticesOf(built.userId)).toHaveLength(notices.length);
    const kept = await t.db.select().from(orderCarrierEvents).where(eq(orderCarrierEvents.orderId, built.orderId));
    expect(kept.map((event) => [event.status, event.moved]).sort()).toEqual([
      ["delivered", true],
      ["in_transit", false],
      ["posted", false],
    ]);
  });

  it("in transit and out for delivery are history entries that keep the status", async () => {
    const built = await paidKit();
    await tell(news(built.orderId, "posted"));
    await tell(news(built.orderId, "in_transit"));
    await tell(news(built.orderId, "out_for_delivery"));
    expect(await orderOf(built.orderId)).toMatchObject({ status: "shipped" });
    expect((await reasonsOf(built.orderId)).slice(-3)).toEqual(["shipped", "in_transit", "out_for_delivery"]);
    expect((await noticesOf(built.userId)).map((notice) => notice.title)).toContainEqual(expect.stringContaining("saiu para entrega"));
  });

  it("undelivered: the owner gets an e-mail and the customer is told; the order stays shipped", async () => {
    await t.db
      .insert(users)
      .values({ id: `dona-${Date.now()}`, name: "Dona", email: OWNER, emailVerified: true })
      .onConflictDoNothing();
    const built = await paidKit();
    await tell(news(built.orderId, "posted"));
    expect(await tell(news(built.orderId, "undelivered"))).toEqual({ moved: true });
    expect(await orderOf(built.orderId)).toMatchObject({ status: "shipped" });
    expect((await reasonsOf(built.orderId)).at(-1)).toBe("delivery_failed");
    const toOwner = await t.db
      .select({ subject: emailLog.subject })
      .from(emailLog)
      .where(and(eq(emailLog.recipient, OWNER)));
    expect(toOwner.map((row) => row.subject)).toContainEqual(expect.stringContaining("Entrega não realizada"));
    expect((await noticesOf(built.userId)).map((notice) => notice.title)).toContainEqual(expect.stringContaining("entrega não realizada"));
  });

  it("a cancelled order keeps the carrier's news and moves nothing", async () => {
    const built = await buildOrder(t.db);
    expect(await tell(news(built.orderId, "posted"))).toEqual({ moved: false });
    expect(await orderOf(built.orderId)).toMatchObject({ status: "pending_payment" });
  });
});
