import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { removeAdminEmail } from "#domain/auth/admin-list.server.ts";
import type { CleanupPreview, ErrorList, Health } from "#domain/maintenance/maintenance-schemas.ts";
import { adminEmails, carts, notifications, orders, sessions } from "#platform/db/schema.ts";
import { createApp } from "#server/http/app.ts";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, PUBLIC_URL, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { checkOut, giveCart } from "#test/builders.ts";

/*
 * Issue 18 items 1, 4, 5 and 6 through the HTTP API: health, the errors, the admins and the
 * clean-ups, with their access rules and their Portuguese refusals.
 */

const ADMIN_EMAIL = uniqueEmail("admin-painel-manut");
const CONFIG_ADMIN = uniqueEmail("admin-da-config");
const CUSTOMER_EMAIL = uniqueEmail("cliente-painel-manut");
const KIT_NUMERIC_ID = 4;

let ctx: AuthTestContext;
let admin: Browser;
let customer: Browser;
let customerId: string;
beforeAll(async () => {
  ctx = await createAuthTestContext({ ADMIN_EMAILS: CONFIG_ADMIN });
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.240"));
  customer = await ctx.customer(CUSTOMER_EMAIL, new Browser("203.0.113.241"));
  customerId = await ctx.userId(CUSTOMER_EMAIL);
}, 60_000);
afterAll(async () => ctx?.close());

async function json<T>(path: string, browser = admin): Promise<T> {
  const response = await ctx.request(path, { browser });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const errorMessage = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe("access", () => {
  const operations: Array<[string, string, unknown?]> = [
    ["GET", "/api/admin/health"],
    ["GET", "/api/admin/maintenance"],
    ["PUT", "/api/admin/maintenance", { enabled: true }],
    ["GET", "/api/admin/errors"],
    ["POST", "/api/admin/errors/clear", { olderThanDays: 0 }],
    ["POST", "/api/admin/admins", { email: "novo@example.com" }],
    ["DELETE", `/api/admin/admins/${encodeURIComponent("x@example.com")}`],
    ["GET", "/api/admin/cleanups"],
    ["POST", "/api/admin/cleanups/expired-sessions", {}],
  ];
  it("answers 401 to a visitor and 403 to a customer on every operation, changing nothing", async () => {
    for (const [method, path, body] of operations) {
      const visitor = await ctx.request(path, { method, json: body, browser: new Browser("203.0.113.242") });
      expect(visitor.status, `${method} ${path} visitante`).toBe(401);
      const refused = await ctx.request(path, { method, json: body, browser: customer });
      expect(refused.status, `${method} ${path} cliente`).toBe(403);
      expect(await errorMessage(refused)).toBe("Acesso restrito a administradores.");
    }
    expect((await json<{ enabled: boolean }>("/api/admin/maintenance")).enabled).toBe(false);
  });
});

describe("GET /api/admin/health", () => {
  it("reads the database, jobs, e-mail, disk and build, each with a level", async () => {
    const health = await json<Health>("/api/admin/health");
    expect(health.database).toMatchObject({ reachable: true, mode: "external", level: "green" });
    expect(health.database.version).toMatch(/^\d+/);
    expect(health.database.sizeBytes).toBeGreaterThan(0);
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.database.pool.max).toBe(4);
    expect(health.jobs).toMatchObject({ failed: 0, running: expect.any(Number) as number, queued: expect.any(Number) as number });
    expect(health.email).toMatchObject({ transport: "smtp", smtpHost: new URL(ctx.t.services.config.SMTP_URL!).host, failuresLast24h: 0 });
    // The accounts' confirmation e-mails went out (the e-mail log records the SMTP server's yes).
    await expect.poll(async () => (await json<Health>("/api/admin/health")).email.lastSentAt).not.toBeNull();
    expect(health.disk.totalBytes).toBeGreaterThan(0);
    expect(health.build).toMatchObject({ version: "0.1.0", node: process.version });
    expect(["green", "amber", "red"]).toContain(health.level);
  });

  it("turns the jobs amber with a job that failed for good, and the e-mail red with an e-mail that did", async () => {
    // Due in an hour, so the test's own worker cannot send it before it is marked as failed.
    await ctx.t.db.execute(
      sql`select graphile_worker.add_job('send-email', '{"to":"x@example.com","subject":"Teste","text":"t","html":"t"}'::json, max_attempts := 1, run_at := now() + interval '1 hour')`,
    );
    await ctx.t.db.execute(
      sql`update graphile_worker._private_jobs set attempts = max_attempts, last_error = 'SMTP 550', updated_at = now()`,
    );
    const health = await json<Health>("/api/admin/health");
    expect(health.jobs).toMatchObject({ failed: 1, level: "amber" });
    expect(health.email).toMatchObject({ failuresLast24h: 1, level: "red" });
    expect(health.level).toBe("red");
    await ctx.t.db.execute(sql`delete from graphile_worker._private_jobs`);
  });
});

