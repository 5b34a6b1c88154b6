import { defineConfig } from "vitest/config";

// Separate from vite.config.ts on purpose: the reactRouter() plugin there breaks Vitest, and
// tests need neither Tailwind nor React Router's build.
export default defineConfig({
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "domain/**/*.test.ts", "platform/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    // Starts one PostgreSQL (or uses TEST_DATABASE_URL) with a migrated, seeded template database.
    globalSetup: ["./test/global-setup.ts"],
    setupFiles: ["./test/setup.ts"],
    // Database tests wait on PostgreSQL, not on the CPU: two files at a time keep two cores busy.
    maxWorkers: 2,
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
