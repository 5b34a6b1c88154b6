import { defineConfig } from "vitest/config";

// `npm run test:deploy` (decisions 053 and 054): the release and the rolling restart behind nginx.
// Apart from `vitest run`: one file, alone on the machine, with the production build already made.
export default defineConfig({
  test: {
    environment: "node",
    include: ["deploy/**/*.test.ts"],
    globalSetup: ["./test/global-setup.ts"],
    setupFiles: ["./test/setup.ts"],
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
