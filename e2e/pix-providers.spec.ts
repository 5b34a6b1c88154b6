// Issue 21: a customer pays an order through each provider's local fake and watches the Pix page
// turn to "Pagamento confirmado" without reloading (the realtime bus). Each provider gets a shop of
// its own (the production build, as `npm start` runs it) on a database of its own in the test
// server's PostgreSQL, since the main test shop keeps the default static Pix.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { CHECKOUT_ADDRESS } from "../test/checkout-address.ts";
import { startBcbPixFake, type BcbPixFake } from "../test/fakes/bcb-pix-fake.ts";
import { startMercadoPagoFake, type MercadoPagoFake } from "../test/fakes/mercadopago-fake.ts";
import { makeTestPki } from "../test/fakes/test-certificates.ts";
import { killAll, type ShopProcess } from "../test/shop-process.ts";
import { expectAccessible } from "./axe-checks.ts";
import { expect, settle, test, waitForHydration } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { E2E_DATA_DIR } from "./test-env.ts";
import { startOwnShop } from "./own-shop.ts";

test.describe.configure({ mode: "serial" });

/** A customer of `shop` signed in in `page` (API sign-up and sign-in, as e2e/shop-steps.ts does). */
async function customerOf(page: Page, shop: ShopProcess): Promise<void> {
  const origin = { origin: shop.url("").replace(/\/$/, "") };
  const email = uniqueEmail("pix-provedor");
  const password = "pix-provedor-42";
  expect(
    (
      await page.request.post(shop.url("/api/auth/sign-up/email"), { data: { name: "Cliente Pix", email, password }, headers: origin })
    ).status(),
  ).toBe(200);
  expect((await page.request.post(shop.url("/api/auth/sign-in/email"), { data: { email, password }, headers: origin })).status()).toBe(200);
}

