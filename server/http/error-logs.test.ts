import { inspect } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { createApp } from "#server/http/app.ts";
import { Browser, createAuthTestContext, PASSWORD, PUBLIC_URL, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { CHECKOUT_ADDRESS } from "#test/builders.ts";
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
      CHECKOUT_ADDRESS.complement,
      CHECKOUT_ADDRESS.neighborhood,
      CHECKOUT_ADDRESS.cep,
      CHECKOUT_ADDRESS.cep.replace(/\D/g, ""),
      CHECKOUT_ADDRESS.recipientName,
      CHECKOUT_ADDRESS.phone.replace(/\D/g, ""),
      browser.sessionCookie!.split(".")[0]!,
    ]) {
      expect(logged, personal).not.toContain(personal);
    }
  });
});

/** A POST to /api/auth/* of `app`, as a browser on the shop at `address` sends it. */
const authPost = (app: ReturnType<typeof createApp>, path: string, body: unknown, address: string) =>
  app.request(
    path,
    { method: "POST", headers: { "content-type": "application/json", origin: PUBLIC_URL }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: address } } },
  );

/** What the shop logged and what reached console.error (better-call prints a failed endpoint's error there) while `run` ran. */
async function loggedWhile(run: (app: ReturnType<typeof createApp>) => Promise<void>): Promise<string> {
  const { logger, lines } = loggerToLines();
  const app = createApp({ ...ctx.t.services, logger });
  const printed: unknown[][] = [];
  const consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void printed.push(args));
  try {
    await run(app);
  } finally {
    consoleError.mockRestore();
  }
  return JSON.stringify(lines) + printed.map((args) => inspect(args, { depth: 10 })).join("\n");
}

describe("a better-auth endpoint that fails in PostgreSQL", () => {
  it("sign-in on a connection terminated mid-query: 503 in Portuguese, and no e-mail or password in the log", async () => {
    const email = uniqueEmail("log-entrada");
    await ctx.customer(email, new Browser("198.51.100.214"));
    const admin = new pg.Client({ connectionString: ctx.t.url });
    await admin.connect();
    let response: Response | undefined;
    const logged = await loggedWhile(async (app) => {
      // The sign-in's read of the account waits behind a lock until its connection is terminated.
      await admin.query("begin");
      await admin.query("lock table users in access exclusive mode");
      try {
        const pending = authPost(app, "/api/auth/sign-in/email", { email, password: PASSWORD }, "198.51.100.215");
        let waiting: number | undefined;
        while (waiting === undefined) {
          const { rows } = await admin.query<{ pid: number }>(
            "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
          );
          waiting = rows[0]?.pid;
        }
        await admin.query("select pg_terminate_backend($1)", [waiting]);
        response = await pending;
      } finally {
        await admin.query("rollback");
        await admin.end();
      }
    });
    expect(response!.status).toBe(503);
    expect(await response!.json()).toEqual({
      error: { code: "database_unavailable", message: "Banco de dados indisponível no momento. Tente novamente em instantes." },
    });
    for (const secret of [email, email.split("@")[0]!, PASSWORD]) expect(logged, secret).not.toContain(secret);
  });

  it("sign-up refused by a constraint: its code and name are logged, never the e-mail, name or password", async () => {
    const email = uniqueEmail("log-cadastro");
    const name = "Maria Registrada Silva";
    const password = "senha-do-registro-9";
    await ctx.t.db.execute(sql`alter table users add constraint teste_recusa_usuarios check (false) not valid`);
    let response: Response | undefined;
    let logged: string;
    try {
      logged = await loggedWhile(async (app) => {
        response = await authPost(app, "/api/auth/sign-up/email", { name, email, password }, "198.51.100.216");
      });
    } finally {
      await ctx.t.db.execute(sql`alter table users drop constraint teste_recusa_usuarios`);
    }
    expect(response!.status).toBeLessThan(500);
    expect(((await response!.json()) as { error: { message: string } }).error.message).toMatch(/^Não foi possível/);
    expect(logged).toContain("23514"); // check_violation
    expect(logged).toContain("teste_recusa_usuarios");
    for (const secret of [email, email.split("@")[0]!, name, password]) expect(logged, secret).not.toContain(secret);
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
