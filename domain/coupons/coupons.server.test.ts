import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, couponRedemptions, coupons, orders } from "#platform/db/schema.ts";
import { DomainError } from "#domain/errors.ts";
import { claimCoupon, createCoupon, previewCoupon, releaseOrderCoupon, setCouponActive } from "#domain/coupons/coupons.server.ts";
import type { NewCoupon } from "#domain/coupons/coupon-schemas.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { makeCustomer, moveOrderAsAdmin, placedOrder } from "#test/builders.ts";
import { setUpTestDatabase } from "#test/database.ts";

// The coupon's rules (decision 028), called as the checkout and the admin's screen call them.
const t = setUpTestDatabase();

const CART = { subtotalCents: 20_000, packagingCents: 0, shippingCents: 1_500, needsShipping: true };
const KIT = 4; // liquid-culture kit, by the unit, shipped
const COURSE = 201; // educational: nothing to ship
let codes = 0;

async function coupon(fields: Partial<NewCoupon> = {}, adminId?: string) {
  const admin = adminId ?? (await makeCustomer(t.db, "Admin")).id;
  return createCoupon(
    t.db,
    {
      code: `TESTE${++codes}`,
      kind: "percent",
      value: 10,
      minSubtotalCents: 0,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: null,
      firstPurchaseOnly: false,
      ...fields,
    },
    admin,
  );
}

/** The refusal's code and message, or "ok" when the coupon would apply. */
async function verdict(code: string, userId: string, amounts = CART): Promise<string> {
  try {
    await previewCoupon(t.db, code, userId, amounts);
    return "ok";
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return `${error.code}: ${error.message}`;
  }
}

describe("creating and switching coupons", () => {
  it("refuses a second coupon with the same code, and audits each creation and switch with its admin", async () => {
    const admin = await makeCustomer(t.db, "Admin");
    const created = await coupon({ code: "UNICO" }, admin.id);
    await expect(coupon({ code: "UNICO" }, admin.id)).rejects.toMatchObject({
      code: "coupon_code_taken",
      message: "Já existe um cupom UNICO. Escolha outro código.",
    });
    await setCouponActive(t.db, created.id, false, admin.id);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(entries.map((entry) => [entry.action, entry.actorUserId]).sort()).toEqual([
      ["coupon.create", admin.id],
      ["coupon.deactivate", admin.id],
    ]);
    await expect(setCouponActive(t.db, "00000000-0000-4000-8000-000000000000", true, admin.id)).rejects.toMatchObject({
      code: "coupon_not_found",
    });
  });
});

describe("a coupon's rules, each refused in Portuguese", () => {
  it("applies a valid code typed in lower case with spaces", async () => {
    const { code } = await coupon();
    const customer = await makeCustomer(t.db);
    expect(await verdict(` ${code.toLowerCase()} `, customer.id)).toBe("ok");
  });

  it("refuses an unknown or switched-off coupon, one not started, one expired, one used up", async () => {
    const customer = await makeCustomer(t.db);
    expect(await verdict("NAOEXISTE", customer.id)).toBe("coupon_unknown: Cupom NAOEXISTE não encontrado. Confira o código.");
    const off = await coupon();
    await setCouponActive(t.db, off.id, false, customer.id);
    expect(await verdict(off.code, customer.id)).toMatch(/^coupon_unknown: /);
    const later = await coupon({ startsAt: new Date("2999-01-02T12:00:00Z") });
    expect(await verdict(later.code, customer.id)).toBe(`coupon_not_started: O cupom ${later.code} vale a partir de 02/01/2999.`);
    const past = await coupon({ endsAt: new Date("2020-03-04T12:00:00Z") });
    expect(await verdict(past.code, customer.id)).toBe(`coupon_expired: O cupom ${past.code} expirou em 04/03/2020.`);
    const usedUp = await coupon({ maxUses: 1 });
    await t.db.update(coupons).set({ uses: 1 }).where(eq(coupons.id, usedUp.id));
    expect(await verdict(usedUp.code, customer.id)).toBe(`coupon_used_up: O cupom ${usedUp.code} esgotou: já foi usado o máximo de vezes.`);
  });

  it("refuses a cart under the minimum, free shipping on an order without freight, and a coupon that takes nothing off", async () => {
    const customer = await makeCustomer(t.db);
    const minimum = await coupon({ minSubtotalCents: 30_000 });
    expect(await verdict(minimum.code, customer.id)).toBe(
      `coupon_minimum: O cupom ${minimum.code} vale para compras a partir de ${formatBRL(30_000)} em produtos.`,
    );
    const freeShipping = await coupon({ kind: "free_shipping", value: null });
    expect(await verdict(freeShipping.code, customer.id, { ...CART, shippingCents: 0, needsShipping: false })).toBe(
      `coupon_no_shipping: O cupom ${freeShipping.code} é de frete grátis, e este pedido não tem frete.`,
    );
    expect(await verdict(freeShipping.code, customer.id, { ...CART, shippingCents: 0 })).toBe(
      `coupon_nothing_off: O cupom ${freeShipping.code} não dá desconto neste pedido.`,
    );
  });

  it("counts a customer's own uses, and a first-purchase coupon refuses a customer with an order (a cancelled one is none)", async () => {
    const customer = await makeCustomer(t.db);
    const once = await coupon({ maxUsesPerCustomer: 1 });
    const first = await coupon({ firstPurchaseOnly: true });
    expect(await verdict(first.code, customer.id)).toBe("ok");
    const orderId = await placedOrder(t.services, customer, KIT, { couponCode: once.code });
    expect(await verdict(once.code, customer.id)).toBe(
      `coupon_customer_limit: Você já usou o cupom ${once.code} o máximo de vezes permitido.`,
    );
    expect(await verdict(once.code, (await makeCustomer(t.db)).id)).toBe("ok");
    expect(await verdict(first.code, customer.id)).toBe(`coupon_first_purchase: O cupom ${first.code} vale só na primeira compra.`);
    await moveOrderAsAdmin(t.services, orderId, "cancelled");
    expect(await verdict(first.code, customer.id)).toBe("ok");
  });
});

describe("claiming and releasing a coupon with an order", () => {
  it("the order takes the discount and one use; releasing the order gives the use back once", async () => {
    const customer = await makeCustomer(t.db);
    const tenOff = await coupon({ kind: "fixed", value: 1_000 });
    const orderId = await placedOrder(t.services, customer, COURSE, { couponCode: tenOff.code });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.discountCents).toBe(1_000);
    expect(order!.totalCents).toBe(order!.subtotalCents + order!.packagingCents + order!.shippingCents - 1_000);
    const uses = async () => (await t.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, tenOff.id)))[0]!.uses;
    expect(await uses()).toBe(1);
    const [redemption] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
    expect(redemption).toMatchObject({ couponId: tenOff.id, userId: customer.id, discountCents: 1_000, releasedAt: null });

    await t.db.transaction((tx) => releaseOrderCoupon(tx, orderId));
    await t.db.transaction((tx) => releaseOrderCoupon(tx, orderId));
    expect(await uses()).toBe(0);
  });

  it("twenty customers claiming the last use at once: one gets it, the others hear it is used up", async () => {
    const last = await coupon({ maxUses: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => makeCustomer(t.db)));
    const results = await Promise.allSettled(buyers.map((buyer) => t.db.transaction((tx) => claimCoupon(tx, last.code, buyer.id, CART))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((result) => result.status === "rejected")) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "coupon_used_up" });
    }
    const [row] = await t.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, last.id));
    expect(row!.uses).toBe(1);
  });
});
