import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext, PUBLIC_URL } from "#test/auth-helpers.ts";
import { checkOut, giveCart } from "#test/builders.ts";
import { createDatabase } from "#platform/db/client.ts";
import { createApp } from "#server/http/app.ts";
import { testServices } from "#test/database.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { PRICE_TABLE_GRAMS, SPEC_PRICE_TABLE } from "#domain/pricing/gram-pricing.ts";
import type { EditableProduct } from "#domain/catalog/product-edit-schemas.ts";

/*
 * Issue 17 item 5 (decision 021): the owner edits a product; the
 * change is live at once (calculate-price, a fresh cart, another instance), placed orders keep
 * their prices, a stale edit is refused, and each change is in the audit log. The shipping
 * table's edits are server/api/shipping.test.ts.
 */

const KIT = 4; // liquid-culture kit, sold by the unit
const SAMPLE = 2; // a dried sample, sold by the gram (purchasable)
const ADMIN_EMAIL = uniqueEmail("admin-produtos");

let ctx: AuthTestContext;
let admin: Browser;
let customer: Browser;
let customerId: string;
beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.220"));
  const email = uniqueEmail("cliente-produtos");
  customer = await ctx.customer(email, new Browser("203.0.113.221"));
  customerId = await ctx.userId(email);
}, 60_000);
afterAll(async () => ctx?.close());

type ErrorBody = { error: { code: string; message: string } };

