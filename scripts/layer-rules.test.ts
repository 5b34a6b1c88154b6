import { readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cruise, format, type ICruiseOptions, type ICruiseResult, type IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * The layer rules of .dependency-cruiser.js (docs/requirements.md "Layout"), run through dependency-
 * cruiser's API as `npm run lint` runs them: the real tree has no violation,
 * and a small tree with one violation per rule fails with that rule's name and message.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONFIG = join(ROOT, ".dependency-cruiser.js");
const LAYERS = ["app", "domain", "platform", "server"];

type Config = {
  DOMAIN_NEIGHBOURS: Record<string, string[]>;
  FEATURE_NEIGHBOURS: Record<string, string[]>;
  moduleOrder(graph: Record<string, string[]>, table?: string): string[];
  default: { forbidden: { name: string; comment: string }[] };
};
const config = (await import(pathToFileURL(CONFIG).href)) as Config;

async function cruiseLayers(baseDir: string, extra: Partial<ICruiseOptions> = {}): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(CONFIG);
  const result = await cruise(LAYERS, { ...options, ...extra, baseDir });
  return result.output as ICruiseResult;
}

/** The repository's own tree, cruised once for the tests that read it (a cruise takes seconds, more on a busy machine). */
let realTree: Promise<ICruiseResult> | undefined;
const cruiseRealTree = () => (realTree ??= cruiseLayers(ROOT));

const found = (violations: IViolation[]) => violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

describe("the real tree", () => {
  it("has no violation", async () => {
    const result = await cruiseRealTree();
    expect(result.summary.error, found(result.summary.violations).join("\n")).toBe(0);
    expect(result.summary.totalCruised).toBeGreaterThan(250);
  }, 120_000);

  it("is what `npm run lint` checks, with each rule's message", async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.lint).toContain("depcruise app domain platform server --output-type err-long");
  });
});

describe("the tables' owners (decision 048)", () => {
  type Lists = Record<string, Record<string, string>>;
  const { TABLE_READERS } = config as unknown as { TABLE_READERS: Lists };
  const entries = (lists: Lists) =>
    Object.entries(lists).flatMap(([owner, files]) => Object.entries(files).map(([file, reason]) => ({ owner, file, reason })));

  it("names a table file for every module that has tables, and no other", () => {
    const files = readdirSync(join(ROOT, "platform/db/tables")).map((name) => name.replace(/\.ts$/, ""));
    expect(files.length).toBeGreaterThan(10);
    for (const name of files) expect(Object.keys(config.DOMAIN_NEIGHBOURS), name).toContain(name);
  });

  it("lists only readers that exist, each with its reason, none the owner's own", async () => {
    const result = await cruiseRealTree();
    const imports = new Set(
      result.modules.flatMap((module) => module.dependencies.map((dependency) => `${module.source} → ${dependency.resolved}`)),
    );
    const listed = entries(TABLE_READERS);
    expect(listed.length).toBeGreaterThan(0);
    for (const { owner, file, reason } of listed) {
      expect(imports, `${file} no longer imports platform/db/tables/${owner}.ts: remove its line`).toContain(
        `${file} → platform/db/tables/${owner}.ts`,
      );
      expect(reason.length, file).toBeGreaterThan(20);
      expect(file.startsWith(`domain/${owner}/`), `${file} is ${owner}'s own`).toBe(false);
    }
  }, 120_000);
});

