import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { checkOut, giveCart } from "#test/builders.ts";
import { eq } from "drizzle-orm";
import type { AuditEntryView } from "#domain/audit/audit-schemas.ts";
import { describeAudit } from "#domain/audit/audit-sentences.ts";
import { orders } from "#platform/db/tables/orders.ts";

/*
 * Issue 17 item 8: every admin change to an order is in the audit log with who, when, what, before
 * and after; only admins read it.
 */

const KIT_NUMERIC_ID = 4; // the liquid-culture kit: physical, shipped
const ADMIN_EMAIL = uniqueEmail("admin-auditoria");

let ctx: AuthTestContext;
let admin: Browser;
let customer: Browser;
let customerId: string;
beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.210"));
  const email = uniqueEmail("cliente-auditoria");
  customer = await ctx.customer(email, new Browser("203.0.113.211"));
  customerId = await ctx.userId(email);
}, 60_000);
afterAll(async () => ctx?.close());

async function placeOrder(): Promise<string> {
  await giveCart(ctx.t.db, customerId, KIT_NUMERIC_ID);
  return checkOut(ctx, customer);
}

const auditOf = (orderId: string) => auditEntries(ctx, admin, "order", orderId);

describe("the audit log of admin changes", () => {
  it("records confirming a payment, adding a tracking code and cancelling, newest first, with who and before/after", async () => {
    const shipped = await placeOrder();
    expect(await auditOf(shipped)).toEqual([]);
    expect((await ctx.request(`/api/admin/orders/${shipped}/confirm-payment`, { browser: admin, method: "POST" })).status).toBe(200);
    const tracking = await ctx.request(`/api/admin/orders/${shipped}/tracking`, {
      browser: admin,
      json: { trackingCode: "AA123456785BR" },
    });
    expect(tracking.status).toBe(200);

    expect(await auditOf(shipped)).toEqual([
      expect.objectContaining({
        actorEmail: ADMIN_EMAIL,
        action: "order.add_tracking",
        before: { status: "paid", trackingCode: null, cancelReason: null, refundCents: null },
        after: { status: "shipped", trackingCode: "AA123456785BR", cancelReason: null, refundCents: null },
      }),
      expect.objectContaining({
        actorEmail: ADMIN_EMAIL,
        action: "order.confirm_payment",
        entityType: "order",
        entityId: shipped,
        before: { status: "pending_payment", trackingCode: null, cancelReason: null, refundCents: null },
        after: { status: "paid", trackingCode: null, cancelReason: null, refundCents: null },
      }),
    ]);

    const cancelled = await placeOrder();
    expect((await ctx.request(`/api/admin/orders/${cancelled}/cancel`, { browser: admin, json: { reason: "Cliente pediu" } })).status).toBe(
      200,
    );
    const [entry] = await auditOf(cancelled);
    expect(entry).toMatchObject({ action: "order.cancel", after: { status: "cancelled", cancelReason: "Cliente pediu" } });
    expect(Date.parse(entry!.createdAt)).not.toBeNaN();

    // Each entry names the order by its number, never its id (issue 28 item 10).
    const [paidOrder] = await ctx.t.db.select({ number: orders.number }).from(orders).where(eq(orders.id, shipped));
    expect((await auditOf(shipped)).map((item) => describeAudit(item).sentences)).toEqual([
      [`Pedido #${paidOrder!.number}: pago → enviado`, `Pedido #${paidOrder!.number}: rastreio AA123456785BR`],
      [`Pedido #${paidOrder!.number}: aguardando pagamento → pago`],
    ]);

    // The whole log (no filter) has them too, newest first.
    const all = (await (await ctx.request("/api/admin/audit-log", { browser: admin })).json()) as { entries: AuditEntryView[] };
    expect(all.entries[0]).toMatchObject({ action: "order.cancel", entityId: cancelled });
  });

  it("a refused change leaves no entry", async () => {
    const order = await placeOrder();
    // Not paid yet: it cannot be delivered.
    const refused = await ctx.request(`/api/admin/orders/${order}/status`, { browser: admin, json: { status: "delivered" } });
    expect(refused.status).toBe(409);
    expect(await auditOf(order)).toEqual([]);
  });

  it("answers 401 to a visitor, 403 to a customer and a Portuguese 400 to a bad page", async () => {
    expect((await ctx.request("/api/admin/audit-log", { browser: new Browser("203.0.113.212") })).status).toBe(401);
    expect((await ctx.request("/api/admin/audit-log", { browser: customer })).status).toBe(403);
    const bad = await ctx.request("/api/admin/audit-log?page=0", { browser: admin });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain("Página inválida");
  });
});
