import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { MAINTENANCE_CACHE_MS, MAINTENANCE_RETRY_AFTER_SECONDS } from "#domain/maintenance/maintenance-mode.server.ts";
import { DEFAULT_MAINTENANCE_MESSAGE } from "#domain/maintenance/maintenance-schemas.ts";
import { createDatabase, type Database } from "#platform/db/client.ts";
import { createApp } from "#server/http/app.ts";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, PUBLIC_URL, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";

/*
 * Issue 18 item 2: maintenance mode. Visitors and customers get 503 with Retry-After on pages and
 * storefront API calls (both lanes); an admin does not; the probes and signing in stay open; and a
 * second app on the same database follows, by the NOTIFY and, without it, within the cache window.
 */

const ADMIN_EMAIL = uniqueEmail("admin-manutencao");
const CUSTOMER_EMAIL = uniqueEmail("cliente-manutencao");
const MESSAGE = "Voltamos às 15h com novidades.";

let ctx: AuthTestContext;
let admin: Browser;
let customer: Browser;
beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.230"));
  customer = await ctx.customer(CUSTOMER_EMAIL, new Browser("203.0.113.231"));
}, 60_000);
afterAll(async () => ctx?.close());

const setMaintenance = (json: unknown, browser = admin) => ctx.request("/api/admin/maintenance", { method: "PUT", json, browser });

async function expectMaintenancePage(response: Response, label: string): Promise<void> {
  expect(response.status, label).toBe(503);
  expect(response.headers.get("retry-after"), label).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
}

describe("PUT /api/admin/maintenance", () => {
  it("turns maintenance on: a visitor and a customer get 503 with Retry-After, the admin does not", async () => {
    expect((await ctx.request("/api/cart", { browser: new Browser() })).status).toBe(200);
    const on = await setMaintenance({ enabled: true, message: MESSAGE });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ enabled: true, message: MESSAGE });

    for (const [who, browser] of [
      ["visitante", new Browser("203.0.113.232")],
      ["cliente", customer],
    ] as const) {
      const page = await ctx.request("/produto/cogumelo-golden-teacher", { browser });
      await expectMaintenancePage(page, `${who}: página`);
      expect(page.headers.get("content-type")).toContain("text/html");
      const html = await page.text();
      expect(html).toContain("Loja em manutenção");
      expect(html).toContain("Voltamos às 15h com novidades.");
      expect(html).toContain('lang="pt-BR"');

      // A client navigation's data request: reload the page as a document (which then gets the 503 page).
      const data = await ctx.request("/cursos.data?_routes=root%2Croutes%2Fcursos&x=1", { browser });
      expect(data.status, `${who}: .data`).toBe(204);
      expect(data.headers.get("x-remix-redirect")).toBe("/cursos?x=1");
      expect(data.headers.get("x-remix-reload-document")).toBe("true");

      const api = await ctx.request("/api/cart", { browser });
      await expectMaintenancePage(api, `${who}: API`);
      expect(await api.json()).toEqual({ error: { code: "maintenance", message: MESSAGE } });
      const add = await ctx.request("/api/cart/items", { browser, json: { productId: productUuid(4), quantity: 1 } });
      await expectMaintenancePage(add, `${who}: adicionar ao carrinho`);
    }

    // The admin keeps the storefront and the admin API.
    expect((await ctx.request("/api/cart", { browser: admin })).status).toBe(200);
    expect((await ctx.request("/api/cart/items", { browser: admin, json: { productId: productUuid(4), quantity: 1 } })).status).toBe(201);
    expect((await ctx.request("/api/admin/maintenance", { browser: admin })).status).toBe(200);
  });

  it("keeps /healthz, /readyz and signing in open while on, and an admin who signs in gets through", async () => {
    const visitor = new Browser("203.0.113.233");
    expect((await ctx.request("/healthz", { browser: visitor })).status).toBe(200);
    expect((await ctx.request("/readyz", { browser: visitor })).status).toBe(200);
    const adminAgain = new Browser("203.0.113.234");
    const signedIn = await ctx.signIn(ADMIN_EMAIL, undefined, adminAgain);
    expect(signedIn.status).toBe(200);
    expect((await ctx.request("/api/cart", { browser: adminAgain })).status).toBe(200);
    // A customer signs in too, but the shop stays closed to them.
    const customerAgain = new Browser("203.0.113.235");
    expect((await ctx.signIn(CUSTOMER_EMAIL, undefined, customerAgain)).status).toBe(200);
    await expectMaintenancePage(await ctx.request("/api/cart", { browser: customerAgain }), "cliente após entrar");
  });

  it("turns it off: everyone is served again; both changes are in the audit log", async () => {
    expect((await setMaintenance({ enabled: false })).status).toBe(200);
    expect((await ctx.request("/api/cart", { browser: customer })).status).toBe(200);
    expect((await ctx.request("/api/cart", { browser: new Browser("203.0.113.236") })).status).toBe(200);
    const entries = await auditEntries(ctx, admin, "maintenance", "loja");
    expect(entries.map((entry) => entry.action).slice(0, 2)).toEqual(["maintenance.disable", "maintenance.enable"]);
    expect(entries[1]).toMatchObject({ actorEmail: ADMIN_EMAIL, after: { enabled: true, message: MESSAGE } });
    // Without a message the one saved is kept.
    expect(await (await ctx.request("/api/admin/maintenance", { browser: admin })).json()).toMatchObject({
      enabled: false,
      message: MESSAGE,
    });
  });

  it("shows the default text when the admin wrote none", async () => {
    expect((await setMaintenance({ enabled: true, message: "" })).status).toBe(200);
    const page = await ctx.request("/", { browser: new Browser("203.0.113.237") });
    await expectMaintenancePage(page, "página");
    expect(await page.text()).toContain(DEFAULT_MAINTENANCE_MESSAGE);
    expect((await setMaintenance({ enabled: false })).status).toBe(200);
  });

  it("refuses bad input in Portuguese, and anyone but an admin", async () => {
    for (const [body, message] of [
      [{ enabled: "sim" }, "Informe se a manutenção fica ligada"],
      [{ enabled: true, message: "x".repeat(501) }, "no máximo 500 caracteres"],
      [{ enabled: true, extra: 1 }, "Dados inválidos"],
      [{}, "Informe se a manutenção fica ligada"],
    ] as const) {
      const response = await setMaintenance(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(message);
    }
    expect((await setMaintenance({ enabled: true }, new Browser("203.0.113.238"))).status).toBe(401);
    expect((await setMaintenance({ enabled: true }, customer)).status).toBe(403);
    expect((await ctx.request("/api/admin/maintenance", { browser: customer })).status).toBe(403);
    // Still off: the refused calls changed nothing.
    expect((await ctx.request("/api/cart", { browser: customer })).status).toBe(200);
  });
});

