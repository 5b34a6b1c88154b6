// Issue 30 items 5 and 6 on a 390 px phone: the owner posts a paid kit with its code (the table
// provider), the customer's order page shows the tracking link and the carrier's timeline, and it
// turns "Entregue" by itself, without a reload, when the owner says the goods arrived.
import { expect, openPage, test } from "./fixtures.ts";
import { expectAccessible } from "./axe-checks.ts";
import { uniqueEmail, waitForMail } from "./mail.ts";
import { fromTheShop, paidKitOrder, signedInAdmin, signedInCustomer } from "./shop-steps.ts";

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
