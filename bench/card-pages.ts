// `npm run bench:cards` (issue 32, decision 085): the weight of the storefront's pages and of the
// checkout's card step with cards on, and Lighthouse on that card step. Starts Mercado Pago's local
// fake (its Brick script too) and a production shop of its own (a fresh DATA_DIR in a temp folder)
// with PAYMENT_METHODS=pix,card, signs a customer up, places an order and measures
// /checkout?pedido=ID as that customer. BENCH_CARDS=0: the same shop with cards off (the storefront's
// weights to compare); BENCH_LIGHTHOUSE=0 skips Lighthouse; BENCH_CARDS_PORT (3268) is the shop's port.
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildIfNeeded, root } from "../scripts/build-if-needed.ts";
import { CHECKOUT_ADDRESS } from "../test/checkout-address.ts";
import { startMercadoPagoFake } from "../test/fakes/mercadopago-fake.ts";
import { lighthouseChromium, lighthouseEnabled } from "./lighthouse.ts";
import { pageWeight } from "./page-weight.ts";

const CARDS = process.env.BENCH_CARDS !== "0";
const PORT = Number(process.env.BENCH_CARDS_PORT ?? 3268);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const STOREFRONT = [
  "/",
  "/produto/cogumelo-penis-envy-7",
  "/produto/cultura-liquida-golden-teacher",
  "/cart",
  "/cursos",
  "/busca?q=cultura",
];
const KIT = "550e8400-e29b-41d4-a716-446655440004";
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function startShop(env: Record<string, string>, logFile: string): Promise<ChildProcess> {
  const log = openSync(logFile, "a");
  const child = spawn(process.execPath, ["scripts/start.ts", "--no-build"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const deadline = Date.now() + 120_000;
  while (!readFileSync(logFile, "utf8").includes('"shop listening"')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`a loja não subiu:\n${readFileSync(logFile, "utf8").slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return child;
}

/** A customer with one kit ordered, as the journeys make one; their cookie and the order's id. */
async function customerWithOrder(): Promise<{ cookie: string; orderId: string }> {
  const headers = { "content-type": "application/json", origin: ORIGIN };
  const email = `bench-cartao-${Date.now()}@example.com`;
  const password = "bench-cartao-42";
  const post = async (pathname: string, body: unknown, cookie?: string) => {
    const response = await fetch(`${ORIGIN}${pathname}`, {
      method: "POST",
      headers: { ...headers, ...(cookie && { cookie }) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return response;
  };
  await post("/api/auth/sign-up/email", { name: "Cliente Bench", email, password });
  const signedIn = await post("/api/auth/sign-in/email", { email, password });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  await post("/api/cart/items", { productId: KIT, quantity: 1 }, cookie);
  const placed = await post(
    "/api/checkout/orders",
    { idempotencyKey: crypto.randomUUID(), address: CHECKOUT_ADDRESS, shippingMethod: "pac", confirmAdult: true, acceptTerms: true },
    cookie,
  );
  return { cookie, orderId: ((await placed.json()) as { orderId: string }).orderId };
}

async function lighthouseOf(url: string, cookie: string): Promise<void> {
  const chrome = await launch({ chromePath: lighthouseChromium(), chromeFlags: ["--headless=new", "--no-sandbox"], logLevel: "silent" });
  try {
    const scores: number[] = [];
    const scripts: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: "error",
        output: "json",
        onlyCategories: ["performance", "accessibility"],
        extraHeaders: { cookie },
      });
      if (!result || result.lhr.runtimeError) continue;
      const lhr = result.lhr;
      scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      const items =
        (lhr.audits["resource-summary"]?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ??
        [];
      scripts.push(items.find((item) => item.resourceType === "script")?.transferSize ?? 0);
      const a11y = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
      const lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? 0;
      console.log(
        `  execução ${run + 1}: performance ${scores.at(-1)} · acessibilidade ${a11y} · LCP ${Math.round(lcp)} ms · JS transferido ${kb(scripts.at(-1)!)}`,
      );
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
    console.log(`  mediana: performance ${median(scores)} · JS transferido ${kb(median(scripts))}`);
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  if (lighthouseEnabled()) lighthouseChromium();
  buildIfNeeded();
  const fake = await startMercadoPagoFake({ freeInstallments: 3 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shop-bench-cards-"));
  await chmod(dataDir, 0o755);
  let shop: ChildProcess | undefined;
  try {
    shop = await startShop(
      {
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: ORIGIN,
        PIX_PROVIDER: "mercadopago",
        PAYMENT_METHODS: CARDS ? "pix,card" : "pix",
        MERCADOPAGO_API_URL: fake.url,
        MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
        MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
        MERCADOPAGO_PUBLIC_KEY: fake.publicKey,
        MERCADOPAGO_BRICK_URL: fake.brickUrl,
      },
      path.join(dataDir, "shop.log"),
    );
    console.log(`Cartão ${CARDS ? "ligado" : "desligado"}: JS de cada página (gzip; como enviado com Brotli), CSS`);
    for (const pathname of STOREFRONT) {
      const weight = await pageWeight(ORIGIN, pathname);
      console.log(
        `  ${pathname.padEnd(42)} JS ${kb(weight.js)} (enviado ${kb(weight.jsTransferred)}, ${weight.files} arquivos) · CSS ${kb(weight.css)}`,
      );
    }
    const { cookie, orderId } = await customerWithOrder();
    const checkout = CARDS ? `/checkout?pedido=${orderId}` : "/checkout";
    const weight = await pageWeight(ORIGIN, checkout, cookie);
    console.log(
      `  ${(CARDS ? "/checkout?pedido=ID (etapa do cartão)" : "/checkout").padEnd(42)} JS ${kb(weight.js)} (enviado ${kb(weight.jsTransferred)}, ${weight.files} arquivos) · CSS ${kb(weight.css)}${CARDS ? "; o script do Brick vem depois, sob demanda" : ""}`,
    );
    if (CARDS && lighthouseEnabled()) {
      console.log(`\nLighthouse ${RUNS}× em ${checkout} (perfil móvel padrão), como a cliente do pedido:`);
      await lighthouseOf(`${ORIGIN}${checkout}`, cookie);
    }
  } finally {
    if (shop && shop.exitCode === null) {
      const exited = new Promise((resolve) => shop!.once("exit", resolve));
      shop.kill("SIGTERM");
      await exited;
    }
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