describe("Node's http server, as server/main.ts serves the shop, follows maintenance too", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    const app = createApp(ctx.t.services);
    const hono = getRequestListener(app.fetch);
    server = createServer((request, response) => void hono(request, response));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());

  const addToCart = () =>
    fetch(`${base}/api/cart/items`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_URL },
      body: JSON.stringify({ productId: productUuid(4), quantity: 1 }),
    });

  it("a visitor's add to cart answers 503 while on and 201 once off", async () => {
    expect((await addToCart()).status).toBe(201);
    expect((await setMaintenance({ enabled: true, message: MESSAGE })).status).toBe(200);
    const refused = await addToCart();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
    expect((await setMaintenance({ enabled: false })).status).toBe(200);
    expect((await addToCart()).status).toBe(201);
  });
});

describe("a second app on the same database", () => {
  let otherDb: Database;
  let other: ReturnType<typeof createApp>;
  beforeAll(() => {
    otherDb = createDatabase(ctx.t.url, 2);
    other = createApp({ ...ctx.t.services, db: otherDb });
  });
  afterAll(async () => otherDb?.$client.end());

  const visitorOnOther = async () => (await other.request("/api/cart", { headers: { origin: PUBLIC_URL } })).status;

  it("follows an admin's change made through the first", async () => {
    expect(await visitorOnOther()).toBe(200);
    expect((await setMaintenance({ enabled: true, message: MESSAGE })).status).toBe(200);
    await expect.poll(visitorOnOther, { timeout: 10_000 }).toBe(503);
    expect((await setMaintenance({ enabled: false })).status).toBe(200);
    await expect.poll(visitorOnOther, { timeout: 10_000 }).toBe(200);
  });

  it("follows a change it was never told about (no NOTIFY) once its copy is older than the cache window", async () => {
    expect(await visitorOnOther()).toBe(200);
    // As if the NOTIFY were lost: the row changes behind every instance's back.
    await ctx.t.db.execute(sql`update maintenance_mode set enabled = true`);
    await expect.poll(visitorOnOther, { timeout: MAINTENANCE_CACHE_MS * 3 + 5_000, interval: 250 }).toBe(503);
    await ctx.t.db.execute(sql`update maintenance_mode set enabled = false`);
    await expect.poll(visitorOnOther, { timeout: MAINTENANCE_CACHE_MS * 3 + 5_000, interval: 250 }).toBe(200);
  });
});
