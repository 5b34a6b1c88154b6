// Issue 28 items 1 and 2 on the owner's phone (390 px): from a fresh install, the owner fills the
// shop's settings and watches the go-live check turn green item by item, sends a test e-mail, and the
// next customer's Pix carries the owner's key. The settings go back to the environment's at the end,
// so the other journeys see the test environment's identity again.
import { expect, openPage, test } from "./fixtures.ts";
import { uniqueEmail, waitForMail } from "./mail.ts";
import { withShopDatabase } from "./shop-db.ts";
import { fromTheShop, placedCourseOrder, signedInAdmin, signedInCustomer } from "./shop-steps.ts";
import { E2E_SMTP_PORT } from "./test-env.ts";

const PASSWORD = "configuracoes-da-loja-42";
const PHONE = { width: 390, height: 844 };
const OWNER_KEY = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906";

test.afterAll(async () => {
  // Deleted and announced as the admin's save is (the shared-caches message), so the running shop
  // serves the environment's identity again at once.
  const announce = JSON.stringify({ topic: "shared-caches", type: "cache_invalidated", data: { name: "shop-settings" } });
  await withShopDatabase(async (client) => {
    await client.query("delete from shop_settings");
    await client.query("select pg_notify('shop_realtime', $1)", [announce]);
  });
});

test("on a phone, the owner fills the settings, the go-live check turns green item by item, and a Pix pays the owner's key", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  const adminEmail = await signedInAdmin(page, PASSWORD);
  await openPage(page, "/admin/configuracoes");
  await expect(page.getByRole("heading", { name: "Configurações da loja" })).toBeVisible();
  const item = (id: string) => page.locator(`[data-item="${id}"]`);
  await expect(item("pix_key")).toHaveAttribute("data-ok", "false");
  await expect(item("identity")).toHaveAttribute("data-ok", "false");

  // A wrong CNPJ is refused in Portuguese, and nothing is saved.
  const form = page.locator("form");
  await form.getByLabel("CNPJ").fill("11.222.333/0001-82");
  await form.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByRole("alert")).toContainText("CNPJ inválido");

  await form.getByLabel("Razão social").fill("Cogumelos da Serra Ltda.");
  await form.getByLabel("CNPJ").fill("11.222.333/0001-81");
  await form.getByLabel("Endereço completo").fill("Rua das Hortênsias, 45, Centro, Gramado - RS, 95670-000");
  await form.getByLabel("E-mail de contato").fill("contato@cogumelosdaserra.com.br");
  await form.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Configurações salvas" })).toBeVisible();
  await expect(item("identity")).toHaveAttribute("data-ok", "true");
  await expect(item("pix_key")).toHaveAttribute("data-ok", "false");

  await form.getByLabel("Chave Pix").fill(OWNER_KEY);
  await form.getByLabel("Nome de quem recebe").fill("Cogumelos da Serra");
  await form.getByLabel("Cidade de quem recebe").fill("Gramado");
  await form.getByLabel("WhatsApp de atendimento").fill("(54) 99876-5432");
  await form.getByLabel("Servidor SMTP").fill("127.0.0.1");
  await form.getByRole("textbox", { name: "Porta SMTP" }).fill(String(E2E_SMTP_PORT));
  await form.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Configurações salvas" })).toBeVisible();
  for (const id of ["identity", "pix_key", "whatsapp", "smtp"]) await expect(item(id)).toHaveAttribute("data-ok", "true");

  await form.getByRole("button", { name: "Enviar e-mail de teste" }).click();
  await expect(page.getByRole("status").filter({ hasText: `E-mail de teste enviado para ${adminEmail}` })).toBeVisible();
  await waitForMail(adminEmail, (mail) => mail.subject.includes("teste"));

  // HTTPS and a recent backup are still missing here: every admin page says the shop is not ready.
  await expect(item("https")).toHaveAttribute("data-ok", "false");
  await openPage(page, "/admin?secao=pedidos");
  await expect(page.getByText("A loja ainda não está pronta para abrir")).toBeVisible();
  await openPage(page, "/admin/configuracoes");
  await expect(item("smtp")).toHaveAttribute("data-ok", "true");

  // Nothing on the owner's screen is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The footer says who the shop is; the next Pix pays the owner's key.
  const customerContext = await browser.newContext({ viewport: PHONE });
  const customer = await customerContext.newPage();
  await signedInCustomer(customer, uniqueEmail("cliente-pix-dona"), PASSWORD);
  const orderId = await placedCourseOrder(customer);
  const order = await customer.request.get(`/api/orders/${orderId}`, { headers: fromTheShop });
  const code = ((await order.json()) as { pix: { code: string } }).pix.code;
  expect(code).toContain(OWNER_KEY);
  expect(code).not.toContain("pix@example.com");
  await openPage(customer, "/termos");
  await expect(customer.getByRole("contentinfo")).toContainText("11.222.333/0001-81");
  await customerContext.close();
});
