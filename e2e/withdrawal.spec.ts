// docs/requirements.md "Orders" (CDC art. 49): from payment until 7 days after delivery the customer withdraws
// from the panel's order view; the request shows in the history and the button gives way to its date.
import { expect, openPage, test } from "./fixtures.ts";
import { uniqueEmail, waitForMail } from "./mail.ts";
import { deliveredCourseOrder, paidKitOrder, signedInAdmin, signedInCustomer } from "./shop-steps.ts";

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

test("on a 390 px phone, with the keyboard only, a customer withdraws a paid order before shipping and is told at once", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail("desistencia");
  await signedInCustomer(page, email, PASSWORD);
  const adminContext = await browser.newContext({ locale: "pt-BR" });
  const admin = await adminContext.newPage();
  await signedInAdmin(admin, PASSWORD);
  const { orderId, number } = await paidKitOrder(page, admin);

  await openPage(page, `/cliente?order=${orderId}`);
  const section = page.getByRole("region", { name: "Desistência" });
  await expect(section).toContainText(
    /ele é cancelado na hora e o reembolso de R\$\s[\d.,]+, frete incluído, é enviado para o Pix usado no pagamento\./,
  );
  // Keyboard only: reach the button with Tab, open the form, write the reason, confirm.
  const opener = section.getByRole("button", { name: "Desistir da compra" });
  for (let presses = 0; presses < 60 && !(await opener.evaluate((button) => button === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(opener).toBeFocused();
  await page.keyboard.press("Enter");
  const reason = page.getByLabel("Motivo (opcional)");
  await expect(reason).toBeFocused();
  await page.keyboard.type("Comprei por engano");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Confirmar desistência" })).toBeFocused();
  await page.keyboard.press("Enter");

  const today = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "America/Sao_Paulo" }).format(new Date());
  const confirmation = page
    .getByRole("status")
    .filter({ hasText: `Desistência registrada em ${today}. O pedido foi cancelado e o reembolso de` });
  await expect(confirmation).toBeFocused();
  // The money still has to be sent (a static Pix goes back by hand): in progress, never "refunded" yet (decision 044).
  await expect(confirmation).toContainText(/frete incluído, está em andamento\./);
  await expect(page.getByRole("button", { name: "Desistir da compra" })).toHaveCount(0);
  const history = page.getByRole("region", { name: "Histórico do pedido" });
  await expect(history.getByText("Desistência da compra pelo cliente, antes do envio. Motivo: Comprei por engano")).toBeVisible();
  await expect(page.getByText(/^Reembolso em andamento desde .+: R\$\s[\d.,]+, frete de R\$\s[\d.,]+ incluído\.$/)).toBeVisible();
  // Nothing sticks out sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Told at once: the in-panel notification and its e-mail.
  const title = `Pedido #${number}: desistência confirmada`;
  await openPage(page, "/cliente?aba=notificacoes");
  await expect(page.getByText(title).first()).toBeVisible();
  const mail = await waitForMail(email, (m) => m.subject.startsWith(title));
  expect(mail.text).toContain("frete incluído, está em andamento: avisamos quando ele for enviado para o Pix usado no pagamento.");
  await adminContext.close();
});
