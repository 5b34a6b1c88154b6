import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#platform/db/tables/orders.ts";
import { saveFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { fulfilmentProfileSchema } from "#domain/settings/fulfilment-profile.ts";
import type { ShippingQuote } from "#domain/shipping/shipping-quote-schema.ts";
import { type AuthTestContext, Browser, createAuthTestContext, uniqueEmail } from "#test/auth-helpers.ts";
import { startMelhorEnvioFake, type MelhorEnvioFake } from "#test/fakes/melhorenvio-fake.ts";
import { CHECKOUT_ADDRESS, FULFILMENT_PROFILE as SENDER, giveCart } from "#test/builders.ts";

/*
 * Issue 30 item 1 (decision 073): with SHIPPING_PROVIDER=melhorenvio the cart and the checkout show
 * Melhor Envio's live options (the local fake, in its wire format), kept a few minutes; when it
 * hangs the table answers within the timeout; the order keeps the service and the server's price.
 */

const TIMEOUT_MS = 500;
const SAMPLE = 2; // dried, by the gram: a light parcel (Mini Envios carries it)
const SPAWN = 7; // grain spawn, 1.1 kg a unit
const SENDER_CEP = "04538133";

let fake: MelhorEnvioFake;
let ctx: AuthTestContext;
let customer: Browser;
let customerId: string;

beforeAll(async () => {
  fake = await startMelhorEnvioFake();
  ctx = await createAuthTestContext({
    SHIPPING_PROVIDER: "melhorenvio",
    MELHOR_ENVIO_URL: fake.url,
    MELHOR_ENVIO_TOKEN: fake.token,
    MELHOR_ENVIO_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  const email = uniqueEmail("frete");
  customer = await ctx.customer(email);
  customerId = await ctx.userId(email);
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const calculations = () => fake.calls.filter((call) => call === "POST /shipment/calculate").length;

async function quote(cep: string, browser = customer): Promise<ShippingQuote> {
  const response = await ctx.request(`/api/shipping/quote?cep=${cep}`, { browser });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ShippingQuote;
}

describe("live freight quotes", () => {
  it("answer with the table while the shop has no sender CEP, without asking Melhor Envio", async () => {
    await giveCart(ctx.t.db, customerId, SAMPLE, 4);
    const answer = await quote("30140071");
    expect(answer.source).toBe("table");
    expect(answer.options.map((option) => option.method).sort()).toEqual(["pac", "sedex"]);
    expect(calculations()).toBe(0);
  });

  it("show Melhor Envio's options for the parcel from the shop's CEP, leaving out services that cannot carry it", async () => {
    await saveFulfilmentProfile(ctx.t.services, customerId, fulfilmentProfileSchema.parse(SENDER));
    const light = await quote("30140-071");
    expect(light.source).toBe("melhorenvio");
    expect(light.region).toBeNull();
    // 4 g of samples: two sachets in the box, well under Mini Envios' 0.3 kg.
    expect(fake.quotes!.at(-1)).toEqual({ from: SENDER_CEP, to: "30140071", weightKg: 0.22 });
    expect(light.options.map((option) => option.label)).toEqual(["Mini Envios", "Jadlog .Package", "PAC", "SEDEX"]);
    expect(light.options[0]).toEqual({ method: "me-17", label: "Mini Envios", priceCents: 15_75, deliveryDays: 10 });

    // A heavy parcel to the north: Mini Envios refuses the weight and Jadlog the route (both `error` in a 200).
    await giveCart(ctx.t.db, customerId, SPAWN, 1);
    const heavy = await quote("69005-010");
    expect(heavy.options.map((option) => option.method)).toEqual(["me-1", "me-2"]);
  });

  it("are kept a few minutes: the same CEP and parcel ask Melhor Envio once, for the cart and the checkout", async () => {
    await giveCart(ctx.t.db, customerId, SAMPLE, 6);
    const before = calculations();
    const first = await quote("20040020");
    const again = await quote("20040-020");
    const checkout = await ctx.request("/api/checkout/shipping-quote", { browser: customer, json: { cep: "20040020" } });
    expect(checkout.status).toBe(200);
    expect(await checkout.json()).toEqual(first);
    expect(again).toEqual(first);
    expect(calculations()).toBe(before + 1);
  });

  it("fall back to the table within the timeout when Melhor Envio hangs, and the shopper sees ordinary options", async () => {
    await giveCart(ctx.t.db, customerId, SAMPLE, 8);
    fake.hang = true;
    try {
      const before = calculations();
      const started = Date.now();
      const answer = await quote("80010000");
      // Melhor Envio was asked, did not answer, and the shop stopped waiting at its timeout.
      expect(calculations()).toBe(before + 1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
      expect(answer.source).toBe("table");
      expect(answer.options.map((option) => option.method).sort()).toEqual(["pac", "sedex"]);
      expect(answer.options.every((option) => option.priceCents > 0)).toBe(true);
      // The table's answer is kept a minute: the next page does not wait for Melhor Envio again.
      const asked = calculations();
      const second = Date.now();
      expect((await quote("80010000")).source).toBe("table");
      expect(Date.now() - second).toBeLessThan(TIMEOUT_MS);
      expect(calculations()).toBe(asked);
    } finally {
      fake.hang = false;
    }
  });
});

describe("an order with a live freight", () => {
  async function placeOrder(shippingMethod: string, extra: Record<string, unknown> = {}) {
    return ctx.request("/api/checkout/orders", {
      browser: customer,
      json: {
        idempotencyKey: crypto.randomUUID(),
        address: CHECKOUT_ADDRESS,
        saveAddress: false,
        shippingMethod,
        confirmAdult: true,
        acceptTerms: true,
        ...extra,
      },
    });
  }

  it("keeps the chosen service, its name and the quoted price, whatever price the browser sends", async () => {
    await giveCart(ctx.t.db, customerId, SAMPLE, 2);
    const offered = (await quote(CHECKOUT_ADDRESS.cep)).options.find((option) => option.method === "me-17")!;
    const placed = await placeOrder("me-17", { shippingCents: 1, priceCents: 1 });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };
    const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      shippingMethod: "me-17",
      shippingServiceId: 17,
      shippingServiceName: "Mini Envios",
      shippingCents: offered.priceCents,
      shippingDays: offered.deliveryDays,
    });
    const page = await ctx.request(`/api/orders/${orderId}`, { browser: customer });
    expect(JSON.stringify(await page.json())).toContain("me-17");
  });

  it("refuses a service Melhor Envio did not offer for the parcel, in Portuguese", async () => {
    await giveCart(ctx.t.db, customerId, SPAWN, 1);
    const placed = await placeOrder("me-17");
    expect(placed.status).toBe(409);
    expect(((await placed.json()) as { error: { message: string } }).error.message).toBe(
      "Essa forma de envio não atende o seu CEP. Escolha outra.",
    );
  });

  it("still accepts the table's PAC the shopper saw while Melhor Envio was away, at the table's price", async () => {
    await giveCart(ctx.t.db, customerId, SAMPLE, 10);
    const table = await ctx.request(`/api/shipping/quote?cep=${CHECKOUT_ADDRESS.cep}`, { browser: new Browser() });
    expect(table.status).toBe(200);
    const placed = await placeOrder("pac");
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };
    const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ shippingMethod: "pac", shippingServiceId: null, shippingServiceName: null });
    expect(order!.shippingCents).toBeGreaterThan(0);
  });
});