describe("errors", () => {
  it("counts the server's failures by route template with their request id, and the browsers' reports grouped", async () => {
    const broken = createApp(ctx.t.services, { build: () => Promise.reject(new Error("build quebrado")) });
    let lastRequestId = "";
    for (const slug of ["cogumelo-golden-teacher", "kit-cultura-liquida"]) {
      const response = await broken.request(`/produto/${slug}`, { headers: { origin: PUBLIC_URL } });
      expect(response.status).toBe(500);
      lastRequestId = response.headers.get("x-request-id")!;
    }
    for (let i = 0; i < 2; i++) {
      expect((await ctx.request("/api/client-errors", { json: { message: "Falha ao carregar o carrinho", path: "/cart" } })).status).toBe(
        202,
      );
    }
    await expect
      .poll(async () => (await json<ErrorList>("/api/admin/errors")).server.find((group) => group.route === "/produto/…")?.count)
      .toBe(2);
    const list = await json<ErrorList>("/api/admin/errors");
    expect(list.server[0]).toMatchObject({ method: "GET", route: "/produto/…", status: 500, code: "internal_error", lastRequestId });
    // No slug, path value or query is kept.
    expect(JSON.stringify(list.server)).not.toContain("golden");
    expect(list.client).toEqual([expect.objectContaining({ message: "Falha ao carregar o carrinho", path: "/cart", count: 2 })]);
  });

  it("clears what was last seen before the given age (audited), and refuses a bad age in Portuguese", async () => {
    const keep = await ctx.request("/api/admin/errors/clear", { browser: admin, json: { olderThanDays: 30 } });
    expect(await keep.json()).toEqual({ server: 0, client: 0 });
    const clear = await ctx.request("/api/admin/errors/clear", { browser: admin, json: { olderThanDays: 0 } });
    expect(clear.status).toBe(200);
    expect(await clear.json()).toEqual({ server: 1, client: 1 });
    expect(await json<ErrorList>("/api/admin/errors")).toEqual({ server: [], client: [] });
    const [entry] = await auditEntries(ctx, admin, "errors", "erros");
    expect(entry).toMatchObject({ action: "errors.clear", actorEmail: ADMIN_EMAIL, after: { olderThanDays: 0, server: 1, client: 1 } });

    for (const [body, message] of [
      [{ olderThanDays: -1 }, "Os dias não podem ser negativos."],
      [{ olderThanDays: 1.5 }, "Informe um número inteiro de dias."],
      [{}, "Informe quantos dias"],
    ] as const) {
      const response = await ctx.request("/api/admin/errors/clear", { browser: admin, json: body });
      expect(response.status).toBe(400);
      expect(await errorMessage(response)).toContain(message);
    }
  });
});