async function product(numericId: number): Promise<EditableProduct> {
  const response = await ctx.request(`/api/admin/products/${productUuid(numericId)}`, { browser: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as EditableProduct;
}

function patch(numericId: number, json: unknown, browser: Browser | undefined = admin) {
  return ctx.request(`/api/admin/products/${productUuid(numericId)}`, { method: "PATCH", json, browser });
}

async function price(productName: string, quantity: number, request = ctx.request): Promise<number> {
  const response = await request("/api/functions/calculate-price", { json: { quantity, product_name: productName } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { total_price: number }).total_price;
}

const auditOf = (entityType: string, entityId: string) => auditEntries(ctx, admin, entityType, entityId);

/** A fresh visitor's cart with `quantity` of the product: the line's price as the cart shows it. */
async function freshCartLine(numericId: number, quantity: number) {
  const visitor = new Browser("203.0.113.222");
  const added = await ctx.request("/api/cart/items", { json: { productId: productUuid(numericId), quantity }, browser: visitor });
  expect(added.status).toBe(201);
  const cart = (await (await ctx.request("/api/cart", { browser: visitor })).json()) as {
    items: Array<{ unitPriceCents: number; totalPriceCents: number }>;
  };
  return cart.items[0]!;
}

async function placeKitOrder(): Promise<string> {
  await giveCart(ctx.t.db, customerId, KIT, 2);
  return checkOut(ctx, customer);
}

describe("who may edit", () => {
  it("answers 401 to a visitor and 403 to a customer on every operation", async () => {
    const visitor = new Browser("203.0.113.223");
    const calls: Array<[string, string, unknown]> = [
      ["GET", "/api/admin/products", undefined],
      ["GET", `/api/admin/products/${productUuid(KIT)}`, undefined],
      ["PATCH", `/api/admin/products/${productUuid(KIT)}`, { version: 1, priceCents: 1_00 }],
      ["GET", "/api/admin/shipping-rates", undefined],
      ["PUT", "/api/admin/shipping-rates", { regions: [], weightBands: { pac: [], sedex: [] } }],
    ];
    for (const [method, path, json] of calls) {
      expect((await ctx.request(path, { method, json, browser: visitor })).status, `${method} ${path}`).toBe(401);
      expect((await ctx.request(path, { method, json, browser: customer })).status, `${method} ${path}`).toBe(403);
    }
    expect((await product(KIT)).priceCents).toBe(89_90);
  });
});

describe("PATCH /api/admin/products/{id}", () => {
  it("changes a kit's price at once in calculate-price, a fresh cart and the checkout; a placed order keeps its price", async () => {
    const kit = await product(KIT);
    expect(await price(kit.name, 2)).toBe(179.8); // primes calculate-price's copy of the products
    const order = await placeKitOrder();

    const response = await patch(KIT, { version: kit.version, priceCents: 99_90 });
    expect(response.status).toBe(200);
    expect((await response.json()) as EditableProduct).toMatchObject({ priceCents: 99_90, version: kit.version + 1 });

    expect(await price(kit.name, 2)).toBe(199.8);
    expect(await freshCartLine(KIT, 2)).toMatchObject({ unitPriceCents: 99_90, totalPriceCents: 199_80 });
    const placed = (await (await ctx.request(`/api/admin/orders/${order}`, { browser: admin })).json()) as {
      items: Array<{ unitPriceCents: number; totalPriceCents: number }>;
    };
    expect(placed.items[0]).toMatchObject({ unitPriceCents: 89_90, totalPriceCents: 179_80 });
    // The next order is charged the new price.
    const next = (await (await ctx.request(`/api/admin/orders/${await placeKitOrder()}`, { browser: admin })).json()) as {
      items: Array<{ unitPriceCents: number }>;
    };
    expect(next.items[0]!.unitPriceCents).toBe(99_90);

    const [entry] = await auditOf("product", kit.uuid);
    expect(entry).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      action: "product.update",
      before: { priceCents: 89_90 },
      after: { priceCents: 99_90 },
    });
  });

  it("answers 409 to an edit made on an older version, and changes nothing", async () => {
    const kit = await product(KIT);
    expect((await patch(KIT, { version: kit.version, subtitle: "Seringa de 10 ml" })).status).toBe(200);
    const stale = await patch(KIT, { version: kit.version, priceCents: 1_00 });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ErrorBody).error).toMatchObject({
      code: "product_changed",
      message: expect.stringContaining("alterado por outra pessoa"),
    });
    expect(await product(KIT)).toMatchObject({ subtitle: "Seringa de 10 ml", priceCents: kit.priceCents, version: kit.version + 1 });
    const [entry] = await auditOf("product", kit.uuid);
    expect(entry).toMatchObject({ before: { subtitle: kit.subtitle }, after: { subtitle: "Seringa de 10 ml" } });
  });

  it("gives a sample its own price table, live in calculate-price and a fresh cart, and back to the spec's with null", async () => {
    const sample = await product(SAMPLE);
    expect(sample.priceTable).toBeNull();
    expect(await price(sample.name, 10)).toBe(130);
    const table = SPEC_PRICE_TABLE.map((point) => ({ grams: point.grams, totalCents: point.totalCents + point.grams * 1_00 }));
    const response = await patch(SAMPLE, { version: sample.version, priceTable: table });
    expect(response.status).toBe(200);

    expect(await price(sample.name, 10)).toBe(140);
    expect(await price(sample.name, 200)).toBe(2000); // R$ 1.000,00 for 100 g, per gram above
    expect(await freshCartLine(SAMPLE, 10)).toMatchObject({ totalPriceCents: 140_00 });
    const page = await ctx.request(`/api/admin/products/${sample.uuid}`, { browser: admin });
    expect(((await page.json()) as EditableProduct).priceTable).toEqual(table);
    const [entry] = await auditOf("product", sample.uuid);
    expect(entry).toMatchObject({ before: { priceTable: null }, after: { priceTable: table } });

    expect((await patch(SAMPLE, { version: sample.version + 1, priceTable: null })).status).toBe(200);
    expect(await price(sample.name, 10)).toBe(130);
  });

  it("reaches another instance's calculate-price through PostgreSQL, without waiting for its copy to expire", async () => {
    // A second shop instance: its own pool and app on the same database.
    const otherDb = createDatabase(ctx.t.url, 2);
    try {
      const other = createApp(testServices(otherDb, { DATABASE_URL: ctx.t.url, PUBLIC_URL }));
      const requestOther = async (path: string, options: { json?: unknown } = {}) =>
        other.request(path, {
          method: "POST",
          headers: { "content-type": "application/json", origin: PUBLIC_URL },
          body: JSON.stringify(options.json),
        });
      const kit = await product(KIT);
      const before = await price(kit.name, 1, requestOther);
      expect(before).toBe(kit.priceCents! / 100);
      expect((await patch(KIT, { version: kit.version, priceCents: kit.priceCents! + 5_00 })).status).toBe(200);
      await expect.poll(() => price(kit.name, 1, requestOther), { interval: 20, timeout: 4_000 }).toBe(before + 5);
    } finally {
      await otherDb.$client.end();
    }
  });

  it("refuses, in Portuguese, a table where more costs less, fields of the other unit, a made-to-order without lead time, a taken name and unknown fields", async () => {
    const sample = await product(SAMPLE);
    const kit = await product(KIT);
    const cases: Array<[number, unknown, number, RegExp]> = [
      [
        SAMPLE,
        {
          version: sample.version,
          priceTable: PRICE_TABLE_GRAMS.map((grams) => ({ grams, totalCents: grams === 20 ? 100_00 : grams * 15_00 })),
        },
        400,
        /20 g \(R\$\s100,00\) não pode custar menos que 10 g/,
      ],
      [SAMPLE, { version: sample.version, priceCents: 10_00 }, 400, /vendido por grama/],
      [KIT, { version: kit.version, priceTable: SPEC_PRICE_TABLE }, 400, /vendido por unidade/],
      [KIT, { version: kit.version, priceCents: 0 }, 400, /Preço: deve ser maior que zero/],
      [KIT, { version: kit.version, madeToOrder: true, leadTimeBusinessDays: null }, 400, /informe o prazo de produção/],
      [KIT, { version: kit.version, stock: -1 }, 400, /Estoque: não pode ser negativo/],
      [KIT, { version: kit.version, name: ` ${sample.name.toUpperCase()} ` }, 409, /Já existe outro produto com este nome/],
      [KIT, { version: kit.version, preco: 1 }, 400, /Dados inválidos/],
      [KIT, { priceCents: 10_00 }, 400, /Informe a versão do produto/],
    ];
    for (const [numericId, json, status, message] of cases) {
      const response = await patch(numericId, json);
      const body = (await response.json()) as ErrorBody;
      expect(response.status, JSON.stringify(json)).toBe(status);
      expect(body.error.message, JSON.stringify(json)).toMatch(message);
    }
    expect(await product(KIT)).toMatchObject({ version: kit.version, priceCents: kit.priceCents });
    expect((await patch(KIT, { version: 1 }, admin)).status).toBe(409);
    const missing = await ctx.request("/api/admin/products/00000000-0000-4000-8000-000000000000", {
      method: "PATCH",
      json: { version: 1 },
      browser: admin,
    });
    expect(missing.status).toBe(404);
  });

  it("edits the texts, badge, purchasability and stock, which the product page and the cart then follow", async () => {
    const sample = await product(SAMPLE);
    const response = await patch(SAMPLE, {
      version: sample.version,
      badge: "Novo lote",
      keyPoints: ["Sachê de 2 g a vácuo"],
      details: [{ icon: "package", text: "Embalagem neutra" }],
      purchasable: false,
    });
    expect(response.status).toBe(200);
    expect(await product(SAMPLE)).toMatchObject({ badge: "Novo lote", keyPoints: ["Sachê de 2 g a vácuo"], purchasable: false });
    const refused = await ctx.request("/api/cart/items", {
      json: { productId: productUuid(SAMPLE), quantity: 2 },
      browser: new Browser("203.0.113.224"),
    });
    expect(refused.status).toBe(409);
    expect((await patch(SAMPLE, { version: sample.version + 1, purchasable: true, badge: "" })).status).toBe(200);
    expect((await product(SAMPLE)).badge).toBeNull();
  });
});
