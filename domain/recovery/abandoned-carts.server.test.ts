import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailLog } from "#platform/db/schema.ts";
import { abandonedCarts, REMINDER_WINDOW_DAYS, sendAbandonedCartReminders } from "#domain/recovery/abandoned-carts.server.ts";
import {
  marketingEmailAllowed,
  setMarketingEmail,
  unsubscribeUrl,
  validUnsubscribeSignature,
} from "#domain/recovery/marketing-email.server.ts";
import { giveCart, makeCustomer } from "#test/builders.ts";
import { setUpTestDatabase } from "#test/database.ts";

// Reminders of carts left behind (decision 031): marketing, so only with the customer's own yes,
// once per abandonment, never for an old cart.
const t = setUpTestDatabase();
const KIT = 4;

/** A customer whose cart was last touched `hoursAgo` hours ago, having said yes (or not) to reminders. */
async function idleCart(hoursAgo: number, allowed: boolean) {
  const customer = await makeCustomer(t.db, "Joana Reis");
  await giveCart(t.db, customer.id, KIT, 2);
  if (allowed) await setMarketingEmail(t.db, customer.id, true);
  await t.db.execute(sql`
    with cart as (select id from carts where user_id = ${customer.id} and status = 'active')
    update cart_items set created_at = now() - make_interval(hours => ${hoursAgo}), updated_at = now() - make_interval(hours => ${hoursAgo})
    where cart_id in (select id from cart)`);
  await t.db.execute(sql`update carts set updated_at = now() - make_interval(hours => ${hoursAgo}) where user_id = ${customer.id}`);
  return customer;
}

const remindersTo = async (email: string) => (await t.db.select().from(emailLog).where(eq(emailLog.recipient, email))).length;

describe("abandoned-cart reminders", () => {
  it("go once to a customer who said yes, and to nobody who did not", async () => {
    const hours = t.services.config.ABANDONED_CART_HOURS + 1;
    const willing = await idleCart(hours, true);
    const unwilling = await idleCart(hours, false);
    await sendAbandonedCartReminders(t.services);
    await sendAbandonedCartReminders(t.services);
    expect(await remindersTo(willing.email)).toBe(1);
    expect(await remindersTo(unwilling.email)).toBe(0);
  });

  it("wait for the cart to be idle long enough, and leave carts older than the window alone", async () => {
    const fresh = await idleCart(t.services.config.ABANDONED_CART_HOURS - 1, true);
    const old = await idleCart(REMINDER_WINDOW_DAYS * 24 + 1, true);
    await sendAbandonedCartReminders(t.services);
    expect(await remindersTo(fresh.email)).toBe(0);
    expect(await remindersTo(old.email)).toBe(0);
  });

  it("sent by two instances at once, still go once", async () => {
    const customer = await idleCart(t.services.config.ABANDONED_CART_HOURS + 2, true);
    await Promise.all([sendAbandonedCartReminders(t.services), sendAbandonedCartReminders(t.services)]);
    expect(await remindersTo(customer.email)).toBe(1);
  });

  it("stop once the customer takes the yes back; the dashboard still counts the cart", async () => {
    const customer = await idleCart(t.services.config.ABANDONED_CART_HOURS + 3, true);
    await setMarketingEmail(t.db, customer.id, false);
    expect(await marketingEmailAllowed(t.db, customer.id)).toBe(false);
    await sendAbandonedCartReminders(t.services);
    expect(await remindersTo(customer.email)).toBe(0);
    const board = await abandonedCarts(t.db, { now: new Date(), hours: t.services.config.ABANDONED_CART_HOURS, limit: 500 });
    expect(board.carts).toContainEqual(expect.objectContaining({ customerEmail: customer.email, itemCount: 1, remindedAt: null }));
  });
});

describe("the unsubscribe link", () => {
  it("is signed for its own account only", async () => {
    const [one, other] = [await makeCustomer(t.db), await makeCustomer(t.db)];
    const link = new URL(unsubscribeUrl(t.services.config, one.id));
    expect(link.pathname).toBe("/descadastrar");
    const signature = link.searchParams.get("assinatura")!;
    expect(validUnsubscribeSignature(t.services.config, one.id, signature)).toBe(true);
    expect(validUnsubscribeSignature(t.services.config, other.id, signature)).toBe(false);
    expect(validUnsubscribeSignature(t.services.config, one.id, "")).toBe(false);
  });
});
