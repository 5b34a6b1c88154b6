import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forgetPricingProducts } from "#domain/catalog/catalog.server.ts";
import { MAX_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { quote, toPricingResponse } from "#domain/pricing/price-quote.ts";
import { setUpTestApp } from "#test/test-app.ts";
import { products } from "#platform/db/tables/catalog.ts";

const ctx = setUpTestApp();

const SAMPLE = "Cogumelo Penis Envy 7";
const SPEC_FIELDS = ["unit_price", "discount_percentage", "discount_amount", "base_total", "total_price", "packaging_fee", "final_total"];
const ENGLISH = /\b(invalid|expected|unrecognized|required|received|error|not found|too (big|small)|must)\b/i;

function post(body: unknown, headers: Record<string, string> = { "content-type": "application/json" }) {
  return ctx.app.request("/api/functions/calculate-price", {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function priceOf(body: unknown) {
  const response = await post(body);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** A 4xx in the API's one error shape, with a Portuguese message. */
async function expectRefused(body: unknown, status: number, code: string, message?: RegExp): Promise<void> {
  const response = await post(body);
  expect(response.status, JSON.stringify(body)).toBe(status);
  const json = (await response.json()) as { error: { code: string; message: string } };
  expect(json.error.code).toBe(code);
  expect(json.error.message).not.toMatch(ENGLISH);
  if (message) expect(json.error.message).toMatch(message);
}

describe("POST /api/functions/calculate-price", () => {
  it("answers the spec's pricing response for a sample, in reais computed from cents", async () => {
    expect(await priceOf({ quantity: 10, packaging: { enabled: false, fee_amount: 1, sachet_count: 5 }, product_name: SAMPLE })).toEqual({
      unit_price: 13,
      discount_percentage: 35,
      discount_amount: 70,
      base_total: 200,
      total_price: 130,
      packaging_fee: 0,
      final_total: 130,
      sachet_count: 5,
      currency: "BRL",
    });
  });

  it("gives exactly what the browser's local fallback computes, for every even quantity from 2 to 200, with and without packaging", async () => {
    for (let quantity = 2; quantity <= 200; quantity += 2) {
      for (const enabled of [false, true]) {
        const server = await priceOf({ quantity, packaging: { enabled }, product_name: SAMPLE });
        expect(server, `${quantity} g, embalagem ${enabled}`).toEqual(toPricingResponse(quote({ unitType: "gram" }, quantity, enabled)));
      }
    }
  });

  it("ignores the fee amount and sachet count a client sends", async () => {
    const honest = await priceOf({ quantity: 60, packaging: { enabled: true }, product_name: SAMPLE });
    const tampered = await priceOf({ quantity: 60, packaging: { enabled: true, fee_amount: 0, sachet_count: 1 }, product_name: SAMPLE });
    const greedy = await priceOf({ quantity: 60, packaging: { enabled: true, fee_amount: 0.01, sachet_count: 0 }, product_name: SAMPLE });
    expect(tampered).toEqual(honest);
    expect(greedy).toEqual(honest);
    expect(honest).toMatchObject({ packaging_fee: 30, sachet_count: 30, total_price: 580, final_total: 610 });
  });

  it("applies the packaging rule only from 50 g", async () => {
    expect(
      await priceOf({ quantity: 48, packaging: { enabled: true, fee_amount: 5, sachet_count: 24 }, product_name: SAMPLE }),
    ).toMatchObject({
      packaging_fee: 0,
      final_total: 500,
    });
    expect(await priceOf({ quantity: 50, packaging: { enabled: true }, product_name: SAMPLE })).toMatchObject({
      packaging_fee: 25,
      final_total: 525,
    });
  });

  it("treats a missing packaging object as packaging off, and finds the product whatever its case or outer spaces", async () => {
    expect(await priceOf({ quantity: 50, product_name: "  cogumelo penis envy 7 " })).toMatchObject({ packaging_fee: 0, final_total: 500 });
  });

  it("prices unit products (kits, spawn, services, courses) at their unit price", async () => {
    expect(await priceOf({ quantity: 2, packaging: { enabled: true }, product_name: "Cultura Líquida Golden Teacher" })).toEqual({
      unit_price: 89.9,
      discount_percentage: 0,
      discount_amount: 0,
      base_total: 179.8,
      total_price: 179.8,
      packaging_fee: 0,
      final_total: 179.8,
      sachet_count: null,
      currency: "BRL",
    });
    expect(await priceOf({ quantity: 1, product_name: "Spawn Penis Envy 7" })).toMatchObject({ final_total: 149.9 });
    expect(await priceOf({ quantity: 3, product_name: "E-book de Cultivo Avançado" })).toMatchObject({ final_total: 141 });
  });

  it("follows the unit price an admin sets in the database", async () => {
    const name = "Consultoria de Cultivo";
    await ctx.t.db.update(products).set({ priceCents: 275_50 }).where(eq(products.name, name));
    forgetPricingProducts(ctx.t.db);
    expect(await priceOf({ quantity: 2, product_name: name })).toMatchObject({ unit_price: 275.5, final_total: 551 });
  });

  it("lists its body and its response in the OpenAPI document", async () => {
    const document = (await (await ctx.app.request("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        {
          post?: {
            requestBody: unknown;
            responses: Record<string, { content: { "application/json": { schema: { required: string[] } } } }>;
          };
        }
      >;
    };
    const operation = document.paths["/functions/calculate-price"]?.post;
    expect(operation?.requestBody).toBeDefined();
    expect(operation?.responses["200"]?.content["application/json"].schema.required).toEqual(expect.arrayContaining(SPEC_FIELDS));
  });
});

describe("POST /api/functions/calculate-price refuses bad input with a 4xx in Portuguese", () => {
  it.each<[string, unknown, RegExp]>([
    ["quantity missing", { product_name: SAMPLE }, /quantity: informe a quantidade/],
    ["quantity negative", { quantity: -2, product_name: SAMPLE }, /maior que zero/],
    ["quantity zero", { quantity: 0, product_name: SAMPLE }, /maior que zero/],
    ["quantity fractional", { quantity: 2.5, product_name: SAMPLE }, /número inteiro/],
    ["quantity odd", { quantity: 3, product_name: SAMPLE }, /número par de gramas/],
    ["quantity odd, large", { quantity: 49, product_name: SAMPLE }, /número par de gramas/],
    ["quantity above the maximum", { quantity: MAX_GRAMS + 2, product_name: SAMPLE }, /máxima/],
    ["quantity huge", { quantity: 1e12, product_name: SAMPLE }, /máxima/],
    ["quantity as text", { quantity: "10", product_name: SAMPLE }, /deve ser um número/],
    ["quantity null", { quantity: null, product_name: SAMPLE }, /deve ser um número/],
    ["units above the maximum", { quantity: 100, product_name: "Mentoria de Cultivo" }, /máxima é 99 unidades/],
    ["packaging.enabled as text", { quantity: 2, packaging: { enabled: "sim" }, product_name: SAMPLE }, /packaging\.enabled/],
    ["packaging as a boolean", { quantity: 2, packaging: true, product_name: SAMPLE }, /packaging/],
    ["fee_amount as text", { quantity: 2, packaging: { enabled: false, fee_amount: "1" }, product_name: SAMPLE }, /fee_amount/],
    ["product_name missing", { quantity: 2 }, /informe o nome do produto/],
    ["product_name empty", { quantity: 2, product_name: "   " }, /informe o nome do produto/],
    ["product_name a number", { quantity: 2, product_name: 4 }, /nome do produto deve ser um texto/],
    ["an unknown field", { quantity: 2, product_name: SAMPLE, total_price: 1 }, /total_price/],
    ["an array", [], /Dados inválidos/],
  ])("%s → 400", async (_case, body, message) => {
    await expectRefused(body, 400, "validation_error", message);
  });

  it("unknown product → 404", async () => {
    await expectRefused({ quantity: 2, product_name: "Produto que não existe" }, 404, "product_not_found", /Produto não encontrado/);
  });

  it("malformed JSON → 400, not JSON → 415", async () => {
    await expectRefused("{quantity: 2", 400, "invalid_json");
    const response = await post(JSON.stringify({ quantity: 2, product_name: SAMPLE }), { "content-type": "text/plain" });
    expect(response.status).toBe(415);
  });
});
