import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ISLAND_ENTRIES } from "#app/islands/island-entries.ts";
import type * as AppModule from "#server/http/app.ts";
import type * as IslandsModule from "#app/islands/island-entries.ts";
import { setUpTestDatabase } from "#test/database.ts";

// `npm run dev` serves the island pages as the build does (decision 049): the same pages hydrate
// as islands, from their sources through Vite, with React Router's runtime replaced by the shim.
const root = path.resolve(import.meta.dirname, "..");
let vite: ViteDevServer;
beforeAll(async () => {
  vite = await createServer({
    root,
    configFile: path.join(root, "vite.config.ts"),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  });
}, 60_000);
afterAll(async () => vite?.close());

const t = setUpTestDatabase();
/** The app as scripts/dev.ts makes it: through Vite, so the app and its pages share one module graph. */
let app: { request: (path: string) => Response | Promise<Response> };
beforeAll(async () => {
  const { createApp } = (await vite.ssrLoadModule("/server/http/app.ts")) as typeof AppModule;
  const { devIslandModules } = (await vite.ssrLoadModule("/app/islands/island-entries.ts")) as typeof IslandsModule;
  app = createApp(t.services, {
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    islands: devIslandModules(),
  });
}, 60_000);

/** The island loader's module, as the page asks for it, or undefined when React Router's scripts load. */
async function islandOf(pathname: string): Promise<string | undefined> {
  const response = await app.request(pathname);
  expect(response.status, pathname).toBe(200);
  const html = await response.text();
  return /import\("([^"]+)"\)/.exec(html)?.[1];
}

describe("npm run dev", () => {
  it("serves the product page, the home, a text page and the cart as islands, each from its source entry", async () => {
    const pages: Record<string, string> = {
      "/produto/cogumelo-penis-envy-7": "product",
      "/": "home",
      "/cursos": "content",
      "/cart": "cart",
    };
    for (const [pathname, island] of Object.entries(pages)) {
      expect(await islandOf(pathname), pathname).toBe(`/${ISLAND_ENTRIES[island]}?island`);
    }
  }, 60_000);

  it("keeps React Router on the pages that are not islands", async () => {
    const response = await app.request("/auth");
    expect(await response.text()).toContain("__reactRouterContext");
  }, 60_000);

  it("serves an island entry that installs React Refresh first and whose shop modules are the island's own copies", async () => {
    const entry = await vite.transformRequest(`/${ISLAND_ENTRIES.product}?island`);
    const imports = [...entry!.code.matchAll(/\bimport\s+(?:[\w{}\s,*]+\sfrom\s+)?"([^"]+)"/g)].map((match) => match[1]!);
    expect(imports[0]).toContain("virtual:react-router/inject-hmr-runtime");
    expect(imports.filter((source) => source.startsWith("/app/"))).not.toEqual([]);
    for (const source of imports.filter((source) => source.startsWith("/app/"))) expect(source).toMatch(/\?island$/);
  }, 60_000);

  it("gives the island's copies the shim in place of React Router", async () => {
    const header = await vite.transformRequest("/app/features/shell/site-header.tsx?island");
    expect(header!.code).toContain("/app/islands/react-router-shim.tsx?island");
    expect(header!.code).not.toMatch(/from "\/node_modules\/.vite\/deps\/react-router/);
    // The router's own pages keep React Router.
    const routerPage = await vite.transformRequest("/app/features/shell/site-header.tsx");
    expect(routerPage!.code).toMatch(/\/node_modules\/.vite\/deps\/react-router/);
  }, 60_000);
});
