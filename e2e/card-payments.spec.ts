// Issue 32: paying by card on a 390 px phone, through Mercado Pago's local fake (its Brick script,
// card tokens and sandbox cardholder names). The shop with cards on runs as a production process of
// its own on a database of its own, like the Pix providers' journeys (e2e/pix-providers.spec.ts).
import type { Page } from "@playwright/test";
import { PRODUCT_SLUGS, productUuid } from "../domain/catalog/product-slugs.ts";
import { CHECKOUT_ADDRESS } from "../test/checkout-address.ts";
import { startMercadoPagoFake, type MercadoPagoFake } from "../test/fakes/mercadopago-fake.ts";
import { TEST_CARDS } from "../test/fakes/mercadopago-cards-fake.ts";
import { killAll, type ShopProcess } from "../test/shop-process.ts";
import { expectAccessible } from "./axe-checks.ts";
import { expect, settle, test, waitForHydration } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { startOwnShop } from "./own-shop.ts";

test.describe.configure({ mode: "serial" });

let fake: MercadoPagoFake;
let shop: ShopProcess;
const CARD_ADMIN = uniqueEmail("admin-cartao");

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startMercadoPagoFake({ freeInstallments: 3 });
  const name = "shop_cards";
  shop = await startOwnShop(name, 5, {
    ADMIN_EMAILS: CARD_ADMIN,
    PIX_PROVIDER: "mercadopago",
    PAYMENT_METHODS: "pix,card",
    CARD_INSTALLMENTS_WITHOUT_INTEREST: "3",
    MERCADOPAGO_API_URL: fake.url,
    MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
    MERCADOPAGO_PUBLIC_KEY: fake.publicKey,
    MERCADOPAGO_BRICK_URL: fake.brickUrl,
  });
});

test.afterAll(async () => {
  await killAll();
  await fake?.close();
});

/** A signed-in customer with one kit ordered through the API; the order's id. */
async function customerWithOrder(page: Page): Promise<string> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  const origin = { origin: shop.url("").replace(/\/$/, "") };
  const email = uniqueEmail("cartao");
  const password = "cartao-credito-42";
  const signUp = await page.request.post(shop.url("/api/auth/sign-up/email"), {
    data: { name: "Cliente Cartão", email, password },
    headers: origin,
  });
  expect(signUp.status()).toBe(200);
  expect((await page.request.post(shop.url("/api/auth/sign-in/email"), { data: { email, password }, headers: origin })).status()).toBe(200);
  const added = await page.request.post(shop.url("/api/cart/items"), { data: { productId: productUuid(4), quantity: 1 }, headers: origin });
  expect(added.status()).toBe(201);
  const placed = await page.request.post(shop.url("/api/checkout/orders"), {
    data: { idempotencyKey: crypto.randomUUID(), address: CHECKOUT_ADDRESS, shippingMethod: "pac", confirmAdult: true, acceptTerms: true },
    headers: origin,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { orderId: string }).orderId;
}

/** The card step of the order, with the Brick's fields filled as a buyer would. */
async function fillCard(page: Page, orderId: string, cardholder: string, installments: string): Promise<void> {
  await page.goto(shop.url(`/checkout?pedido=${orderId}`));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: /com cartão de crédito/ })).toBeVisible();
  await page.getByLabel("Número do cartão").fill(TEST_CARDS.master);
  await page.getByLabel("Nome do titular como aparece no cartão").fill(cardholder);
  await page.getByLabel("Vencimento (MM/AA)").fill("11/30");
  await page.getByLabel("Código de segurança").fill("123");
  await page.getByLabel("CPF do titular").fill("529.982.247-25");
  await expect(page.getByLabel("Parcelas").locator("option")).not.toHaveCount(0);
  await page.getByLabel("Parcelas").selectOption(installments);
}

const orderStatus = async (page: Page, orderId: string) =>
  ((await (await page.request.get(shop.url(`/api/orders/${orderId}`))).json()) as { status: string }).status;

test("on a phone: pay 3x without interest and see the order paid", async ({ page }) => {
  const orderId = await customerWithOrder(page);
  await fillCard(page, orderId, "APRO", "3");
  await expect(page.getByLabel("Parcelas")).toContainText("3 parcelas de R$");
  await expect(page.getByLabel("Parcelas")).toContainText("sem juros");
  await settle(page);
  await expectAccessible(page, "/checkout?pedido= (cartão)");
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page.getByText("Pagamento aprovado! Seu pedido está confirmado.")).toBeVisible();
  expect(await orderStatus(page, orderId)).toBe("paid");
  const charge = [...fake.payments.values()].at(-1)!;
  expect(charge.installments).toBe(3);
});

