import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createAuthTestContext, uniqueEmail, type AuthTestContext, type Browser } from "#test/auth-helpers.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { apiEndpoints } from "#server/http/api-endpoints.ts";
import { ApiError } from "#server/http/errors.ts";
import { uuidParam } from "#server/http/params.ts";

let ctx: AuthTestContext;
let customer: Browser;
let admin: Browser;
beforeAll(async () => {
  ctx = await createAuthTestContext();
  customer = await ctx.customer(uniqueEmail());
  const adminEmail = uniqueEmail("chefe");
  await ctx.makeAdmin(adminEmail);
  admin = await ctx.customer(adminEmail);
});
afterAll(async () => ctx?.close());

type ErrorJson = { error: { code: string; message: string } };

const ITEM_NOT_FOUND = [404, "item_not_found", "Item not found"] as const;
const ORDER_NOT_FOUND = [404, "not_found", "Pedido não encontrado."] as const;

/** A malformed path parameter answers what the endpoint answered when its handler read the id itself. */
const MALFORMED: Array<
  [method: string, path: string, who: "anyone" | "customer" | "admin", json: unknown, answer: readonly [number, string, string]]
> = [
  ["PATCH", "/api/cart/items/{id}", "anyone", { quantity: 4 }, ITEM_NOT_FOUND],
  ["DELETE", "/api/cart/items/{id}", "anyone", undefined, ITEM_NOT_FOUND],
  ["GET", "/api/orders/{id}", "customer", undefined, ORDER_NOT_FOUND],
  ["POST", "/api/orders/{id}/withdrawal", "customer", { unopened: true }, ORDER_NOT_FOUND],
  ["GET", "/api/admin/orders/{id}", "admin", undefined, ORDER_NOT_FOUND],
  ["POST", "/api/admin/orders/{id}/confirm-payment", "admin", undefined, ORDER_NOT_FOUND],
  ["POST", "/api/admin/orders/{id}/status", "admin", { status: "paid" }, ORDER_NOT_FOUND],
  ["POST", "/api/admin/orders/{id}/tracking", "admin", { trackingCode: "AA123456785BR" }, ORDER_NOT_FOUND],
  ["POST", "/api/admin/orders/{id}/cancel", "admin", {}, ORDER_NOT_FOUND],
  ["DELETE", "/api/account/addresses/{id}", "customer", undefined, [404, "not_found", "Endereço não encontrado."]],
  ["POST", "/api/notifications/{id}/read", "customer", undefined, [404, "not_found", "Notificação não encontrada."]],
];

const MALFORMED_IDS = ["nope", "not-a-uuid", "123", `${crypto.randomUUID()}0`, crypto.randomUUID().replaceAll("-", ""), "%20"];

describe("a malformed id in the path", () => {
  it.each(MALFORMED)("%s %s answers its resource's own 404", async (method, template, who, json, [status, code, message]) => {
    const browser = who === "customer" ? customer : who === "admin" ? admin : undefined;
    for (const id of MALFORMED_IDS) {
      const response = await ctx.request(template.replace("{id}", id), { method, json, browser });
      expect([id, response.status]).toEqual([id, status]);
      expect(((await response.json()) as ErrorJson).error).toEqual({ code, message });
    }
  });

  it("answers the same for a well-formed id that names nothing", async () => {
    for (const [method, template, who, json, [status, code, message]] of MALFORMED) {
      const browser = who === "customer" ? customer : who === "admin" ? admin : undefined;
      const response = await ctx.request(template.replace("{id}", crypto.randomUUID().toUpperCase()), { method, json, browser });
      expect([method, template, response.status]).toEqual([method, template, status]);
      expect(((await response.json()) as ErrorJson).error).toEqual({ code, message });
    }
  });

  it("is checked after the guard: a visitor still gets 401 from a customer's endpoint", async () => {
    const response = await ctx.request("/api/orders/nope");
    expect(response.status).toBe(401);
  });

  it("no CEP travels in a path: the old lookup path answers 410, and the lookup takes its CEP in the body", async () => {
    for (const method of ["GET", "POST"]) {
      const response = await ctx.request("/api/checkout/cep/01310100", { browser: customer, method });
      expect(response.status).toBe(410);
      expect(((await response.json()) as ErrorJson).error).toEqual({
        code: "endpoint_retired",
        message: "A consulta de CEP mudou. Recarregue a página e tente de novo.",
      });
    }
    const malformed = await ctx.request("/api/checkout/cep-lookup", { browser: customer, json: { cep: "0131" } });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorJson).error).toEqual({
      code: "validation_error",
      message: "Dados inválidos. cep: O CEP tem 8 dígitos, ex.: 01310-100.",
    });
    const paths = apiEndpoints.map((endpoint) => endpoint.path);
    expect(paths.filter((path) => /:cep\b/.test(path))).toEqual([]);
  });
});

describe("params and path agree", () => {
  it("every :name of every endpoint's path has its schema, and nothing else does", () => {
    for (const endpoint of apiEndpoints) {
      const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      expect([endpoint.path, Object.keys(endpoint.params?.shape ?? {}).sort()]).toEqual([endpoint.path, names]);
    }
  });

  it("defineEndpoint refuses a path parameter without a schema, or a schema without its parameter", () => {
    const notFound = () => new ApiError(404, "not_found", "x");
    const base = { method: "get", operationId: "x", summary: "x", tag: "teste", response: z.null(), handler: () => null } as const;
    expect(() => defineEndpoint({ ...base, path: "/things/:id" })).toThrow(/\/things\/:id: params declares \[\] but the path has \[id\]/);
    expect(() => defineEndpoint({ ...base, path: "/things", params: z.object({ id: uuidParam(notFound) }) })).toThrow(
      /params declares \[id\]/,
    );
    expect(() => defineEndpoint({ ...base, path: "/things/:id", params: z.object({ id: uuidParam(notFound) }) })).not.toThrow();
  });
});
