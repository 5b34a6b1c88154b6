import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { createApp } from "#server/http/app.ts";
import { Browser, createAuthTestContext, PUBLIC_URL, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { CHECKOUT_ADDRESS } from "#test/checkout-address.ts";
import { loggerToLines } from "#test/log-lines.ts";

/*
 * Issue 16 item 5: a database error during a checkout is logged with its code and constraint, and
 * with nothing of the customer: no CPF, e-mail, address, name or session token.
 */

let ctx: AuthTestContext;

beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("a checkout that fails in PostgreSQL", () => {
  it("answers 500 without detail and logs the failure's code and constraint, never the customer's data", async () => {
    const email = uniqueEmail("log-pessoal");
    const browser = await ctx.customer(email, new Browser("198.51.100.211"));
    expect((await ctx.request("/api/cart/items", { json: { productId: productUuid(4), quantity: 1 }, browser })).status).toBe(201);
    // Every new order now breaks a rule of the database's own.
    await ctx.t.db.execute(sql`alter table orders add constraint teste_recusa_pedidos check (false) not valid`);

    const { logger, lines } = loggerToLines();
    const app = createApp({ ...ctx.t.services, logger });
    const body = {
      idempotencyKey: crypto.randomUUID(),
      address: CHECKOUT_ADDRESS,
      shippingMethod: "sedex",
      confirmAdult: true,
      acceptTerms: true,
    };
    const response = await app.request(
      "/api/checkout/orders",
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: PUBLIC_URL, cookie: browser.header() },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: browser.address } } },
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: "internal_error", message: "Erro interno. Tente novamente em instantes." } });

    const logged = JSON.stringify(lines);
    expect(logged).toContain("23514"); // check_violation
    expect(logged).toContain("teste_recusa_pedidos");
    for (const personal of [
      CHECKOUT_ADDRESS.cpf,
      CHECKOUT_ADDRESS.cpf.replace(/\D/g, ""),
      email,
      CHECKOUT_ADDRESS.street,
      CHECKOUT_ADDRESS.recipientName,
      CHECKOUT_ADDRESS.phone.replace(/\D/g, ""),
      browser.sessionCookie!.split(".")[0]!,
    ]) {
      expect(logged, personal).not.toContain(personal);
    }
  });
});

describe("a refused request's access line", () => {
  it("says who was refused: the client's address, and the account when it had a session", async () => {
    const email = uniqueEmail("log-recusa");
    const browser = await ctx.customer(email, new Browser("198.51.100.212"));
    const { logger, lines } = loggerToLines();
    const app = createApp({ ...ctx.t.services, logger });
    const get = (path: string, cookie?: string) =>
      app.request(path, { headers: cookie ? { cookie } : {} }, { incoming: { socket: { remoteAddress: "198.51.100.213" } } });

    expect((await get("/api/orders")).status).toBe(401);
    expect((await get("/api/admin/orders", browser.header())).status).toBe(403);
    expect((await get("/api/cart")).status).toBe(200);

    const access = (status: number) => lines.find((line) => line.msg === "request" && line.status === status);
    expect(access(401)).toMatchObject({ client: "198.51.100.213" });
    expect(access(401)).not.toHaveProperty("userId");
    expect(access(403)).toMatchObject({ client: "198.51.100.213", userId: await ctx.userId(email) });
    // An ordinary answer's line stays as it was: no address.
    expect(access(200)).not.toHaveProperty("client");
  });
});
