import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_CONSENT_VERSION } from "#domain/consent/consent-rules.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { CHECKOUT_ADDRESS } from "#test/builders.ts";

/*
 * Issue 16 item 4: bad input never reaches PostgreSQL as a 500. Every operation of the served
 * OpenAPI document, and better-auth's, is sent wrong types, control characters (NUL included),
 * huge and deeply nested bodies and bad path values, as a visitor, a customer and an admin; every
 * answer must be a JSON error or success below 500 (204: no body).
 */

type Operation = {
  parameters?: Array<{ name: string; in: "path" | "query" }>;
  responses?: Record<string, { content?: Record<string, unknown> }>;
  requestBody?: { content: { "application/json"?: { schema: JsonSchema }; "multipart/form-data"?: { schema: JsonSchema } } };
};
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const NUL = "a\u0000b";
const CONTROL = "linha\u0007sino";
/** Half of a UTF-16 pair: JSON can carry it ("\ud800"), UTF-8 and PostgreSQL's jsonb cannot. */
const LONE_SURROGATE = "meio\ud800par";
const BAD_PATH_VALUES = ["nao-e-um-id", "00000000-0000-0000-0000-000000000000", "%00", encodeURIComponent(NUL), "x".repeat(300)];

/** A value of the wrong type for `schema`, and one that is right but for a control character. */
function wrongValues(schema: JsonSchema | undefined): unknown[] {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  if (type === "string") return [NUL, CONTROL, LONE_SURROGATE, 12345, null, "x".repeat(5000)];
  if (type === "number" || type === "integer") return ["12", -1, 1e308, NUL];
  if (type === "boolean") return ["true", NUL];
  if (type === "array") return [NUL, [NUL], [{ a: NUL }]];
  if (type === "object") return [NUL, bodyOf(schema, NUL)];
  return [NUL, { [NUL]: NUL }];
}

/** Every property of the schema set to `value`. */
function bodyOf(schema: JsonSchema | undefined, value: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.keys(schema?.properties ?? {}).map((name) => [name, value]));
}

function nested(depth: number): unknown {
  let value: unknown = NUL;
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

/** The bodies tried on an operation that takes one. */
function bodies(schema: JsonSchema | undefined): unknown[] {
  const all: unknown[] = [{}, null, [], "texto", 42, bodyOf(schema, NUL), bodyOf(schema, CONTROL), bodyOf(schema, 123), nested(400)];
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    for (const value of wrongValues(property)) all.push({ ...bodyOf(schema, "valor"), [name]: value });
  }
  return all;
}

/**
 * Valid bodies of the operations that write text, by operationId: a NUL put into any one of their
 * strings (the rest valid) is what used to get past the schemas and fail in PostgreSQL.
 */
const VALID_BODIES: Record<string, unknown> = {
  addAddress: CHECKOUT_ADDRESS,
  placeOrder: {
    idempotencyKey: crypto.randomUUID(),
    address: CHECKOUT_ADDRESS,
    shippingMethod: "sedex",
    confirmAdult: true,
    acceptTerms: true,
  },
  reportClientError: { message: "Falha ao carregar", path: "/carrinho" },
  joinConsent: { browserId: crypto.randomUUID() },
  recordConsent: { browserId: crypto.randomUUID(), version: CURRENT_CONSENT_VERSION, choices: [{ purpose: "analytics", granted: false }] },
  calculatePrice: { quantity: 10, packaging: { enabled: false }, product_name: "Cogumelo Penis Envy 7" },
  addCartItem: { productId: productUuid(4), quantity: 1 },
  requestWithdrawal: { reason: "Mudei de ideia" },
  adminCancelOrder: { reason: "Pedido duplicado" },
  adminAddTracking: { trackingCode: "AA123456789BR" },
  adminMoveOrderStatus: { status: "preparing", note: "Separando" },
  adminRefundOrder: { amountCents: 1000, note: "Item avariado" },
  adminReplyReturn: { message: "A etiqueta segue por e-mail." },
  adminRefuseReturn: { message: "Os produtos chegaram abertos." },
  adminCreateCoupon: { code: "FUZZ10", kind: "percent", value: 10 },
  adminUpdateCoupon: { active: false },
  previewCoupon: { couponCode: "FUZZ10" },
  adminUpdateProduct: {
    version: 1,
    name: "Kit novo",
    subtitle: "Seringa",
    keyPoints: ["Estéril"],
    details: [{ label: "Volume", value: "10 ml" }],
  },
  adminPutShippingRates: {
    regions: [{ region: "Brasil", cepFrom: "01000000", cepTo: "99999999", pac: { priceCents: 1890, deliveryDays: 5 }, sedex: null }],
    weightBands: {
      pac: [{ maxWeightGrams: 30000, surchargeCents: 0, extraDays: 0 }],
      sedex: [{ maxWeightGrams: 30000, surchargeCents: 0, extraDays: 0 }],
    },
  },
  adminReorderProductImages: { order: [crypto.randomUUID()] },
  // Turning maintenance on would close the shop to the visitor role for the rest of the run: only its NUL variants are sent.
  adminSetMaintenance: { enabled: false, message: "Manutenção rápida" },
  adminAddAdmin: { email: "novo-admin@example.com" },
};

