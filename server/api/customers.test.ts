import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { CHECKOUT_ADDRESS } from "#test/checkout-address.ts";
import { checkOut, giveCart } from "#test/builders.ts";
import type { CustomerDetail, CustomerPage } from "#domain/customers/customer-schemas.ts";

/*
 * Issue 17 items 3 and 9 through the HTTP API: finding a customer by the CPF of their order (two
 * orders placed through checkout, one paid), the list a page at a time, and the access rules.
 */

const KIT_NUMERIC_ID = 4; // the liquid-culture kit: physical, shipped
const ADMIN_EMAIL = uniqueEmail("admin-clientes");
const CUSTOMER_EMAIL = uniqueEmail("cliente-clientes");

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
  // The customer orders one kit twice through checkout (Pix); the admin confirms the first payment.
  await giveCart(ctx.t.db, customerId, KIT_NUMERIC_ID);
  const paid = await checkOut(ctx, customer);
  await giveCart(ctx.t.db, customerId, KIT_NUMERIC_ID);
  await checkOut(ctx, customer);
  expect((await ctx.request(`/api/admin/orders/${paid}/confirm-payment`, { browser: admin, method: "POST" })).status).toBe(200);
}, 60_000);
afterAll(async () => ctx?.close());

async function json<T>(path: string, browser = admin): Promise<T> {
  const response = await ctx.request(path, { browser });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

describe("GET /api/admin/customers", () => {
  it("finds the customer by the CPF of their order, with their orders and what they spent", async () => {
    const page = await json<CustomerPage>(`/api/admin/customers?q=${encodeURIComponent(CHECKOUT_ADDRESS.cpf)}`);
    expect(page.customers.map((row) => row.email)).toEqual([CUSTOMER_EMAIL]);
    expect(page).toMatchObject({ page: 1, total: 1, hasMore: false });
    const [row] = page.customers;
    expect(row).toMatchObject({ id: customerId, orderCount: 2, cpf: "52998224725", phone: "11912345678" });
    expect(row!.totalSpentCents).toBeGreaterThan(0);

    const detail = await json<CustomerDetail>(`/api/admin/customers/${customerId}`);
    expect(detail).toMatchObject({ email: CUSTOMER_EMAIL, cpfs: ["52998224725"], totalSpentCents: row!.totalSpentCents });
    expect(detail.orders).toHaveLength(2);
    expect(detail.consent.map((state) => state.purpose)).toEqual(["age", "terms", "analytics", "marketing"]);
  });

  it("lists every account without a search, a page at a time", async () => {
    const page = await json<CustomerPage>("/api/admin/customers");
    expect(page.customers.map((row) => row.email)).toEqual(expect.arrayContaining([CUSTOMER_EMAIL, ADMIN_EMAIL]));
    expect(await json<CustomerPage>("/api/admin/customers?page=2")).toMatchObject({ customers: [], page: 2, hasMore: false });
  });

  it("refuses a bad page or a search too long in Portuguese, and a customer that does not exist is 404", async () => {
    for (const [query, message] of [
      ["page=0", "Página inválida."],
      ["page=abc", "Página inválida."],
      [`q=${"a".repeat(101)}`, "A busca tem no máximo 100 caracteres."],
    ] as const) {
      const response = await ctx.request(`/api/admin/customers?${query}`, { browser: admin });
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(message);
    }
    for (const id of ["nao-existe", "com%20espaco", "a".repeat(101)]) {
      const response = await ctx.request(`/api/admin/customers/${id}`, { browser: admin });
      expect(response.status, id).toBe(404);
      expect(await response.json()).toMatchObject({ error: { message: "Cliente não encontrado." } });
    }
  });
});

describe("access", () => {
  it("answers 401 to a visitor and 403 to a customer on every operation", async () => {
    const visitor = new Browser("203.0.113.222");
    for (const path of ["/api/admin/customers?q=maria", `/api/admin/customers/${customerId}`]) {
      expect((await ctx.request(path, { browser: visitor })).status, `${path} visitante`).toBe(401);
      const refused = await ctx.request(path, { browser: customer });
      expect(refused.status, `${path} cliente`).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { message: "Acesso restrito a administradores." } });
    }
  });
});
