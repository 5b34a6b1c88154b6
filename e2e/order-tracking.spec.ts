// Issue 30 items 5 and 6 on a 390 px phone: the owner posts a paid kit with its code (the table
// provider), the customer's order page shows the tracking link and the carrier's timeline, and it
// turns "Entregue" by itself, without a reload, when the owner says the goods arrived.
import { expect, openPage, test } from "./fixtures.ts";
import { expectAccessible } from "./axe-checks.ts";
import { uniqueEmail, waitForMail } from "./mail.ts";
import { fromTheShop, paidKitOrder, signedInAdmin, signedInCustomer } from "./shop-steps.ts";
import { CHECKOUT_ADDRESS } from "../test/checkout-address.ts";
import { productUuid } from "../domain/catalog/product-slugs.ts";

const PASSWORD = "rastreio-de-teste-42";

test("on a 390 px phone, the customer follows the parcel in /cliente: the link, the timeline, delivered live", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail("rastreio");
  await signedInCustomer(page, email, PASSWORD);
  const adminContext = await browser.newContext({ locale: "pt-BR" });
  const admin = await adminContext.newPage();
  await signedInAdmin(admin, PASSWORD);
  const { orderId, number } = await paidKitOrder(page, admin);

  const posted = await admin.request.post(`/api/admin/orders/${orderId}/tracking`, {
    data: { trackingCode: "AA123456785BR" },
    headers: fromTheShop,
  });
  expect(posted.status(), await posted.text()).toBe(200);
  const mail = await waitForMail(email, (message) => message.subject.includes(`Pedido #${number} a caminho`));
  expect(mail.text).toContain("https://www.melhorrastreio.com.br/rastreio/AA123456785BR");

  await openPage(page, `/cliente?order=${orderId}`);
  const tracking = page.getByRole("region", { name: "Acompanhar a entrega" });
  await expect(tracking).toContainText("Código de rastreio: AA123456785BR");
  await expect(tracking.getByRole("link", { name: /Acompanhar a entrega/ })).toHaveAttribute(
    "href",
    "https://www.melhorrastreio.com.br/rastreio/AA123456785BR",
  );
  await expect(tracking.getByRole("list", { name: "Eventos da entrega" })).toContainText("Postado");
  await expect(tracking).toContainText("Postado");
  await expectAccessible(page, "the customer's order with its tracking");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The owner says the goods arrived: the customer's open page shows it without a reload.
  const delivered = await admin.request.post(`/api/admin/orders/${orderId}/parcel-delivered`, { headers: fromTheShop });
  expect(delivered.status(), await delivered.text()).toBe(200);
  await expect(tracking.getByRole("list", { name: "Eventos da entrega" })).toContainText("Entregue");
  await expect(tracking.getByText("Entregue", { exact: true }).first()).toBeVisible();
  await adminContext.close();
});

test("a sample and a consultoria: the owner marks each part on a phone, and the order is Entregue only after both", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signedInCustomer(page, uniqueEmail("misto"), PASSWORD);
  for (const productId of [productUuid(4), productUuid(101)]) {
    const added = await page.request.post("/api/cart/items", { data: { productId, quantity: 1 }, headers: fromTheShop });
    expect(added.status(), await added.text()).toBe(201);
  }
  const placed = await page.request.post("/api/checkout/orders", {
    data: { idempotencyKey: crypto.randomUUID(), address: CHECKOUT_ADDRESS, shippingMethod: "pac", confirmAdult: true, acceptTerms: true },
    headers: fromTheShop,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };

  const adminContext = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } });
  const admin = await adminContext.newPage();
  await signedInAdmin(admin, PASSWORD);
  for (const [path, data] of [
    ["confirm-payment", undefined],
    ["tracking", { trackingCode: "AA123456785BR" }],
  ] as const) {
    const done = await admin.request.post(`/api/admin/orders/${orderId}/${path}`, { data, headers: fromTheShop });
    expect(done.status(), await done.text()).toBe(200);
  }

  await openPage(admin, `/admin?order=${orderId}`);
  const parts = admin.getByRole("region", { name: "Partes do pedido" });
  await parts.getByRole("button", { name: "Produtos entregues" }).click();
  await expect(parts.getByText("Produtos marcados como entregues.")).toBeVisible();
  await expect(parts.getByRole("button", { name: "Produtos entregues" })).toHaveCount(0);
  await expect(parts).toContainText("A realizar");
  await expectAccessible(admin, "the admin order page's parts of a mixed order");

  // The goods arrived, the consultoria did not happen yet: the customer's order is not "Entregue".
  await openPage(page, `/cliente?order=${orderId}`);
  const tracking = page.getByRole("region", { name: "Acompanhar a entrega" });
  await expect(tracking).toContainText("A realizar");
  const history = page.getByRole("region", { name: "Histórico do pedido" });
  await expect(history).toContainText("Produtos entregues");
  await expect(history.getByText("Entregue", { exact: true })).toHaveCount(0);

  await parts.getByRole("button", { name: /Marcar como realizada/ }).click();
  await expect(parts.getByText(/: realizada\.$/)).toBeVisible();
  // The customer's open page shows it by itself.
  await expect(tracking).toContainText("Realizado");
  await expect(history.getByText("Entregue", { exact: true })).toBeVisible();
  await adminContext.close();
});
