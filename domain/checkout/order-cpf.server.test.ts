import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products, savedCpfs } from "#platform/db/schema.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { hideCpf, maskedSavedCpf } from "#domain/account/saved-cpf.server.ts";
import { createAuthTestContext, uniqueEmail, type AuthTestContext, type Browser } from "#test/auth-helpers.ts";
import { CHECKOUT_ADDRESS, giveCart } from "#test/builders.ts";

/*
 * Issue 20 item 3 (decision 033): the CPF of the first order is saved on the account in that order's
 * transaction, shown masked afterwards, used when the next order sends none, and replaced by a new one.
 */

const KIT = 4; // liquid-culture kit, shipped, stock 25
let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 60_000);
afterAll(async () => ctx?.close());

async function newCustomer(): Promise<{ browser: Browser; userId: string }> {
  const email = uniqueEmail("cpf-salvo");
  const browser = await ctx.customer(email);
  return { browser, userId: await ctx.userId(email) };
}

async function placeOrder(browser: Browser, address: Record<string, string>) {
  return ctx.request("/api/checkout/orders", {
    browser,
    json: { idempotencyKey: crypto.randomUUID(), address, shippingMethod: "pac", confirmAdult: true, acceptTerms: true },
  });
}

const savedOf = async (userId: string) =>
  (await ctx.t.db.select({ cpf: savedCpfs.cpf }).from(savedCpfs).where(eq(savedCpfs.userId, userId)))[0]?.cpf ?? null;

const { cpf: _cpf, ...ADDRESS_WITHOUT_CPF } = CHECKOUT_ADDRESS;

describe("the CPF saved on the account", () => {
  it("is saved by the first order, shown masked, and used by the next order that sends none", async () => {
    const { browser, userId } = await newCustomer();
    expect(await maskedSavedCpf(ctx.t.db, userId)).toBeNull();

    await giveCart(ctx.t.db, userId, KIT);
    expect((await placeOrder(browser, CHECKOUT_ADDRESS)).status).toBe(201);
    expect(await savedOf(userId)).toBe("52998224725");
    expect(await maskedSavedCpf(ctx.t.db, userId)).toBe("***.982.247-**");

    await giveCart(ctx.t.db, userId, KIT);
    const second = await placeOrder(browser, ADDRESS_WITHOUT_CPF);
    expect(second.status, await second.clone().text()).toBe(201);
    const { orderId } = (await second.json()) as { orderId: string };
    const [order] = await ctx.t.db.select({ address: orders.shippingAddress }).from(orders).where(eq(orders.id, orderId));
    expect(order?.address?.cpf).toBe("52998224725");
  });

  it("is replaced when an order brings another one", async () => {
    const { browser, userId } = await newCustomer();
    await giveCart(ctx.t.db, userId, KIT);
    expect((await placeOrder(browser, CHECKOUT_ADDRESS)).status).toBe(201);
    await giveCart(ctx.t.db, userId, KIT);
    expect((await placeOrder(browser, { ...CHECKOUT_ADDRESS, cpf: "111.444.777-35" })).status).toBe(201);
    expect(await savedOf(userId)).toBe("11144477735");
  });

  it("refuses, in Portuguese, an order without a CPF from an account that has none saved", async () => {
    const { browser, userId } = await newCustomer();
    await giveCart(ctx.t.db, userId, KIT);
    const response = await placeOrder(browser, ADDRESS_WITHOUT_CPF);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "cpf_required", message: "Informe o CPF de quem recebe." } });
    expect(await savedOf(userId)).toBeNull();
  });

  it("is not saved when the order fails, even after the CPF was written in its transaction", async () => {
    const { browser, userId } = await newCustomer();
    await giveCart(ctx.t.db, userId, KIT);
    // The order's last writes (its notifications) fail: everything before them, the CPF included, rolls back.
    await ctx.t.db.execute(sql`
      create or replace function refuse_notifications_for_test() returns trigger language plpgsql as $$
      begin raise exception 'notificações recusadas pelo teste'; end $$`);
    await ctx.t.db.execute(sql`
      create trigger refuse_notifications_for_test before insert on notifications
      for each row execute function refuse_notifications_for_test()`);
    try {
      const response = await placeOrder(browser, CHECKOUT_ADDRESS);
      expect(response.status).toBeGreaterThanOrEqual(500);
    } finally {
      await ctx.t.db.execute(sql`drop trigger refuse_notifications_for_test on notifications`);
    }
    expect(await savedOf(userId)).toBeNull();
    expect(await ctx.t.db.select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
  });

  it("is not saved when the order is refused (out of stock)", async () => {
    const { browser, userId } = await newCustomer();
    await giveCart(ctx.t.db, userId, KIT);
    const [kit] = await ctx.t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productUuid(KIT)));
    await ctx.t.db
      .update(products)
      .set({ stock: 0 })
      .where(eq(products.id, productUuid(KIT)));
    try {
      expect((await placeOrder(browser, CHECKOUT_ADDRESS)).status).toBe(409);
    } finally {
      await ctx.t.db
        .update(products)
        .set({ stock: kit!.stock })
        .where(eq(products.id, productUuid(KIT)));
    }
    expect(await savedOf(userId)).toBeNull();
  });

  it("is masked to its middle six digits", () => {
    expect(hideCpf("52998224725")).toBe("***.982.247-**");
  });
});
