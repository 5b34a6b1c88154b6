// Issue 19 item 5 (decision 031) on a 390 px phone: an expired Pix paid again from the order page,
// and the abandoned-cart reminder turned on in the panel and off again from the e-mail's link,
// without signing in.
import { expectAccessible } from "./axe-checks.ts";
import { expect, openPage, test } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { withShopDatabase } from "./shop-db.ts";
import { fromTheShop, placedCourseOrder, signedInCustomer } from "./shop-steps.ts";
import { productUuid } from "../domain/catalog/product-slugs.ts";

const PASSWORD = "lembrete-de-teste-42";

test.use({ viewport: { width: 390, height: 844 } });

test("an order whose Pix expired is paid again from its page with a new Pix", async ({ page }) => {
  test.setTimeout(90_000);
  await signedInCustomer(page, uniqueEmail("novo-pix"), PASSWORD);
  const orderId = await placedCourseOrder(page);
  // The 30 minutes went by without a payment.
  await withShopDatabase((db) => db.query("update orders set pix_expires_at = now() - interval '1 minute' where id = $1", [orderId]));

  await openPage(page, `/cliente?order=${orderId}`);
  const expired = page.getByRole("region", { name: "O prazo do Pix terminou" });
  await expect(expired).toContainText("com os mesmos itens e preços");
  await expect(page.getByLabel("Pix copia e cola")).toHaveCount(0);
  await expectAccessible(page, "pedido com Pix vencido");

  await expired.getByRole("button", { name: "Gerar novo Pix" }).click();
  await expect(page.getByLabel("Pix copia e cola")).toHaveValue(/R2/);
  await expect(page.getByRole("timer")).toBeVisible();
  await expect(page.getByRole("region", { name: "O prazo do Pix terminou" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Histórico do pedido" }).getByText("Novo Pix gerado pelo cliente")).toBeVisible();
});

test("reminders turned on in the panel are turned off from the e-mail's link, without signing in", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("lembrete");
  await signedInCustomer(page, email, PASSWORD);
  const added = await page.request.post("/api/cart/items", { data: { productId: productUuid(4), quantity: 1 }, headers: fromTheShop });
  expect(added.status(), await added.text()).toBe(201);

  await openPage(page, "/cliente?aba=privacidade");
  const choice = page.getByRole("checkbox", { name: /Quero receber um lembrete por e-mail/ });
  await expect(choice).not.toBeChecked();
  await choice.check();
  await expect(page.getByRole("status").filter({ hasText: "você vai receber um lembrete" })).toBeVisible();

  // A day goes by; the reminder job runs (queued by hand instead of waiting for its schedule).
  await withShopDatabase(async (db) => {
    await db.query(
      `update cart_items set updated_at = now() - interval '25 hours', created_at = now() - interval '25 hours'
       where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = $1)`,
      [email],
    );
    await db.query("update carts set updated_at = now() - interval '25 hours' where user_id = (select id from users where email = $1)", [
      email,
    ]);
    await db.query("select graphile_worker.add_job('abandoned-cart-reminder')");
  });
  const reminder = await waitForMail(email, (mail) => mail.subject.includes("Seu carrinho"), 30_000);

  const stranger = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } });
  const mailClient = await stranger.newPage();
  await openPage(mailClient, new URL(linkIn(reminder, "/descadastrar")).pathname + new URL(linkIn(reminder, "/descadastrar")).search);
  await expect(mailClient.getByRole("heading", { level: 1, name: "Parar lembretes por e-mail" })).toBeVisible();
  await expectAccessible(mailClient, "descadastro de lembretes");
  await mailClient.getByRole("button", { name: "Não quero mais receber lembretes" }).click();
  await expect(mailClient.getByRole("status").filter({ hasText: "você não vai mais receber lembretes" })).toBeFocused();
  await stranger.close();

  await openPage(page, "/cliente?aba=privacidade");
  await expect(page.getByRole("checkbox", { name: /Quero receber um lembrete por e-mail/ })).not.toBeChecked();
});

test("a broken unsubscribe link says so and points to the panel", async ({ page }) => {
  await openPage(page, "/descadastrar?conta=alguem&assinatura=errada");
  await expect(page.getByRole("alert")).toContainText("não é válido");
  await expect(page.getByRole("main").getByRole("link", { name: "Privacidade" })).toHaveAttribute("href", "/cliente/privacidade");
  await expect(page.getByRole("button", { name: "Não quero mais receber lembretes" })).toHaveCount(0);
});