/** Multipart bodies that are not a usable picture: a NUL-named text, an empty file, a field without a file, a JPEG's first bytes only. */
function badUploads(): FormData[] {
  const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
    const form = new FormData();
    form.set("file", new File([bytes], name, { type }));
    return form;
  };
  const fieldOnly = new FormData();
  fieldOnly.set("file", NUL);
  return [
    file(new TextEncoder().encode(NUL), `${NUL}.jpg`, "image/jpeg"),
    file(new Uint8Array(0), "vazia.png", "image/png"),
    file(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "cortada.jpg", "image/jpeg"),
    fieldOnly,
  ];
}

/** Copies of `value`, each with one of its strings carrying a NUL. */
function withNulInEachString(value: unknown): unknown[] {
  if (typeof value === "string") return [`${value}${NUL}`];
  if (Array.isArray(value))
    return value.flatMap((item, index) => withNulInEachString(item).map((changed) => value.map((v, i) => (i === index ? changed : v))));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => withNulInEachString(item).map((changed) => ({ ...value, [key]: changed })));
  }
  return [];
}

let ctx: AuthTestContext;
let doc: OpenApi;
const roles: Array<[string, () => Browser | undefined]> = [];

beforeAll(async () => {
  ctx = await createAuthTestContext();
  doc = (await (await ctx.request("/api/openapi.json")).json()) as OpenApi;
  const customer = await ctx.customer(uniqueEmail("fuzz-cliente"), new Browser("198.51.100.201"));
  const adminEmail = uniqueEmail("fuzz-admin");
  await ctx.makeAdmin(adminEmail);
  const admin = await ctx.customer(adminEmail, new Browser("198.51.100.202"));
  // A cart to check out, so that a place-order body gets as far as its address.
  expect((await ctx.request("/api/cart/items", { json: { productId: productUuid(4), quantity: 1 }, browser: customer })).status).toBe(201);
  roles.push(["visitante", () => undefined], ["cliente", () => customer], ["admin", () => admin]);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

/** What a success of the operation is declared to be (a CSV export), besides JSON. */
function declaredType(operation: Operation): string {
  const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith("2"))?.[1];
  return Object.keys(success?.content ?? {})[0] ?? "application/json";
}

async function expectAnswered(label: string, response: Response, successType = "application/json"): Promise<void> {
  const text = await response.text();
  expect(response.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (response.status === 204) return;
  if (response.ok && successType !== "application/json") {
    expect(response.headers.get("content-type") ?? "", `${label}: content-type`).toContain(successType);
    return;
  }
  expect(response.headers.get("content-type") ?? "", `${label}: content-type`).toContain("application/json");
  expect(() => JSON.parse(text), `${label}: JSON`).not.toThrow();
}

describe("every API operation, fed bad input by every role", () => {
  it("answers below 500, in JSON", async () => {
    let sent = 0;
    for (const [role, browserOf] of roles) {
      for (const [template, operations] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const pathNames = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
          const queryNames = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
          const paths = pathNames.length === 0 ? [template] : BAD_PATH_VALUES.map((value) => template.replace(/\{\w+\}/g, value));
          const queries =
            queryNames.length === 0 ? [""] : ["", `?${queryNames.map((name) => `${name}=${encodeURIComponent(NUL)}`).join("&")}`];
          const schema = operation.requestBody?.content["application/json"]?.schema;
          const valid = VALID_BODIES[(operation as { operationId?: string }).operationId ?? ""];
          // An upload (multipart) is sent the same JSON bodies, which it refuses, and below its bad files.
          const bodyList = operation.requestBody ? [...bodies(schema), ...withNulInEachString(valid)] : [undefined];
          for (const path of paths) {
            for (const query of queries) {
              for (const json of bodyList) {
                const url = `/api${path}${query}`;
                const label = `${role} ${method.toUpperCase()} ${url} ${JSON.stringify(json)?.slice(0, 80)}`;
                await expectAnswered(
                  label,
                  await ctx.request(url, { method: method.toUpperCase(), json, browser: browserOf() }),
                  declaredType(operation),
                );
                sent++;
              }
              if (operation.requestBody?.content["multipart/form-data"]) {
                for (const body of badUploads()) {
                  const label = `${role} ${method.toUpperCase()} /api${path}${query} multipart`;
                  await expectAnswered(
                    label,
                    await ctx.request(`/api${path}${query}`, { method: method.toUpperCase(), body, browser: browserOf() }),
                  );
                  sent++;
                }
              }
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
  }, 120_000);

  it("refuses a 40 KB body nested 20 000 levels deep with a Portuguese 400 on every operation that takes JSON, as every role", async () => {
    // Built as text: JSON.stringify itself would overflow the stack on such a value.
    const deepArrays = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const deepObjects = `${'{"a":'.repeat(8_000)}1${"}".repeat(8_000)}`;
    let refused = 0;
    for (const [role, browserOf] of roles) {
      const operations = Object.entries(doc.paths).flatMap(([template, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({ template, method, operation })),
      );
      for (const { template, method, operation } of operations) {
        if (!operation.requestBody?.content["application/json"]) continue;
        const url = `/api${template.replace(/\{\w+\}/g, "00000000-0000-0000-0000-000000000000")}`;
        for (const body of [deepArrays, deepObjects]) {
          const response = await ctx.request(url, {
            method: method.toUpperCase(),
            body,
            headers: { "content-type": "application/json" },
            browser: browserOf(),
          });
          const label = `${role} ${method.toUpperCase()} ${url}`;
          const answer = (await response.json()) as { error?: { code?: string; message?: string } };
          expect(response.status, `${label}: ${JSON.stringify(answer)}`).toBeLessThan(500);
          // The admin passes every guard, so the body itself is what answers.
          if (role === "admin" || response.status === 400) {
            expect(response.status, label).toBe(400);
            expect(answer.error?.message, label).toMatch(/níveis de aninhamento/);
            refused++;
          }
        }
      }
    }
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/request-password-reset"]) {
      const response = await ctx.request(path, {
        body: deepArrays,
        headers: { "content-type": "application/json" },
        browser: new Browser("198.51.100.204"),
      });
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error?: { message?: string } }).error?.message, path).toMatch(/níveis de aninhamento/);
    }
    expect(refused).toBeGreaterThan(40);
  }, 120_000);

  it("better-auth's operations refuse control characters with the API's 400, never a 500", async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ["/api/auth/sign-up/email", { name: NUL, email: "nul@example.com", password: "senha-longa-42" }],
      ["/api/auth/sign-in/email", { email: `a${NUL}@example.com`, password: "senha-longa-42" }],
      ["/api/auth/request-password-reset", { email: `a${NUL}@example.com`, redirectTo: "/auth" }],
      ["/api/auth/reset-password", { token: NUL, newPassword: "senha-longa-42" }],
      ["/api/auth/send-verification-email", { email: `a${NUL}@example.com` }],
      ["/api/auth/sign-in/magic-link", { email: "nul@example.com", callbackURL: `/cliente${NUL}` }],
    ];
    for (const [path, json] of cases) {
      const response = await ctx.request(path, { json, browser: new Browser("198.51.100.203") });
      const body = (await response.json()) as { error?: { code?: string; message?: string } };
      expect(response.status, path).toBe(400);
      expect(body.error?.code, path).toBe("validation_error");
      expect(body.error?.message, path).toMatch(/caracteres de controle/);
    }
  });
});
