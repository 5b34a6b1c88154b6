import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, orderStatusHistory, payments } from "#platform/db/schema.ts";
import { bcbWebhookUrl } from "#domain/payments/bcb-pix-provider.server.ts";
import { providerById, registerProviderWebhook } from "#domain/payments/charges.server.ts";
import { reconcilePayments } from "#domain/reconciliation/reconcile-payments.server.ts";
import { type AuthTestContext, type Browser, createAuthTestContext, uniqueEmail } from "#test/auth-helpers.ts";
import { startBcbPixFake, type BcbPixFake } from "#test/fakes/bcb-pix-fake.ts";
import { serveOnLoopback } from "#test/fakes/serve.ts";
import { makeTestPki, type TestPki } from "#test/fakes/test-certificates.ts";
import { checkOut, giveCart } from "#test/builders.ts";

/*
 * Issue 21 through a PSP speaking the Banco Central's Pix API (research B.1.b): a fake over HTTPS
 * that demands the client certificate made here, OAuth client credentials, cob under the order's
 * txid, the webhook registration and its callbacks, each confirmed by GET /v2/cob/{txid}.
 */

const KIT = 4;
const SECRET = "segredo-do-webhook-pix-0123456789";
let pki: TestPki;
let fake: BcbPixFake;
let ctx: AuthTestContext;
let front: { url: string; close(): Promise<void> };
let dir: string;
let customer: Browser;
let customerId: string;
const adminEmail = uniqueEmail("admin-bcb");

beforeAll(async () => {
  pki = await makeTestPki();
  fake = await startBcbPixFake(pki);
  const shopClient = await pki.client("loja-micologia");
  dir = mkdtempSync(path.join(os.tmpdir(), "pix-certs-"));
  writeFileSync(path.join(dir, "ca.pem"), pki.ca.cert);
  writeFileSync(path.join(dir, "client.pem"), shopClient.cert);
  writeFileSync(path.join(dir, "client-key.pem"), shopClient.key);
  ctx = await createAuthTestContext({
    PIX_PROVIDER: "bcb",
    PIX_API_URL: fake.url,
    PIX_CLIENT_ID: fake.clientId,
    PIX_CLIENT_SECRET: fake.clientSecret,
    PIX_CERT_FILE: path.join(dir, "client.pem"),
    PIX_CERT_KEY_FILE: path.join(dir, "client-key.pem"),
    PIX_CA_FILE: path.join(dir, "ca.pem"),
    PIX_KEY: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
    PIX_WEBHOOK_SECRET: SECRET,
    PIX_PROVIDER_TIMEOUT_MS: "800",
  });
  front = await serveOnLoopback(ctx.app as unknown as Hono);
  fake.deliverTo = front.url;
  const email = uniqueEmail("pix-bcb");
  customer = await ctx.customer(email);
  customerId = await ctx.userId(email);
  await ctx.makeAdmin(adminEmail);
  await ctx.customer(adminEmail);
  expect(await registerProviderWebhook(ctx.t.services)).toBe(true);
});