test("on a phone: a rejected card says what to do, then Pix pays the same order", async ({ page }) => {
  const orderId = await customerWithOrder(page);
  await fillCard(page, orderId, "OTHE", "1");
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Use outro cartão");
  expect(await orderStatus(page, orderId)).toBe("pending_payment");
  await settle(page);
  await expectAccessible(page, "/checkout?pedido= (cartão recusado)");
  await page.getByRole("link", { name: "Pagar com Pix" }).click();
  await expect(page.getByRole("heading", { name: "Pague com Pix" })).toBeVisible();
  const pix = [...fake.payments.values()].filter((payment) => payment.payment_method_id === "pix").at(-1)!;
  await fake.approve(pix.id);
  await expect(page.getByText("Pagamento confirmado. Obrigado!")).toBeVisible({ timeout: 15_000 });
});

test("on a phone: a 3DS challenge passed in the bank's frame pays the order", async ({ page }) => {
  const orderId = await customerWithOrder(page);
  await fillCard(page, orderId, "3DS", "1");
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  const frame = page.frameLocator('iframe[title="Autenticação do cartão pelo banco"]');
  await frame.getByRole("button", { name: "Autorizar" }).click();
  await expect(page.getByText("Pagamento aprovado! Seu pedido está confirmado.")).toBeVisible({ timeout: 15_000 });
  expect(await orderStatus(page, orderId)).toBe("paid");
});

test("on a phone: the owner refunds half of a card order and the customer sees it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const orderId = await customerWithOrder(page);
  await fillCard(page, orderId, "APRO", "2");
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page.getByText("Pagamento aprovado! Seu pedido está confirmado.")).toBeVisible();
  const charge = [...fake.payments.values()].at(-1)!;

  // The owner, on her phone: the order page, half of the total back to the card.
  const admin = await (await browser.newContext({ baseURL: shop.url(""), viewport: { width: 390, height: 844 } })).newPage();
  await admin.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  const origin = { origin: shop.url("").replace(/\/$/, "") };
  const signUp = await admin.request.post(shop.url("/api/auth/sign-up/email"), {
    data: { name: "Dona da Loja", email: CARD_ADMIN, password: "admin-cartao-4242" },
    headers: origin,
  });
  expect(signUp.status()).toBe(200);
  await admin.goto(linkIn(await waitForMail(CARD_ADMIN, (mail) => mail.subject.startsWith("Confirme")), "/api/auth/verify-email"));
  await admin.goto(shop.url(`/admin/pedidos?order=${orderId}`));
  await waitForHydration(admin);
  const totalCents = Math.round(charge.transaction_amount * 100);
  const half = Math.floor(totalCents / 2);
  const reais = `${Math.floor(half / 100)},${String(half % 100).padStart(2, "0")}`;
  const form = admin.getByRole("form", { name: "Registrar reembolso" });
  await form.getByLabel("Valor do reembolso (R$)").fill(reais);
  await form.getByRole("button", { name: "Registrar reembolso" }).click();
  await expect(admin.getByText("Reembolso registrado.")).toBeVisible();
  // Mercado Pago gave half back to the card, once; the order page lists it under the card payment.
  expect(charge.refunds!.map((refund) => Math.round(refund.amount * 100))).toEqual([half]);
  await expect(admin.getByRole("region", { name: "Cobranças no provedor" })).toContainText("Reembolsado no cartão");
  await admin.context().close();

  // The customer's order reads partly refunded, with the amount back on the card.
  await page.goto(shop.url(`/cliente?order=${orderId}`));
  await waitForHydration(page);
  await expect(page.getByText("Parcialmente reembolsado").first()).toBeVisible();
  expect(await orderStatus(page, orderId)).toBe("partially_refunded");
  const mail = await waitForMail(
    (await (await page.request.get(shop.url("/api/auth/get-session"))).json()).user.email as string,
    (received) => received.subject.includes("reembolso registrado"),
  );
  expect(mail.text).toContain("para o cartão usado no pagamento");
});

test("on a phone: the product page and the cart say the owner's installments without interest", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  await page.goto(shop.url(`/produto/${PRODUCT_SLUGS[4]}`));
  await expect(page.getByText("No cartão de crédito, em até 3x sem juros.")).toBeVisible();
  const added = await page.request.post(shop.url("/api/cart/items"), {
    data: { productId: productUuid(4), quantity: 1 },
    headers: { origin: shop.url("").replace(/\/$/, "") },
  });
  expect(added.status()).toBe(201);
  await page.goto(shop.url("/cart"));
  await expect(page.getByTestId("cart-card-pitch")).toHaveText("No cartão de crédito, em até 3x sem juros.");
});

test("the Brick's origins are allowed on the checkout page only", async ({ page }) => {
  const checkout = await page.request.get(shop.url("/checkout"));
  expect(checkout.headers()["content-security-policy"]).toContain(new URL(fake.brickUrl).origin);
  const home = await page.request.get(shop.url("/"));
  expect(home.headers()["content-security-policy"]).not.toContain(new URL(fake.brickUrl).origin);
});