describe("the domain's module graph", () => {
  it("is written down for every domain module, acyclic", () => {
    const modules = readdirSync(join(ROOT, "domain"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(Object.keys(config.DOMAIN_NEIGHBOURS).sort()).toEqual(expect.arrayContaining(modules.map((entry) => entry.name).sort()));
    const order = config.moduleOrder(config.DOMAIN_NEIGHBOURS);
    expect(order.indexOf("pricing")).toBeLessThan(order.indexOf("cart"));
    expect(config.DOMAIN_NEIGHBOURS.pricing).toEqual([]);
  });

  it("refuses a table with a cycle when the config loads", () => {
    expect(() => config.moduleOrder({ orders: ["checkout"], checkout: ["account"], account: ["orders"] })).toThrow(
      "DOMAIN_NEIGHBOURS has a cycle: orders → checkout → account → orders",
    );
  });
});

describe("the feature folders' graph", () => {
  it("is written down for every folder of app/features/, one way only (acyclic)", () => {
    const features = readdirSync(join(ROOT, "app/features"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(Object.keys(config.FEATURE_NEIGHBOURS).sort()).toEqual(features.map((entry) => entry.name).sort());
    const order = config.moduleOrder(config.FEATURE_NEIGHBOURS, "FEATURE_NEIGHBOURS");
    expect(order.indexOf("cart")).toBeLessThan(order.indexOf("catalog"));
    expect(order.indexOf("orders")).toBeLessThan(order.indexOf("checkout"));
  });

  it("refuses two features that import each other when the config loads", () => {
    expect(() => config.moduleOrder({ catalog: ["cart"], cart: ["catalog"] }, "FEATURE_NEIGHBOURS")).toThrow(
      "FEATURE_NEIGHBOURS has a cycle: catalog → cart → catalog",
    );
  });
});

/**
 * A tree of four layers, as small as the rules need: one file that breaks each rule, and beside it
 * the allowed spelling of the same thing (which must not be reported).
 */
const FIXTURE: Record<string, string> = {
  "package.json": JSON.stringify({
    name: "layer-rules-fixture",
    type: "module",
    imports: {
      "#app/*": "./app/*",
      "#domain/*": "./domain/*",
      "#platform/*": "./platform/*",
      "#server/*": "./server/*",
      "#test/*": "./test/*",
    },
  }),
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      module: "ESNext",
      moduleResolution: "bundler",
      jsx: "react-jsx",
      allowImportingTsExtensions: true,
      verbatimModuleSyntax: true,
      noEmit: true,
    },
  }),
  "test/database.ts": "export const testDatabase = 1;",

  "platform/config.ts": 'import { DomainError } from "#domain/errors.ts";\nexport const config = { port: 3000, error: DomainError };',
  "platform/db.ts": "export type Database = { query(sql: string): unknown };\nexport const db: Database = { query: () => null };",

  "domain/errors.ts": "export class DomainError extends Error {}",
  "domain/pricing/money.ts":
    'import { DomainError } from "#domain/errors.ts";\nexport const cents = (n: number) => { if (n < 0) throw new DomainError(); return n; };',
  "domain/pricing/quote.ts": 'import { addItem } from "#domain/cart/add-item.server.ts";\nexport const quote = () => addItem;',
  "domain/cart/add-item.server.ts":
    'import { cents } from "#domain/pricing/money.ts";\nimport { db } from "#platform/db.ts";\nimport { Hono } from "hono";\nimport { appName } from "#server/main.ts";\nexport const addItem = () => [cents(1), db, Hono, appName];',
  "domain/cart/cart-rules.ts": 'import { limit } from "#domain/cart/cart-limits.ts";\nexport const rule = () => limit;',
  "domain/cart/cart-limits.ts":
    'import { rule } from "#domain/cart/cart-rules.ts";\nexport const limit = 10;\nexport const check = () => rule;',
  "domain/cart/missing.ts": 'import { gone } from "#domain/cart/not-there.ts";\nexport const here = gone;',
  "domain/cart/add-item.server.test.ts":
    'import { testDatabase } from "#test/database.ts";\nimport { createApp } from "#server/http/app.ts";\nexport const t = [testDatabase, createApp];',
  "domain/wishlist/wishlist.server.ts": 'import { cents } from "#domain/pricing/money.ts";\nexport const wish = cents;',

  "app/lib/app-context.server.ts":
    'import type { Database } from "#platform/db.ts";\nexport type AppContext = { db: Database };\nexport const appContext = {};',
  "app/lib/format.ts": 'import { Card } from "#app/features/catalog/card.tsx";\nexport const format = Card;',
  "app/features/catalog/card.tsx":
    'import type { Database } from "#platform/db.ts";\nimport { config } from "#platform/config.ts";\nimport { addItem } from "#domain/cart/add-item.server.ts";\nimport type { AppContext } from "#app/lib/app-context.server.ts";\nimport { loader } from "#app/routes/home.tsx";\nimport { createApp } from "#server/http/app.ts";\nexport type Props = { db?: Database; context?: AppContext };\nexport function Card() { return [config, addItem, loader, createApp]; }',
  "app/features/catalog/catalog.server.ts":
    'import { db } from "#platform/db.ts";\nimport { addItem } from "#domain/cart/add-item.server.ts";\nexport const catalog = () => [db, addItem];',
  // Features: the cart may not import the catalog (the catalog imports the cart: one way only), a
  // folder missing from FEATURE_NEIGHBOURS imports none, and the shared place imports no feature.
  "app/features/cart/cart-row.tsx": 'import { Card } from "#app/features/catalog/card.tsx";\nexport const CartRow = Card;',
  "app/features/cart/cart-button.tsx": "export const CartButton = () => null;",
  "app/features/catalog/buy-box.tsx":
    'import { CartButton } from "#app/features/cart/cart-button.tsx";\nimport { Stars } from "#app/shared/stars.tsx";\nexport const BuyBox = () => [CartButton, Stars];',
  "app/features/wishlist/wishlist.tsx": 'import { Card } from "#app/features/catalog/card.tsx";\nexport const Wishlist = Card;',
  "app/shared/stars.tsx": 'import { Card } from "#app/features/catalog/card.tsx";\nexport const Stars = Card;',
  "app/routes/home.tsx":
    'import { db } from "#platform/db.ts";\nimport { addItem } from "#domain/cart/add-item.server.ts";\nimport { Card } from "#app/features/catalog/card.tsx";\nimport type { Route } from "./+types/home";\nexport const loader = (_args?: Route) => [db, addItem];\nexport default Card;',

  // Each module's tables (decision 048): orders' file, read by its own module, by another module's
  // test, and wrongly by the cart; a barrel that only the client may import; a file named for no module.
  "platform/db/tables/cart.ts": "export const carts = { id: 'id' };",
  "platform/db/tables/orders.ts": 'import { carts } from "#platform/db/tables/cart.ts";\nexport const orders = { cartId: carts.id };',
  "platform/db/tables/wishlist.ts": "export const wishes = {};",
  "platform/db/schema.ts": 'export * from "#platform/db/tables/cart.ts";\nexport * from "#platform/db/tables/orders.ts";',
  "platform/db/client.ts": 'import * as schema from "#platform/db/schema.ts";\nexport const client = schema;',
  "domain/orders/order-store.server.ts": 'import { orders } from "#platform/db/tables/orders.ts";\nexport const store = orders;',
  "domain/cart/cart-orders.server.ts":
    'import { orders } from "#platform/db/tables/orders.ts";\nimport { wishes } from "#platform/db/tables/wishlist.ts";\nexport const peek = [orders, wishes];',
  "domain/cart/cart-orders.server.test.ts": 'import { orders } from "#platform/db/tables/orders.ts";\nexport const seeded = orders;',
  "server/jobs/report.ts": 'import { orders } from "#platform/db/schema.ts";\nexport const report = orders;',

  "server/main.ts": "export const appName = 'loja';",
  // The API's contracts (decision 046): the browser may import them, so they import nothing of the server.
  "server/contracts/cart.routes.ts":
    'import { cents } from "#domain/pricing/money.ts";\nexport const cartRoutes = { get: { method: "get", path: "/cart" }, cents } as const;',
  "server/contracts/cart.ts":
    'import { z } from "zod";\nimport { cents } from "#domain/pricing/money.ts";\nimport { cartRoutes } from "#server/contracts/cart.routes.ts";\nimport { appName } from "#server/main.ts";\nexport const cartContract = { get: { ...cartRoutes.get, response: z.number(), cents, appName } };',
  "app/features/cart/cart-client.ts":
    'import type { cartContract } from "#server/contracts/cart.ts";\nimport { cartRoutes } from "#server/contracts/cart.routes.ts";\nexport type Contract = typeof cartContract;\nexport const routes = cartRoutes;',
  "server/http/app.ts":
    'import { appContext } from "#app/lib/app-context.server.ts";\nimport { catalog } from "#app/features/catalog/catalog.server.ts";\nexport const createApp = () => [appContext, catalog];',
};

/** What the fixture must report, rule by rule; anything else it reports is a rule that is too wide. */
const EXPECTED = [
  "platform-imports-no-shop-code: platform/config.ts → domain/errors.ts",
  "domain-imports-only-domain-and-platform: domain/cart/add-item.server.ts → server/main.ts",
  "domain-tests-import-only-domain-platform-and-test-helpers: domain/cart/add-item.server.test.ts → server/http/app.ts",
  "domain-no-web-frameworks: domain/cart/add-item.server.ts → hono",
  "domain-pricing-neighbours: domain/pricing/quote.ts → domain/cart/add-item.server.ts",
  "domain-module-undeclared: domain/wishlist/wishlist.server.ts → domain/pricing/money.ts",
  "app-not-to-server: app/features/catalog/card.tsx → server/http/app.ts",
  "app-browser-no-platform-values: app/features/catalog/card.tsx → platform/config.ts",
  "app-browser-no-server-files: app/features/catalog/card.tsx → domain/cart/add-item.server.ts",
  "app-shared-code-no-features: app/lib/format.ts → app/features/catalog/card.tsx",
  "app-shared-code-no-features: app/shared/stars.tsx → app/features/catalog/card.tsx",
  "app-feature-cart-neighbours: app/features/cart/cart-row.tsx → app/features/catalog/card.tsx",
  "app-feature-undeclared: app/features/wishlist/wishlist.tsx → app/features/catalog/card.tsx",
  "nothing-imports-routes: app/features/catalog/card.tsx → app/routes/home.tsx",
  "server-to-app-only-through-app-context: server/http/app.ts → app/features/catalog/catalog.server.ts",
  "no-cycles: domain/cart/cart-limits.ts ↔ domain/cart/cart-rules.ts",
  // A feature that imports a route makes a cycle with it, since the route imports the feature.
  "no-cycles: app/features/catalog/card.tsx ↔ app/routes/home.tsx",
  "no-unresolvable-imports: domain/cart/missing.ts → #domain/cart/not-there.ts",
  "contracts-browser-safe: server/contracts/cart.ts → server/main.ts",
  "routes-without-zod: server/contracts/cart.routes.ts → domain/pricing/money.ts",
  "tables-orders-owned-by-domain-orders: domain/cart/cart-orders.server.ts → platform/db/tables/orders.ts",
  "table-file-named-for-its-module: domain/cart/cart-orders.server.ts → platform/db/tables/wishlist.ts",
  "schema-barrel-only-for-the-client: server/jobs/report.ts → platform/db/schema.ts",
];

describe("a tree with one violation per rule", () => {
  let fixture: string;
  let result: ICruiseResult;

  beforeAll(async () => {
    fixture = await mkdtemp(join(tmpdir(), "layer-rules-"));
    for (const [path, text] of Object.entries(FIXTURE)) {
      await mkdir(dirname(join(fixture, path)), { recursive: true });
      await writeFile(join(fixture, path), text);
    }
    // The packages (hono) resolve as in the repository.
    await symlink(join(ROOT, "node_modules"), join(fixture, "node_modules"), "dir");
    result = await cruiseLayers(fixture);
  }, 60_000);

  afterAll(async () => {
    if (fixture) await rm(fixture, { recursive: true, force: true });
  });

  it("reports exactly the broken rules, each by name", () => {
    const reported = result.summary.violations.map((v) => {
      // A cycle is reported once, from one of its modules: named here by all of them.
      if (v.cycle) return `${v.rule.name}: ${[...new Set([v.from, ...v.cycle.map((step) => step.name)])].sort().join(" ↔ ")}`;
      const to = /\/node_modules\/([^/]+)\//.exec(v.to)?.[1] ?? v.to;
      return `${v.rule.name}: ${v.from} → ${to}`;
    });
    expect([...new Set(reported)].sort()).toEqual([...EXPECTED].sort());
  });

  it("fails lint's reporter with the rule's name and its message (what is forbidden, and why)", async () => {
    const report = await format(result, { outputType: "err-long" });
    expect(report.exitCode).toBeGreaterThan(0);
    const text = String(report.output).replace(/\s+/g, " ");
    for (const rule of config.default.forbidden.filter((r) => EXPECTED.some((line) => line.startsWith(`${r.name}:`)))) {
      expect(text).toContain(`error ${rule.name}:`);
      expect(text).toContain(rule.comment.replace(/\s+/g, " "));
    }
    // One of the generated per-module rules, with the neighbours it allows.
    expect(text).toContain("domain/pricing may import no other domain module (only domain/errors.ts)");
    expect(text).toContain("app/features/cart may import only app/features/auth of the other features");
  });

  it("lets through what the rules allow: type-only platform imports in browser code, server code in loaders and *.server.ts, the app-context seam, a module's own tables", () => {
    const allowed = [
      "app/features/catalog/card.tsx → platform/db.ts",
      "app/features/catalog/card.tsx → app/lib/app-context.server.ts",
      "app/features/catalog/catalog.server.ts → platform/db.ts",
      "app/features/catalog/catalog.server.ts → domain/cart/add-item.server.ts",
      "app/routes/home.tsx → platform/db.ts",
      "app/routes/home.tsx → domain/cart/add-item.server.ts",
      "app/routes/home.tsx → ./+types/home",
      "server/http/app.ts → app/lib/app-context.server.ts",
      "domain/cart/add-item.server.ts → domain/pricing/money.ts",
      "domain/cart/add-item.server.test.ts → test/database.ts",
      "app/features/catalog/buy-box.tsx → app/features/cart/cart-button.tsx",
      "app/features/catalog/buy-box.tsx → app/shared/stars.tsx",
      "app/features/cart/cart-client.ts → server/contracts/cart.ts",
      "app/features/cart/cart-client.ts → server/contracts/cart.routes.ts",
      "server/contracts/cart.ts → domain/pricing/money.ts",
      "server/contracts/cart.ts → server/contracts/cart.routes.ts",
      "domain/orders/order-store.server.ts → platform/db/tables/orders.ts",
      "domain/cart/cart-orders.server.test.ts → platform/db/tables/orders.ts",
      "platform/db/tables/orders.ts → platform/db/tables/cart.ts",
      "platform/db/schema.ts → platform/db/tables/orders.ts",
      "platform/db/client.ts → platform/db/schema.ts",
    ];
    const reported = result.summary.violations.map((v) => `${v.from} → ${v.to}`);
    for (const edge of allowed) expect(reported, edge).not.toContain(edge);
  });
});
