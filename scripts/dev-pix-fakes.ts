// `npm run dev` with PIX_PROVIDER=mercadopago or bcb and no provider URL of its own: starts the
// provider's local fake (test/fakes, the same the tests use) and points the shop's settings at it,
// before the shop reads its configuration. The fake's /_fake/* routes (or `pay`) settle a charge and
// call the shop's webhook, as the real provider would (decision 037).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export async function startDevPixFake(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const provider = env.PIX_PROVIDER;
  if (provider === "mercadopago" && !env.MERCADOPAGO_ACCESS_TOKEN) {
    const { startMercadoPagoFake } = await import("../test/fakes/mercadopago-fake.ts");
    const fake = await startMercadoPagoFake();
    env.MERCADOPAGO_API_URL = fake.url;
    env.MERCADOPAGO_ACCESS_TOKEN = fake.accessToken;
    env.MERCADOPAGO_WEBHOOK_SECRET = fake.webhookSecret;
    // Cards on (PAYMENT_METHODS=pix,card): the Brick's script and public key are the fake's too.
    env.MERCADOPAGO_PUBLIC_KEY = fake.publicKey;
    env.MERCADOPAGO_BRICK_URL = fake.brickUrl;
    const cards = (env.PAYMENT_METHODS ?? "").includes("card")
      ? `; cartão de teste 5031 4332 1540 6351, CVV 123, titular APRO (aprovado), OTHE (recusado), CONT (em análise), 3DS (desafio)`
      : "";
    return `Mercado Pago falso em ${fake.url}: GET ${fake.url}/_fake/payments lista as cobranças; POST ${fake.url}/_fake/payments/ID/approve paga (e chama o webhook da loja), …/expire expira${cards}`;
  }
  if (provider === "bcb" && !env.PIX_API_URL) {
    const { makeTestPki } = await import("../test/fakes/test-certificates.ts");
    const { startBcbPixFake } = await import("../test/fakes/bcb-pix-fake.ts");
    const pki = await makeTestPki("PSP de desenvolvimento");
    const fake = await startBcbPixFake(pki);
    const client = await pki.client("loja-dev");
    const dir = path.resolve(env.DATA_DIR ?? "./data", "dev-pix-certs");
    mkdirSync(dir, { recursive: true });
    const file = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text, { mode: 0o600 });
      return path.join(dir, name);
    };
    env.PIX_API_URL = fake.url;
    env.PIX_CLIENT_ID = fake.clientId;
    env.PIX_CLIENT_SECRET = fake.clientSecret;
    env.PIX_CA_FILE = file("ca.pem", pki.ca.cert);
    env.PIX_CERT_FILE = file("client.pem", client.cert);
    env.PIX_CERT_KEY_FILE = file("client-key.pem", client.key);
    env.PIX_WEBHOOK_SECRET ??= `dev-${crypto.randomUUID()}`;
    // A tiny control port on loopback: POST /pay/TXID settles the cob and calls the shop's webhook.
    const { Hono } = await import("hono");
    const { serveOnLoopback } = await import("../test/fakes/serve.ts");
    const control = new Hono();
    control.get("/cobs", (c) => c.json([...fake.cobs.values()]));
    control.post("/pay/:txid", async (c) => c.json(await fake.pay(c.req.param("txid"))));
    const served = await serveOnLoopback(control);
    return `PSP falso (API Pix do BCB, mTLS) em ${fake.url}: GET ${served.url}/cobs lista as cobranças; POST ${served.url}/pay/TXID paga (e chama o webhook da loja)`;
  }
  return null;
}
