import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The island pages' browser code (decision 009), built after React Router's client build into the
 * same build/client/assets. The same components as under React Router, with "react-router" replaced
 * by a shim, so that no byte of React Router's runtime reaches these pages.
 */
const ISLAND_ENTRIES = { product: "app/islands/product-island.tsx" };

export default defineConfig({
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      { find: /^react-router$/, replacement: fileURLToPath(new URL("./app/islands/react-router-shim.tsx", import.meta.url)) },
    ],
  },
  publicDir: false,
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    // Read by the server at start (server/http/islands.ts).
    manifest: ".vite/islands-manifest.json",
    rolldownOptions: {
      input: ISLAND_ENTRIES,
      // As React Router's build does: libraries' "use client" means nothing outside server components.
      onwarn(warning, defaultHandler) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE" && warning.message.includes("use client")) return;
        defaultHandler(warning);
      },
    },
  },
});