describe("admins", () => {
  const NEW_ADMIN = uniqueEmail("novo-admin");
  const adminsOf = async () => (await json<{ admins: Array<{ email: string; source: string }> }>("/api/admin/admins")).admins;
  const remove = (email: string, browser = admin) =>
    ctx.request(`/api/admin/admins/${encodeURIComponent(email)}`, { method: "DELETE", browser });

  it("adds an e-mail: once that account confirms it, it is an admin; removing it takes that away; both audited", async () => {
    const newcomer = await ctx.customer(NEW_ADMIN, new Browser("203.0.113.243"));
    expect((await ctx.request("/api/admin/health", { browser: newcomer })).status).toBe(403);
    const added = await ctx.request("/api/admin/admins", { browser: admin, json: { email: `  ${NEW_ADMIN.toUpperCase()} ` } });
    expect(added.status).toBe(201);
    expect((await added.json()) as unknown).toMatchObject({
      admins: expect.arrayContaining([{ email: NEW_ADMIN, source: "database" }]) as unknown,
    });
    expect((await ctx.request("/api/admin/health", { browser: newcomer })).status).toBe(200);

    const again = await ctx.request("/api/admin/admins", { browser: admin, json: { email: NEW_ADMIN } });
    expect(again.status).toBe(409);
    expect(await errorMessage(again)).toBe("Este e-mail já é de um administrador.");

    expect((await remove(NEW_ADMIN)).status).toBe(200);
    expect((await adminsOf()).map((row) => row.email)).not.toContain(NEW_ADMIN);
    expect((await ctx.request("/api/admin/health", { browser: newcomer })).status).toBe(403);
    const entries = await auditEntries(ctx, admin, "admin", NEW_ADMIN);
    expect(entries.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["admin.remove", ADMIN_EMAIL],
      ["admin.add", ADMIN_EMAIL],
    ]);
  });

  it("refuses removing yourself, a configuration admin, someone not listed, and a bad e-mail", async () => {
    const self = await remove(ADMIN_EMAIL);
    expect(self.status).toBe(409);
    expect(await errorMessage(self)).toBe("Você não pode remover a si mesmo.");
    const fromConfig = await remove(CONFIG_ADMIN);
    expect(fromConfig.status).toBe(409);
    expect(await errorMessage(fromConfig)).toContain("ADMIN_EMAILS");
    expect((await remove("ninguem@example.com")).status).toBe(404);
    expect((await remove("nao-e-email")).status).toBe(404);
    const bad = await ctx.request("/api/admin/admins", { browser: admin, json: { email: "nao-e-email" } });
    expect(bad.status).toBe(400);
    expect(await errorMessage(bad)).toContain("Informe um e-mail válido.");
    expect((await adminsOf()).map((row) => row.email)).toEqual(expect.arrayContaining([ADMIN_EMAIL, CONFIG_ADMIN]));
  });

  it("never removes the last admin, even when the one asking has just lost their own place", async () => {
    const services = { ...ctx.t.services, config: { ...ctx.t.services.config, ADMIN_EMAILS: [] } };
    const [only] = await ctx.t.db.select().from(adminEmails).where(eq(adminEmails.email, ADMIN_EMAIL));
    expect(only).toBeTruthy();
    // Two admins removing each other at once: the second finds only the first left, itself gone.
    const others = await ctx.t.db.select().from(adminEmails);
    expect(others.map((row) => row.email)).toEqual([ADMIN_EMAIL]);
    await expect(removeAdminEmail(services, { id: customerId, email: "removido@example.com" }, ADMIN_EMAIL)).rejects.toThrow(
      "Não é possível remover o último administrador.",
    );
    expect(await ctx.t.db.select().from(adminEmails)).toHaveLength(1);
  });
});

