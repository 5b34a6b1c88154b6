import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Browser, createAuthTestContext, PASSWORD, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { createEmptyDatabase, dropDatabase } from "#test/database.ts";
import { checkOut, giveCart, shopRequest } from "#test/builders.ts";
import { ensurePgClient } from "#test/pg-client.ts";
import { buildIfMissing, killAll, root, startShop, type ShopProcess } from "#test/shop-process.ts";

/*
 * Issue 18 item 7: a backup restores. A shop with customers and orders is dumped with `npm run
 * backup`, restored with `npm run restore` into a fresh database (and refused on a database that is
 * not empty), and the shop started on the restored database shows the same orders, customers and
 * products, to the customers (who sign in with their passwords) and to the admin (decision 026).
 */

let ctx: AuthTestContext;
let dir: string;
let restored: { name: string; url: string } | undefined;
let shop: ShopProcess | undefined;
const ADMIN_EMAIL = uniqueEmail("admin-backup");
const customers = [uniqueEmail("cliente-backup"), uniqueEmail("cliente-backup")];

beforeAll(async () => {
  ensurePgClient();
  await buildIfMissing();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "loja-backup-"));
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.250"));
  for (const [index, email] of customers.entries()) {
    const browser = await ctx.customer(email, new Browser(`203.0.113.${251 + index}`));
    const userId = await ctx.userId(email);
    for (const productNumber of [4, 201].slice(0, index + 1)) {
      await giveCart(ctx.t.db, userId, productNumber);
      await checkOut(ctx, browser);
    }
  }
}, 300_000);

afterAll(async () => {
  await shop?.stop("SIGTERM");
  await killAll();
  await ctx?.close();
  if (restored) await dropDatabase(restored.name);
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** `npm run <script> -- <args>` on `databaseUrl`, as the operator runs it. */
function npmRun(script: "backup" | "restore", args: string[], databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "node"), [`scripts/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", DATA_DIR: dir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
  });
}

/** What a browser reads from `path`: through the test app (the original) or the restored shop. */
async function readJson(where: "original" | "restored", browser: Browser, pathname: string): Promise<unknown> {
  const response = where === "original" ? await ctx.request(pathname, { browser }) : await shopRequest(shop!, pathname, { browser });
  expect(response.status, `${where} ${pathname}`).toBe(200);
  return response.json();
}

async function signIn(where: "original" | "restored", email: string, address: string): Promise<Browser> {
  const browser = new Browser(address);
  const body = { json: { email, password: PASSWORD }, browser };
  const response =
    where === "original" ? await ctx.request("/api/auth/sign-in/email", body) : await shopRequest(shop!, "/api/auth/sign-in/email", body);
  expect(response.status, `${where}: sign-in of ${email}`).toBe(200);
  return browser;
}

it("a backup restored into an empty database serves the same orders, customers and products", async () => {
  const file = path.join(dir, "loja.dump");
  const backup = await npmRun("backup", [file], ctx.t.url);
  expect(backup.code, backup.output).toBe(0);
  expect((await fs.readFile(file)).subarray(0, 5).toString("latin1")).toBe("PGDMP");

  restored = await createEmptyDatabase("restaurado");
  const restore = await npmRun("restore", [file], restored.url);
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toContain("restaurado");

  // Restoring again would mix two copies: refused, in Portuguese, and nothing changes.
  const again = await npmRun("restore", [file], restored.url);
  expect(again.code).toBe(1);
  expect(again.output).toContain("O banco de destino não está vazio");

  shop = await startShop({ DATABASE_URL: restored.url, DATA_DIR: dir, TRUST_PROXY: "true", SMTP_URL: ctx.mail.url });

  // Each customer signs in with their own password and finds their orders as they were.
  for (const [index, email] of customers.entries()) {
    const before = await readJson("original", await signIn("original", email, `198.51.100.${10 + index}`), "/api/orders");
    const after = await readJson("restored", await signIn("restored", email, `198.51.100.${20 + index}`), "/api/orders");
    expect((before as { orders: unknown[] }).orders).toHaveLength(index + 1);
    expect(after).toEqual(before);
  }
  // The admin finds every order, customer and product.
  const adminBefore = await signIn("original", ADMIN_EMAIL, "198.51.100.30");
  const adminAfter = await signIn("restored", ADMIN_EMAIL, "198.51.100.31");
  for (const pathname of ["/api/admin/orders", "/api/admin/customers", "/api/admin/products"]) {
    expect(await readJson("restored", adminAfter, pathname), pathname).toEqual(await readJson("original", adminBefore, pathname));
  }
  const orders = (await readJson("restored", adminAfter, "/api/admin/orders")) as { total: number };
  expect(orders.total).toBe(3);
}, 180_000);

it("refuses a file that is not a backup, in Portuguese", async () => {
  const file = path.join(dir, "nao-e-backup.dump");
  await fs.writeFile(file, "isto não é um dump");
  const empty = await createEmptyDatabase("vazio");
  try {
    const result = await npmRun("restore", [file], empty.url);
    expect(result.code).toBe(1);
    expect(result.output).toContain("não é um backup da loja");
  } finally {
    await dropDatabase(empty.name);
  }
});
