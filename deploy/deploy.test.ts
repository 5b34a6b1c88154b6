// The shop as it is deployed (decisions 053 and 054): `npm run release` installed with
// `npm ci --omit=dev` and started on an empty PostgreSQL; then three web instances and a worker
// behind Debian's nginx, restarted one by one onto that release under a steady load of shoppers.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_SLUGS } from "#domain/catalog/product-slugs.ts";
import { Browser } from "#test/auth-helpers.ts";
import { createEmptyDatabase, dropDatabase } from "#test/database.ts";
import { startMailServer, type MailServer } from "#test/mail-server.ts";
import { CUSTOMER_ENV, KIT, signedUpCustomer } from "#test/builders.ts";
import { buildIfMissing, killAll, root, startShop, waitForOk, type Launch, type ShopProcess } from "#test/shop-process.ts";
import { EventFollower } from "./event-follower.ts";
import { freePort, startNginx, type Nginx } from "./nginx.ts";
import { requestAsBrowser, ShopperLoad } from "./shopper-load.ts";

const temp = mkdtempSync(path.join(os.tmpdir(), "loja-deploy-"));
const releaseDir = path.join(temp, "release");
const databases: string[] = [];
let mail: MailServer;
let nginx: Nginx | undefined;

/** The release's own Node 24 (its `node` dependency) runs its start.js, as `npm start` there does. */
const fromRelease: Launch = { node: path.join(releaseDir, "node_modules", ".bin", "node"), args: ["start.js"], cwd: releaseDir };

/** Runs a command to its end; one that outlasts `limitMs` is stopped and counts as failed. */
function run(command: string, args: string[], cwd: string, limitMs = 240_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const output: string[] = [];
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    const timer = setTimeout(() => child.kill("SIGTERM"), limitMs);
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output.join(""));
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code ?? signal}:\n${output.join("")}`));
    });
  });
}

/** `npm ci` fetches from the registry (or its cache): a stalled download gets one more try. */
async function installProductionDependencies(dir: string): Promise<void> {
  const install = () => run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], dir);
  await install().catch(install);
}

async function emptyDatabase(label: string): Promise<string> {
  const database = await createEmptyDatabase(label);
  databases.push(database.name);
  return database.url;
}

beforeAll(async () => {
  await buildIfMissing();
  mail = await startMailServer();
}, 300_000);

afterAll(async () => {
  await killAll();
  await nginx?.stop();
  for (const name of databases) await dropDatabase(name);
  await mail?.close();
  rmSync(temp, { recursive: true, force: true });
}, 120_000);

describe("npm run release", () => {
  it("installs with npm ci --omit=dev and starts on an empty PostgreSQL, migrations included, with no dev dependency present", async () => {
    await run(path.join(root, "node_modules", ".bin", "node"), ["scripts/release.ts", releaseDir], root);
    await installProductionDependencies(releaseDir);

    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    // Type packages aside (graphile-worker's own dependencies bring @types/node and @types/pg),
    // none of the development tools is installed: no Vite, TypeScript, Vitest, Playwright, ESLint…
    const devPresent = Object.keys(manifest.devDependencies)
      .filter((name) => !name.startsWith("@types/"))
      .filter((name) => existsSync(path.join(releaseDir, "node_modules", name)));
    expect(devPresent, "development dependencies in the release").toEqual([]);
    expect(existsSync(path.join(releaseDir, "app")), "no sources in the release").toBe(false);

    const url = await emptyDatabase("release");
    const shop = await startShop({ DATABASE_URL: url, DATA_DIR: path.join(temp, "release-data") }, fromRelease);
    await waitForOk(shop.url("/readyz"));
    const page = await fetch(shop.url(`/produto/${PRODUCT_SLUGS[4]}`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Cultura Líquida");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const applied = await client.query<{ count: string }>("select count(*) from drizzle.__drizzle_migrations").finally(() => client.end());
    const migrations = readdirSync(path.join(root, "platform", "db", "migrations")).filter((name) => name.endsWith(".sql"));
    expect(Number(applied.rows[0]!.count)).toBe(migrations.length);
    expect(await shop.stop("SIGTERM")).toEqual({ code: 0, signal: null });
  }, 600_000);
});

/** One instance behind nginx: its port stays, its process changes at each restart. */
type Slot = { port: number; role: "web" | "worker"; shop: ShopProcess; down: boolean; sawShuttingDown: boolean };

/**
 * Open-source nginx has no active health check: this polls each web instance's /readyz, as the
 * balancer's health check would, and reloads nginx with the instance out (or back in) when it changes.
 */
function healthChecker(slots: Slot[], balancer: Nginx): { stop(): Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      let changed = false;
      for (const slot of slots) {
        const answer = await fetch(`http://127.0.0.1:${slot.port}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
          async (response) => ({ status: response.status, text: await response.text() }),
          () => ({ status: 0, text: "" }),
        );
        if (answer.text.includes("shutting_down")) slot.sawShuttingDown = true;
        const down = answer.status !== 200;
        if (down !== slot.down) {
          slot.down = down;
          changed = true;
        }
      }
      if (changed) await balancer.reload(slots.map((slot) => ({ port: slot.port, down: slot.down })));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}