describe("clean-ups", () => {
  const preview = async (query = "") =>
    Object.fromEntries((await json<CleanupPreview>(`/api/admin/cleanups${query}`)).cleanups.map((c) => [c.kind, c.count]));
  const run = (kind: string, json: unknown = {}) => ctx.request(`/api/admin/cleanups/${kind}`, { browser: admin, json });

  it("stale visitors' carts: counted, then deleted, a recent one and the customers' kept", async () => {
    const old = new Browser("203.0.113.244");
    const fresh = new Browser("203.0.113.245");
    for (const browser of [old, fresh]) {
      expect(
        (await ctx.request("/api/cart/items", { browser, json: { productId: productUuid(KIT_NUMERIC_ID), quantity: 1 } })).status,
      ).toBe(201);
    }
    // The two visitors' carts, the first one's made first.
    const anonymous = await ctx.t.db.select({ id: carts.id }).from(carts).where(isNull(carts.userId)).orderBy(carts.createdAt);
    expect(anonymous).toHaveLength(2);
    const oldId = anonymous[0]!.id;
    await ctx.t.db.execute(sql`update carts set updated_at = now() - interval '40 days' where id = ${oldId}`);
    await ctx.t.db.execute(sql`update cart_items set updated_at = now() - interval '40 days' where cart_id = ${oldId}`);
    await giveCart(ctx.t.db, customerId, KIT_NUMERIC_ID);
    await ctx.t.db.execute(sql`update carts set updated_at = now() - interval '40 days' where user_id = ${customerId}`);

    expect((await preview("?cartDays=30"))["stale-carts"]).toBe(1);
    expect((await preview("?cartDays=50"))["stale-carts"]).toBe(0);
    const done = await run("stale-carts", { days: 30 });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ kind: "stale-carts", removed: 1 });
    expect(await ctx.t.db.select().from(carts).where(eq(carts.id, oldId))).toHaveLength(0);
    expect(await ctx.t.db.select().from(carts).where(eq(carts.userId, customerId))).toHaveLength(1);
    expect((await preview("?cartDays=30"))["stale-carts"]).toBe(0);
    const [entry] = await auditEntries(ctx, admin, "cleanup", "stale-carts");
    expect(entry).toMatchObject({ action: "cleanup.stale-carts", after: { removed: 1, days: 30 } });
  });

  it("expired Pix orders still pending: cancelled as the expiry job does, audited with their numbers", async () => {
    const orderId = await checkOut(ctx, customer);
    expect((await preview())["expired-pix"]).toBe(0);
    await ctx.t.db
      .update(orders)
      .set({ pixExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));
    expect((await preview())["expired-pix"]).toBe(1);
    expect(await (await run("expired-pix")).json()).toEqual({ kind: "expired-pix", removed: 1 });
    const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "cancelled", cancelReason: "Pix expirado" });
    const [entry] = await auditEntries(ctx, admin, "cleanup", "expired-pix");
    expect(entry).toMatchObject({ action: "cleanup.expired-pix", after: { removed: 1, orders: [order!.number] } });
  });

  it("read notifications older than N days, and expired sessions", async () => {
    await ctx.t.db.insert(notifications).values([
      {
        userId: customerId,
        type: "order_created",
        title: "Antiga lida",
        content: "x",
        read: true,
        createdAt: new Date(Date.now() - 100 * 86_400_000),
      },
      {
        userId: customerId,
        type: "order_created",
        title: "Antiga não lida",
        content: "x",
        read: false,
        createdAt: new Date(Date.now() - 100 * 86_400_000),
      },
    ]);
    await ctx.t.db
      .insert(sessions)
      .values({ id: crypto.randomUUID(), token: crypto.randomUUID(), userId: customerId, expiresAt: new Date(Date.now() - 1000) });
    const counts = await preview("?notificationDays=90");
    expect(counts["read-notifications"]).toBe(1);
    expect(counts["expired-sessions"]).toBe(1);
    expect(await (await run("read-notifications", { days: 90 })).json()).toEqual({ kind: "read-notifications", removed: 1 });
    expect(
      await ctx.t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, customerId), eq(notifications.title, "Antiga não lida"))),
    ).toHaveLength(1);
    expect(await (await run("expired-sessions")).json()).toEqual({ kind: "expired-sessions", removed: 1 });
    // The customer's own session is untouched.
    expect((await ctx.request("/api/cart", { browser: customer })).status).toBe(200);
    expect((await auditEntries(ctx, admin, "cleanup", "expired-sessions"))[0]).toMatchObject({ after: { removed: 1 } });
  });

  it("refuses an unknown clean-up, a missing or bad number of days, in Portuguese", async () => {
    expect((await run("tudo")).status).toBe(404);
    const missing = await run("stale-carts", {});
    expect(missing.status).toBe(400);
    expect(await errorMessage(missing)).toContain("Informe há quantos dias");
    for (const [days, message] of [
      [0, "No mínimo 1 dia."],
      [5000, "No máximo 3650 dias."],
      ["dez", "Informe quantos dias"],
    ] as const) {
      const response = await run("read-notifications", { days });
      expect(response.status, String(days)).toBe(400);
      expect(await errorMessage(response)).toContain(message);
    }
    const badQuery = await ctx.request("/api/admin/cleanups?cartDays=0", { browser: admin });
    expect(badQuery.status).toBe(400);
    expect(await errorMessage(badQuery)).toContain("No mínimo 1 dia.");
  });
});
