import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { products } from "#platform/db/tables/catalog.ts";
import { pushSubscriptions } from "#platform/db/tables/push.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { keepHealthLevel, watchHealth } from "#domain/maintenance/health-watch.server.ts";
import type { Health } from "#domain/maintenance/maintenance-schemas.ts";
import { enqueueEmail } from "#platform/mail/email-queue.ts";
import { type AuthTestContext, type Browser, createAuthTestContext, PUBLIC_URL, uniqueEmail } from "#test/auth-helpers.ts";
import { startFakePushService, type FakePushDevice, type FakePushService } from "#test/fakes/push-service-fake.ts";
import { checkOut, giveCart } from "#test/builders.ts";

/*
 * Issue 31: the owner's other pushes, each queued in the transaction of the change that causes it
 * and read here as the phone would show it (the local push service decrypts each message): stock
 * reaching its alert level (a sale, an edit), an e-mail failed for good, the health turning red.
 */

const KIT = 4; // a kit counted in units: alert at 5
let ctx: AuthTestContext;
let pushService: FakePushService;
let owner: Browser;
let customer: Browser;
let customerId: string;
const ownerEmail = uniqueEmail("dona-alertas");

beforeAll(async () => {
  pushService = await startFakePushService();
  // One try per e-mail: the refused one fails for good at once.
  ctx = await createAuthTestContext({ PUSH_CA_FILE: pushService.caFile, MAIL_MAX_ATTEMPTS: "1" });
  await ctx.makeAdmin(ownerEmail);
  owner = await ctx.customer(ownerEmail);
  const customerEmail = uniqueEmail("cliente-alertas");
  customer = await ctx.customer(customerEmail);
  customerId = await ctx.userId(customerEmail);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await pushService?.close();
});

afterEach(async () => {
  await ctx.t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.audience, "owner"));
});

async function ownerDevice(events?: string[]): Promise<FakePushDevice> {
  const device = pushService.subscribe();
  const response = await ctx.request("/api/admin/push/devices", {
    browser: owner,
    json: { ...device.toJSON(), deviceLabel: "Celular da dona" },
  });
  expect(response.status).toBe(201);
  if (events) {
    const { id } = (await response.json()) as { id: string };
    expect((await ctx.request(`/api/admin/push/devices/${id}/events`, { browser: owner, method: "PUT", json: { events } })).status).toBe(
      200,
    );
  }
  return device;
}

async function pushQueueDrained(): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const { rows } = await ctx.t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from graphile_worker._private_jobs j
      join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'send-push' and j.attempts < j.max_attempts`);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the push queue did not drain in 15 s");
}

type Shown = { title: string; body: string; navigate: string };
const shownTo = (device: FakePushDevice) =>
  pushService.received
    .filter((push) => push.device === device.id)
    .map((push) => {
      const { title, body, navigate } = (JSON.parse(push.text) as { notification: Shown }).notification;
      return { title, body, navigate, topic: push.topic, urgency: push.urgency, ttl: push.ttl };
    });

async function setStock(stock: number): Promise<void> {
  await ctx.t.db.update(products).set({ stock, madeToOrder: false }).where(eq(products.numericId, KIT));
}

describe("stock at or under the alert", () => {
  it("the sale that brings a kit to 5 tells the owner once; the next sale, already under, says nothing more", async () => {
    const phone = await ownerDevice();
    await setStock(6);
    const [kit] = await ctx.t.db.select().from(products).where(eq(products.numericId, KIT));
    await giveCart(ctx.t.db, customerId, KIT);
    await checkOut(ctx, customer);
    await pushQueueDrained();
    expect(shownTo(phone)).toEqual([
      {
        title: `Estoque baixo: ${kit!.name}`,
        body: "Restam 5 unidades. Toque para repor o estoque.",
        navigate: `${PUBLIC_URL}/customizar-produto?produto=${KIT}`,
        topic: `estoque-${KIT}`,
        urgency: "normal",
        ttl: 3 * 24 * 3600,
      },
    ]);

    await giveCart(ctx.t.db, customerId, KIT);
    await checkOut(ctx, customer);
    await pushQueueDrained();
    expect(shownTo(phone)).toHaveLength(1);
  });

  it("the owner lowering the count to the alert from the editor tells their phones; a device that turned it off is not told", async () => {
    const phone = await ownerDevice();
    const quiet = await ownerDevice(["order_paid"]);
    await setStock(40);
    const read = await ctx.request(`/api/admin/products/${productUuid(KIT)}`, { browser: owner });
    const { version } = (await read.json()) as { version: number };
    const saved = await ctx.request(`/api/admin/products/${productUuid(KIT)}`, {
      browser: owner,
      method: "PATCH",
      json: { version, stock: 0 },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await pushQueueDrained();
    expect(shownTo(phone).map((shown) => [shown.title.split(":")[0], shown.body])).toEqual([["Esgotado", "Toque para repor o estoque."]]);
    expect(pushService.attempts.get(quiet.id)).toBeUndefined();
  });
});

describe("an e-mail failed for good", () => {
  it("its last try tells the owner's phones, opening the e-mail log; the health then turns red once per red spell", async () => {
    const phone = await ownerDevice();
    const to = uniqueEmail("caixa-inexistente");
    ctx.mail.refuse((address) => address === to);
    await enqueueEmail(ctx.t.db, ctx.t.services.config, { to, subject: "Seu pedido #1234 foi enviado", text: "…", html: "<p>…</p>" });
    await expect.poll(() => shownTo(phone).length, { timeout: 15_000 }).toBe(1);
    expect(shownTo(phone)[0]).toEqual({
      title: "Um e-mail não pôde ser entregue",
      body: "“Seu pedido #1234 foi enviado” falhou em todas as tentativas. Toque para ver e reenviar.",
      navigate: `${PUBLIC_URL}/maintenance-panel/emails`,
      topic: "email-falhou",
      urgency: "normal",
      ttl: 24 * 3600,
    });
    ctx.mail.refuse(null);

    // The failed e-mail makes the e-mail part of the health red: the watch tells the owner, once.
    const build = { version: "teste", startedAt: new Date() };
    expect(await watchHealth(ctx.t.services, build)).toBe(1);
    expect(await watchHealth(ctx.t.services, build)).toBe(0);
    await pushQueueDrained();
    const red = shownTo(phone).slice(1);
    expect(red).toEqual([
      expect.objectContaining({
        title: "Sistema com problema: E-mail",
        navigate: `${PUBLIC_URL}/maintenance-panel/saude`,
        topic: "saude-vermelha",
        urgency: "high",
      }),
    ]);
    expect(red[0]!.body).toMatch(/e-mail\(s\) não saíram nas últimas 24 h\. Toque para ver\.$/);
  }, 30_000);

  it("the health back to amber, then red again, is a new red spell: told again", async () => {
    const phone = await ownerDevice();
    const reading = (level: Health["level"]) =>
      ({ level, disk: { level, reason: level === "red" ? "Disco quase cheio." : null } }) as unknown as Health;
    const gather = (level: Health["level"]) =>
      keepHealthLevel(ctx.t.services, {
        ...reading(level),
        database: { level: "green" },
        jobs: { level: "green" },
        email: { level: "green" },
      } as Health);
    await gather("green");
    expect(await gather("red")).toBe(1);
    expect(await gather("red")).toBe(0);
    expect(await gather("amber")).toBe(0);
    expect(await gather("red")).toBe(1);
    await pushQueueDrained();
    expect(shownTo(phone).map((shown) => shown.title)).toEqual(["Sistema com problema: Disco", "Sistema com problema: Disco"]);
  });
});
