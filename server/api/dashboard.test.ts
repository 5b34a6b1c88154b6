import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { checkOut, giveCart } from "#test/builders.ts";
import type { Dashboard } from "#domain/dashboard/dashboard-schemas.ts";

/*
 * Issue 17 items 1 and 9 through the HTTP API: the dashboard after a real checkout and payment, and
 * its access rule. The customers list: server/api/customers.test.ts.
 */

const KIT_NUMERIC_ID = 4; // the liquid-culture kit: physical, shipped
const ADMIN_EMAIL = uniqueEmail("admin-painel");
const CUSTOMER_EMAIL = uniqueEmail("cliente-painel");

let ctx: AuthTestContext;
let admin: Browser;
let customer: Browser;
let customerId: string;
beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.220"));
  customer = await ctx.customer(CUSTOMER_EMAIL, new Browser("203.0.113.221"));
  customerId = await ctx.userId(CUSTOMER_EMAIL);
}, 60_000);
afterAll(async () => ctx?.close());

/** The customer orders one kit through checkout (Pix, awaiting payment); returns the order's id and total. */
async function placeOrder(): Promise<{ orderId: string; totalCents: number }> {
  await giveCart(ctx.t.db, customerId, KIT_NUMERIC_ID);
  const orderId = await checkOut(ctx, customer);
  const detail = (await (await ctx.request(`/api/orders/${orderId}`, { browser: customer })).json()) as { totalCents: number };
  return { orderId, totalCents: detail.totalCents };
}

async function json<T>(path: string, browser = admin): Promise<T> {
  const response = await ctx.request(path, { browser });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

describe("GET /api/admin/dashboard", () => {
  it("shows today's revenue once an order is paid, the Pix still waiting, and the payment in the audit entries", async () => {
    const before = await json<Dashboard>("/api/admin/dashboard");
    expect(before.revenue.today).toEqual({ revenueCents: 0, orderCount: 0 });

    const paid = await placeOrder();
    const waiting = await placeOrder();
    const unpaid = await json<Dashboard>("/api/admin/dashboard");
    // Placing orders is not revenue: only a payment is.
    expect(unpaid.revenue.today).toEqual({ revenueCents: 0, orderCount: 0 });
    expect(unpaid.pendingPix.orders.map((order) => order.id)).toEqual(expect.arrayContaining([paid.orderId, waiting.orderId]));

    expect((await ctx.request(`/api/admin/orders/${paid.orderId}/confirm-payment`, { browser: admin, method: "POST" })).status).toBe(200);
    const dashboard = await json<Dashboard>("/api/admin/dashboard");
    expect(dashboard.revenue.today).toEqual({ revenueCents: paid.totalCents, orderCount: 1 });
    expect(dashboard.revenue.last30Days).toEqual({ revenueCents: paid.totalCents, orderCount: 1 });
    expect(dashboard.dailyRevenue.at(-1)).toEqual({ date: dashboard.today, revenueCents: paid.totalCents, orderCount: 1 });
    expect(dashboard.ordersByStatus).toEqual(
      expect.arrayContaining([
        { status: "paid", count: 1 },
        { status: "pending_payment", count: 1 },
      ]),
    );
    const [pix] = dashboard.pendingPix.orders;
    expect(dashboard.pendingPix.count).toBe(1);
    expect(pix).toMatchObject({ id: waiting.orderId, totalCents: waiting.totalCents });
    // Checkout gives a Pix 30 minutes.
    expect(pix!.secondsLeft).toBeGreaterThan(0);
    expect(pix!.secondsLeft).toBeLessThanOrEqual(30 * 60);
    expect(dashboard.recentAudit[0]).toMatchObject({ action: "order.confirm_payment", entityId: paid.orderId, actorEmail: ADMIN_EMAIL });
  });
});

describe("access", () => {
  it("answers 401 to a visitor and 403 to a customer on every operation", async () => {
    const visitor = new Browser("203.0.113.222");
    for (const path of ["/api/admin/dashboard"]) {
      expect((await ctx.request(path, { browser: visitor })).status, `${path} visitante`).toBe(401);
      const refused = await ctx.request(path, { browser: customer });
      expect(refused.status, `${path} cliente`).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { message: "Acesso restrito a administradores." } });
    }
  });
});