describe("three web instances and a worker behind nginx", () => {
  it("restart one by one onto the release under load: no failed request, no lost or duplicated order, every event stream reconnected and resynced", async () => {
    const url = await emptyDatabase("rolling");
    const env = {
      DATABASE_URL: url,
      DATA_DIR: path.join(temp, "shared-data"),
      BETTER_AUTH_SECRET: "segredo-compartilhado-entre-as-instancias-0123456789",
      ...CUSTOMER_ENV(mail),
      // Longer than the health checker's 200 ms poll plus nginx's reload.
      SHUTDOWN_DRAIN_MS: "1500",
      SHUTDOWN_TIMEOUT_MS: "10000",
    };
    const start = async (port: number, role: Slot["role"], launch?: Launch) =>
      startShop({ ...env, PORT: String(port), ROLE: role }, launch);
    const worker: Slot = { port: await freePort(), role: "worker", shop: undefined as never, down: false, sawShuttingDown: false };
    worker.shop = await start(worker.port, "worker");
    const webs: Slot[] = [];
    for (let i = 0; i < 3; i++)
      webs.push({ port: await freePort(), role: "web", shop: undefined as never, down: false, sawShuttingDown: false });
    await Promise.all(webs.map(async (slot) => (slot.shop = await start(slot.port, "web"))));
    await Promise.all(webs.map((slot) => waitForOk(slot.shop.url("/readyz"))));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let checker: { stop(): Promise<void> } | undefined;
    let load: ShopperLoad | undefined;
    let followers: EventFollower[] = [];
    try {
      // Enough stock that every order of the run is accepted.
      await client.query("update products set stock = 1000000 where id = $1", [KIT]);
      nginx = await startNginx(webs.map((slot) => ({ port: slot.port, down: false })));
      checker = healthChecker(webs, nginx);
      const balancer = nginx;

      const customers = await Promise.all([1, 2, 3, 4, 5].map((n) => signedUpCustomer(balancer, mail, `rolagem-${n}`)));
      const visitors = [1, 2, 3].map((n) => new Browser(`192.0.2.${n}`));
      load = new ShopperLoad(balancer);
      for (const customer of customers) load.add(customer, true);
      for (const visitor of visitors) load.add(visitor, false);
      // Visitors' streams follow their cart once they have one: wait for the first add.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      followers = [...customers, ...visitors].map((browser) => new EventFollower(balancer, browser));
      for (const follower of followers) follower.start();
      await new Promise((resolve) => setTimeout(resolve, 2000));

      for (const slot of [...webs, worker]) {
        const exit = await slot.shop.stop("SIGTERM");
        expect(exit, `${slot.role} on ${slot.port} stopped cleanly`).toEqual({ code: 0, signal: null });
        if (slot.role === "web")
          expect(slot.sawShuttingDown, "the balancer's check saw /readyz red before the instance stopped").toBe(true);
        slot.shop = await start(slot.port, slot.role, fromRelease);
        await waitForOk(slot.shop.url("/readyz"));
        // Back in rotation (the checker saw it ready and reloaded nginx), then the next one.
        for (const deadline = Date.now() + 10_000; slot.down && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const report = await load.stop();
      await checker.stop();

      // Every stream is open again and live: a change to each cart reaches its page.
      await Promise.all(
        [...customers, ...visitors].map(async (browser, i) => {
          const follower = followers[i]!;
          const from = follower.types.length;
          const added = await requestAsBrowser(balancer, "/api/cart/items", { browser, json: { productId: KIT, quantity: 1 } });
          expect(added.status, await added.clone().text()).toBe(201);
          await follower.waitFor("cart.changed", from);
        }),
      );
      for (const follower of followers) await follower.stop();

      const streams = followers.map(({ connections, ends, resyncs, resyncEvents, refusals }) => ({
        connections,
        ends,
        resyncs,
        resyncEvents,
        refusals,
      }));
      const reconnects = streams.reduce((sum, s) => sum + s.ends, 0);
      console.log(
        `Carga mantida durante o deploy: ${report.requests} requisições, ${report.orders.length} pedidos, ${report.failures.length} falhas ` +
          `(${report.resent} reenviadas pelo cliente após o nginx fechar a conexão sem resposta); ` +
          `${followers.length} fluxos de eventos, ${reconnects} reconexões, todas ressincronizadas.`,
      );
      expect(report.failures, nginx.errors()).toEqual([]);
      expect(report.orders.length).toBeGreaterThan(0);
      for (const stream of streams) {
        expect(stream.refusals).toEqual([]);
        // Each stream was on an instance that restarted: it ended, came back, and its page re-read.
        expect(stream.ends).toBeGreaterThan(0);
        expect(stream.connections).toBe(stream.ends + 1);
        expect(stream.resyncs).toBe(stream.ends);
      }
      const placed = await client.query<{ id: string }>(
        "select o.id from orders o join users u on u.id = o.user_id where u.email like 'rolagem-%'",
      );
      expect(new Set(report.orders).size, "no order answered twice").toBe(report.orders.length);
      expect(placed.rows.map((row) => row.id).sort(), "every order answered is in the database, and no other").toEqual(
        [...report.orders].sort(),
      );
    } finally {
      await load?.stop();
      for (const follower of followers) await follower.stop();
      await checker?.stop();
      await client.end();
    }
  }, 600_000);
});
