// PRODUCT.md "Orders" (CDC art. 49): within 7 days of delivery the customer asks to withdraw from
// the panel's order view; the request shows in the history and the button gives way to its date.
import { expect, openPage, test } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { deliveredCourseOrder, signedInAdmin, signedInCustomer } from "./shop-steps.ts";

const PASSWORD = "devolucao-de-teste-42";

test("a customer asks to withdraw a delivered order from the panel and sees the request", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signedInCustomer(page, uniqueEmail("devolucao"), PASSWORD);
  const adminContext = await browser.newContext({ locale: "pt-BR" });
  const admin = await adminContext.newPage();
  await signedInAdmin(admin, PASSWORD);
  const orderId = await deliveredCourseOrder(page, admin);

  await openPage(page, `/cliente?order=${orderId}`);
  await page.getByRole("button", { name: "Solicitar devolução" }).click();
  const unopened = page.getByRole("checkbox", { name: "Os produtos estão lacrados, na embalagem original" });
  await expect(unopened).toBeFocused();
  await page.getByRole("button", { name: "Enviar pedido de devolução" }).click();
  await expect(unopened).toHaveAccessibleDescription("Confirme que os produtos estão lacrados, na embalagem original.");
  await unopened.check();
  await page.getByLabel("Motivo (opcional)").fill("Comprei o curso errado");
  await page.getByRole("button", { name: "Enviar pedido de devolução" }).click();

  const today = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "America/Sao_Paulo" }).format(new Date());
  await expect(page.getByRole("status").filter({ hasText: `Devolução solicitada em ${today}.` })).toBeFocused();
  await expect(page.getByRole("button", { name: "Solicitar devolução" })).toHaveCount(0);
  const history = page.getByRole("region", { name: "Histórico do pedido" });
  await expect(history.getByText("Devolução solicitada pelo cliente. Motivo: Comprei o curso errado")).toBeVisible();

  // The admin's order view shows the same request in its history.
  await openPage(admin, `/admin?order=${orderId}`);
  await expect(
    admin
      .getByRole("region", { name: "Histórico do pedido" })
      .getByText("Devolução solicitada pelo cliente. Motivo: Comprei o curso errado"),
  ).toBeVisible();
  await adminContext.close();
});