afterAll(async () => {
  await front?.close();
  await ctx?.close();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function newOrder() {
  await giveCart(ctx.t.db, customerId, KIT);
  const orderId = await checkOut(ctx, customer);
  const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}
const statusOf = async (orderId: string) =>
  (await ctx.t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;
const paymentOf = async (orderId: string) => (await ctx.t.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;

describe("BCB Pix API: charges over mTLS", () => {
  it("refuses a caller without the client certificate (the fake really demands mTLS)", async () => {
    const attempt = new Promise<number>((resolve, reject) =>
      https
        .request(`${fake.url}/oauth/token`, { method: "POST", ca: pki.ca.cert }, (response) => resolve(response.statusCode ?? 0))
        .on("error", reject)
        .end(),
    );
    await expect(attempt).rejects.toThrow();
  });

  it("checkout puts the cob under the order's txid, with the exact amount, and shows its pixCopiaECola; the token is cached", async () => {
    const first = await newOrder();
    const second = await newOrder();
    expect(fake.tokenCalls).toBe(1);
    for (const order of [first, second]) {
      const cob = fake.cobs.get(order.pixTxid)!;
      expect(order.pixTxid).toBe(order.id.replaceAll("-", ""));
      expect(order.pixTxid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
      expect(order.paymentProvider).toBe("bcb");
      expect(order.pixCode).toBe(cob.pixCopiaECola);
      expect(cob.valor.original).toBe(`${Math.floor(order.totalCents / 100)}.${String(order.totalCents % 100).padStart(2, "0")}`);
      expect(cob.calendario.expiracao).toBe(30 * 60);
      expect(cob.devedor?.cpf).toMatch(/^\d{11}$/);
      expect(await paymentOf(order.id)).toMatchObject({ provider: "bcb", providerChargeId: order.pixTxid, status: "pending" });
    }
  });

  it("registered its webhook with the secret in the URL and the ignorar= suffix", () => {
    const registered = fake.webhooks.get("7d9f0335-8dcc-4054-9bf9-0dbd61d36906")!;
    expect(registered).toBe(bcbWebhookUrl(ctx.t.services.config));
    expect(registered).toMatch(/\/api\/payments\/pix\/webhook\?hmac=.+&ignorar=$/);
  });
});

describe("BCB Pix API: callbacks", () => {
  it("a callback without the secret (Efí's probe) is refused; the real one pays, confirmed by GET /v2/cob", async () => {
    const order = await newOrder();
    await fake.pay(order.pixTxid, { notify: false });
    expect(await fake.probe({ pix: [{ endToEndId: "E1234567820261130", txid: order.pixTxid, valor: "1.00" }] })).toBe(401);
    // A client-certificate header is believed only from a trusted proxy (TRUST_PROXY is off here).
    const forged = await fetch(`${front.url}/api/payments/pix/webhook/pix`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-client-verify": "SUCCESS" },
      body: JSON.stringify({ pix: [{ endToEndId: "E1", txid: order.pixTxid }] }),
    });
    expect(forged.status).toBe(401);
    expect(await statusOf(order.id)).toBe("pending_payment");
    // What the proxy's verified header means once trusted.
    const provider = providerById(ctx.t.services.config, "bcb")!;
    const hints = await provider.verifyWebhook({
      url: `${front.url}/api/payments/pix/webhook`,
      headers: new Headers(),
      rawBody: JSON.stringify([{ endToEndId: "E1", txid: order.pixTxid }]),
      clientCertVerified: true,
    });
    expect(hints).toEqual([{ providerChargeId: order.pixTxid }]);

    expect(await fake.redeliver(order.pixTxid)).toBe(200);
    expect(await statusOf(order.id)).toBe("paid");
    const payment = await paymentOf(order.id);
    expect(payment).toMatchObject({ status: "paid", providerStatus: "CONCLUIDA", paidCents: order.totalCents });
    expect(payment.e2eId).toMatch(/^E12345678/);
  });

  it("duplicate, batched and bare-array callbacks: each order paid once", async () => {
    const a = await newOrder();
    const b = await newOrder();
    const statuses = await fake.pay([a.pixTxid, b.pixTxid], { copies: 3 });
    expect(statuses).toEqual([200, 200, 200]);
    const c = await newOrder();
    expect(await fake.pay(c.pixTxid, { rootArray: true })).toEqual([200]);
    for (const order of [a, b, c]) {
      expect(await statusOf(order.id)).toBe("paid");
      const paid = await ctx.t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
      expect(paid.filter((entry) => entry.toStatus === "paid")).toHaveLength(1);
    }
  });

  it("an underpaid Pix is never marked paid and the admins are told", async () => {
    const order = await newOrder();
    expect(await fake.pay(order.pixTxid, { valor: "1.00" })).toEqual([200]);
    expect(await statusOf(order.id)).toBe("pending_payment");
    expect(await paymentOf(order.id)).toMatchObject({ status: "rejected", problem: "underpaid", paidCents: 100 });
    await ctx.mail.waitFor(adminEmail, (m) => m.subject.includes(`#${order.number}`) && /R\$\s1,00/.test(m.text));
  });

  it("the poller confirms a Pix whose callback was lost, and a PSP that hangs changes nothing", async () => {
    const order = await newOrder();
    await fake.pay(order.pixTxid, { notify: false });
    fake.hang = true;
    try {
      expect(await reconcilePayments(ctx.t.services, { now: new Date(Date.now() + 60_000) })).toBe(0);
      expect(await statusOf(order.id)).toBe("pending_payment");
    } finally {
      fake.hang = false;
    }
    await reconcilePayments(ctx.t.services, { now: new Date(Date.now() + 60_000) });
    expect(await statusOf(order.id)).toBe("paid");
  });

  it("the poller expires an unpaid cob with its order (PATCH to REMOVIDA_PELO_USUARIO_RECEBEDOR)", async () => {
    const order = await newOrder();
    await reconcilePayments(ctx.t.services, { now: new Date(order.pixExpiresAt.getTime() + 1000) });
    expect(fake.cobs.get(order.pixTxid)!.status).toBe("REMOVIDA_PELO_USUARIO_RECEBEDOR");
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await paymentOf(order.id)).toMatchObject({ status: "expired" });
  });
});

describe("BCB Pix API: the cob is made after the order's commit (decision 045)", () => {
  it("an answer lost to the timeout, then a PSP that refuses the txid again: the job takes the one cob the PSP made", async () => {
    await giveCart(ctx.t.db, customerId, KIT);
    // Longer than the shop's 800 ms bound: the PSP makes the cob, its answer never reaches the shop.
    fake.putDelayMs = 1200;
    fake.refuseRepeatedTxid = true;
    try {
      const orderId = await checkOut(ctx, customer);
      const txid = orderId.replaceAll("-", "");
      const page = (await (await ctx.request(`/api/orders/${orderId}`, { browser: customer })).json()) as { pixGeneration: string | null };
      expect(page.pixGeneration).toBe("failed");
      await expect.poll(() => fake.cobs.has(txid), { timeout: 5000 }).toBe(true);
      fake.putDelayMs = 0;
      // The job (the bound plus 5 s later) puts the txid again, is refused, and reads the cob back.
      await expect
        .poll(async () => (await ctx.t.db.select({ code: orders.pixCode }).from(orders).where(eq(orders.id, orderId)))[0]!.code, {
          timeout: 30_000,
          interval: 200,
        })
        .toBe(fake.cobs.get(txid)!.pixCopiaECola);
      expect(fake.cobPuts.filter((put) => put === txid)).toHaveLength(2);
      expect(await ctx.t.db.select().from(payments).where(eq(payments.orderId, orderId))).toMatchObject([
        { provider: "bcb", txid, providerChargeId: txid, status: "pending" },
      ]);
    } finally {
      fake.putDelayMs = 0;
      fake.refuseRepeatedTxid = false;
    }
  }, 40_000);
});