/** One kit ordered through the API, then the customer's Pix page opened; the order's id. */
async function orderAndOpenPixPage(page: Page, shop: ShopProcess): Promise<string> {
  const origin = { origin: shop.url("").replace(/\/$/, "") };
  const added = await page.request.post(shop.url("/api/cart/items"), { data: { productId: productUuid(4), quantity: 1 }, headers: origin });
  expect(added.status(), await added.text()).toBe(201);
  const placed = await page.request.post(shop.url("/api/checkout/orders"), {
    data: { idempotencyKey: crypto.randomUUID(), address: CHECKOUT_ADDRESS, shippingMethod: "pac", confirmAdult: true, acceptTerms: true },
    headers: origin,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  await page.goto(shop.url(`/success?order=${orderId}`));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Pague com Pix" })).toBeVisible();
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  return orderId;
}

async function seesPaidWithoutReload(page: Page): Promise<void> {
  await expect(page.getByText("Pagamento confirmado. Obrigado!")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Pague com Pix" })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
}

let mercadoPago: MercadoPagoFake | undefined;
let bcb: BcbPixFake | undefined;

test.afterAll(async () => {
  await killAll();
  await mercadoPago?.close();
  await bcb?.close();
});

const MP_ADMIN = uniqueEmail("admin-mp");

test("Mercado Pago: the customer pays and the Pix page turns to paid by itself; the admin sees the provider's ids", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  mercadoPago = await startMercadoPagoFake();
  const shop = await startOwnShop("shop_pix_mercadopago", 2, {
    ADMIN_EMAILS: MP_ADMIN,
    PIX_PROVIDER: "mercadopago",
    MERCADOPAGO_API_URL: mercadoPago.url,
    MERCADOPAGO_ACCESS_TOKEN: mercadoPago.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: mercadoPago.webhookSecret,
  });
  await customerOf(page, shop);
  await orderAndOpenPixPage(page, shop);
  const charge = [...mercadoPago.payments.values()].at(-1)!;
  // The provider's own copy-and-paste code, verbatim.
  await expect(page.getByLabel("Pix copia e cola")).toHaveValue(charge.point_of_interaction.transaction_data.qr_code);
  const deliveries = await mercadoPago.approve(charge.id, { copies: 2 });
  expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
  await seesPaidWithoutReload(page);

  // The admin's order page: the charge at Mercado Pago, its ids and raw status (and axe passes).
  const admin = await (await browser.newContext({ baseURL: shop.url("") })).newPage();
  await admin.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  const origin = { origin: shop.url("").replace(/\/$/, "") };
  expect(
    (
      await admin.request.post(shop.url("/api/auth/sign-up/email"), {
        data: { name: "Admin MP", email: MP_ADMIN, password: "admin-mp-4242" },
        headers: origin,
      })
    ).status(),
  ).toBe(200);
  const confirmation = await waitForMail(MP_ADMIN, (mail) => mail.subject.startsWith("Confirme"));
  await admin.goto(linkIn(confirmation, "/api/auth/verify-email"));
  const orderId = charge.external_reference!.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
  await admin.goto(shop.url(`/admin?order=${orderId}`));
  await waitForHydration(admin);
  const section = admin.getByRole("region", { name: "Cobranças no provedor" });
  await expect(section).toContainText(String(charge.id));
  await expect(section).toContainText("approved/accredited");
  await expect(section).toContainText("Pago");
  await settle(admin);
  await expectAccessible(admin, "/admin?order= (cobranças no provedor)");
  await admin.context().close();
});

test("BCB Pix API: the customer pays and the Pix page turns to paid by itself", async ({ page }) => {
  test.setTimeout(120_000);
  const pki = await makeTestPki();
  bcb = await startBcbPixFake(pki);
  const client = await pki.client("loja-e2e");
  const dir = path.resolve(`${E2E_DATA_DIR}-pix-certs`);
  mkdirSync(dir, { recursive: true });
  const file = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const shop = await startOwnShop("shop_pix_bcb", 3, {
    PIX_PROVIDER: "bcb",
    PIX_API_URL: bcb.url,
    PIX_CLIENT_ID: bcb.clientId,
    PIX_CLIENT_SECRET: bcb.clientSecret,
    PIX_CA_FILE: file("ca.pem", pki.ca.cert),
    PIX_CERT_FILE: file("client.pem", client.cert),
    PIX_CERT_KEY_FILE: file("client-key.pem", client.key),
    PIX_WEBHOOK_SECRET: "segredo-do-webhook-e2e-0123456789",
  });
  // The shop registers its webhook at start-up.
  await expect.poll(() => bcb!.webhooks.size).toBe(1);
  await customerOf(page, shop);
  const orderId = await orderAndOpenPixPage(page, shop);
  const txid = orderId.replaceAll("-", "");
  await expect(page.getByLabel("Pix copia e cola")).toHaveValue(bcb.cobs.get(txid)!.pixCopiaECola);
  expect(await bcb.pay(txid)).toEqual([200]);
  await seesPaidWithoutReload(page);
});

test("Mercado Pago down at checkout: on a phone the order page says the Pix is late and what to do, then shows it by itself once the job makes it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Decision 045: the order is saved first; the Pix is made after, by the request, then by the job.
  const fake = await startMercadoPagoFake();
  try {
    const shop = await startOwnShop("shop_pix_mercadopago_late", 4, {
      PIX_PROVIDER: "mercadopago",
      MERCADOPAGO_API_URL: fake.url,
      MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
      // The job waits for the request's own try (this bound) plus 5 s.
      PIX_PROVIDER_TIMEOUT_MS: "1000",
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await customerOf(page, shop);
    const origin = { origin: shop.url("").replace(/\/$/, "") };
    expect(
      (
        await page.request.post(shop.url("/api/cart/items"), { data: { productId: productUuid(4), quantity: 1 }, headers: origin })
      ).status(),
    ).toBe(201);
    // The request's try and the job's first try fail; its retry, a few seconds later, makes the Pix.
    fake.failCreates = 2;
    const placed = await page.request.post(shop.url("/api/checkout/orders"), {
      data: {
        idempotencyKey: crypto.randomUUID(),
        address: CHECKOUT_ADDRESS,
        shippingMethod: "pac",
        confirmAdult: true,
        acceptTerms: true,
      },
      headers: origin,
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };
    await page.goto(shop.url(`/success?order=${orderId}`));
    await waitForHydration(page);
    const late = page.getByRole("status").filter({ hasText: "Ainda não conseguimos gerar seu Pix." });
    await expect(late).toBeVisible();
    await expect(late).toContainText("continuamos tentando sozinhos");
    await expect(page.getByRole("heading", { name: "Pague com Pix" })).toHaveCount(0);
    await settle(page);
    await expectAccessible(page, "/success (Pix ainda sendo gerado)");
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

    await expect(page.getByRole("heading", { name: "Pague com Pix" })).toBeVisible({ timeout: 40_000 });
    const charge = [...fake.payments.values()].find((payment) => payment.external_reference === orderId.replaceAll("-", ""))!;
    await expect(page.getByLabel("Pix copia e cola")).toHaveValue(charge.point_of_interaction.transaction_data.qr_code);
    await expect(late).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(fake.payments.size).toBe(1);
  } finally {
    await fake.close();
  }
});
