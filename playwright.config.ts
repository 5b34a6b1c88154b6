import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import {
  E2E_ADMIN_EMAIL,
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_MATRIX_ADMIN_EMAIL,
  E2E_PORT,
  E2E_SMTP_PORT,
  TEST_SHOP_CNPJ,
  TEST_SHOP_LEGAL_NAME,
  TEST_SUPPORT_WHATSAPP,
} from "./e2e/test-env.ts";
import { chromiumPath } from "./scripts/chromium-path.ts";

/**
 * Browser journeys (e2e/*.spec.ts) in Debian's Chromium against the production build, served by
 * `scripts/start.ts` on its own port (3100, or E2E_PORT) with its own fresh database in ./data/e2e.
 * `npm test` builds first; `npm run test:e2e` assumes a build exists.
 */
// Playwright's own browser download does not work here: drive the system's Chromium.
const chromium = chromiumPath();
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium não encontrado em ${chromium}. Rode \`npm test\` (como root ele instala o pacote do Debian) ` +
      "ou `sudo apt-get install chromium`, ou defina CHROMIUM_PATH.",
  );
}

/** Journeys that change the shop for everyone (prices, shipping table, product photos). */
const OWNER_EDITS = /(admin-(products|images|new-product)|rendered-pages)\.spec\.ts$/;
/** The owner opening the shop (issue 28): its go-live check must see every digital product's file, so it runs alone after the other edits. */
const OPENING_DAY = /opening-day\.spec\.ts$/;
/** Maintenance mode closes the shop to every visitor: it runs alone, after everything else. */
const CLOSES_THE_SHOP = /maintenance-mode\.spec\.ts$/;

export default defineConfig({
  testDir: "./e2e",
  // Journeys are independent, but the machine has 2 cores and the server needs one.
  workers: 2,
  fullyParallel: true,
  // A flaky test gets fixed, never retried away.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"]],
  // A real SMTP server that receives the test shop's e-mails (sign-up confirmation, reset links).
  globalSetup: ["./e2e/mail-global-setup.ts"],
  use: {
    baseURL: E2E_BASE_URL,
    headless: true,
    locale: "pt-BR",
    // Recording a trace of every test costs ~15% on 2 cores: ask for one with `--trace on`.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      // Without the background-networking flags Chromium keeps dialling out of this closed network.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: [OWNER_EDITS, OPENING_DAY, CLOSES_THE_SHOP] },
    // The owner's edits of prices and shipping (decision 021) change what the other journeys expect
    // of the catalogue: they run once all of those are done.
    { name: "owner-edits", use: { ...devices["Desktop Chrome"] }, testMatch: OWNER_EDITS, dependencies: ["chromium"] },
    { name: "opening-day", use: { ...devices["Desktop Chrome"] }, testMatch: OPENING_DAY, dependencies: ["owner-edits"] },
    { name: "maintenance", use: { ...devices["Desktop Chrome"] }, testMatch: CLOSES_THE_SHOP, dependencies: ["opening-day"] },
  ],
  webServer: {
    // What `node scripts/start.ts --no-build` runs, on a wiped DATA_DIR and a private copy of build/.
    command: "node scripts/e2e-server.ts",
    url: `${E2E_BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      PUBLIC_URL: E2E_BASE_URL,
      DATA_DIR: E2E_DATA_DIR,
      EXPOSE_TEST_ROUTES: "true",
      LOG_LEVEL: "warn",
      // As behind the shop's proxy: X-Forwarded-For names the client, so the journeys' API-made
      // accounts come from addresses of their own (e2e/shop-steps.ts) and the whole suite does not
      // run into one address's sign-up limit. Journeys that sign up through the page still share it.
      TRUST_PROXY: "true",
      // Not the defaults, so the journeys prove that configuration reaches the pages.
      SUPPORT_WHATSAPP: TEST_SUPPORT_WHATSAPP,
      SHOP_LEGAL_NAME: TEST_SHOP_LEGAL_NAME,
      SHOP_CNPJ: TEST_SHOP_CNPJ,
      // Accounts (e2e/auth.spec.ts, e2e/access-matrix.spec.ts): mail to the local SMTP server, two admins.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      ADMIN_EMAILS: `${E2E_ADMIN_EMAIL},${E2E_MATRIX_ADMIN_EMAIL}`,
    },
    // SIGTERM lets the server close HTTP and then stop its PostgreSQL; a SIGKILL would leave it running.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
