// Issue 18 on the owner's phone (390 px): the maintenance panel shows the shop's health, and an
// admin adds a helper's e-mail as admin (the helper, already signed in, gets into the panel), then
// removes it (the helper is refused again). Maintenance mode's journey is maintenance-mode.spec.ts.
import { expect, openPage, test } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { signedInAdmin, signedInCustomer } from "./shop-steps.ts";
import { withShopDatabase } from "./shop-db.ts";

const PASSWORD = "painel-de-manutencao-42";
const PHONE = { width: 390, height: 844 };

test("on a phone, the panel shows the health; an admin adds a helper as admin and removes them again", async ({ page, browser }) => {
  await page.setViewportSize(PHONE);
  const adminEmail = await signedInAdmin(page, PASSWORD);
  await openPage(page, "/maintenance-panel");
  await expect(page.getByRole("heading", { level: 1, name: "Painel de manutenção" })).toBeVisible();
  const database = page.getByRole("article", { name: "Banco de dados" });
  await expect(database.getByText("OK")).toBeVisible();
  await expect(database.getByText("embutido (DATA_DIR)")).toBeVisible();
  await expect(page.getByRole("article", { name: "Tarefas" })).toBeVisible();
  await expect(page.getByRole("article", { name: "E-mail" }).getByText(/^SMTP/)).toBeVisible();

  // The helper has an account with a confirmed address, but is not an admin yet.
  const helperEmail = uniqueEmail("ajudante");
  const helperContext = await browser.newContext({ viewport: PHONE });
  const helper = await helperContext.newPage();
  await signedInCustomer(helper, helperEmail, PASSWORD);
  await withShopDatabase((client) => client.query("update users set email_verified = true where email = $1", [helperEmail]));
  expect((await helper.goto("/maintenance-panel"))?.status()).toBe(403);

  await page.getByRole("navigation", { name: "Seções do painel de manutenção" }).getByRole("link", { name: "Administradores" }).click();
  await expect(page).toHaveURL("/maintenance-panel/administradores");
  await expect(page.getByText(`${adminEmail} (você)`)).toBeVisible();
  // No button removes yourself.
  await expect(page.getByRole("button", { name: `Remover ${adminEmail}` })).toHaveCount(0);
  await page.getByRole("textbox", { name: "E-mail do novo administrador" }).fill(helperEmail);
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${helperEmail} agora é administrador.` })).toBeVisible();
  expect((await helper.goto("/maintenance-panel"))?.status()).toBe(200);
  await expect(helper.getByRole("heading", { level: 1, name: "Painel de manutenção" })).toBeVisible();

  await page.getByRole("button", { name: `Remover ${helperEmail}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${helperEmail} não é mais administrador.` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Remover ${helperEmail}` })).toHaveCount(0);
  expect((await helper.goto("/maintenance-panel"))?.status()).toBe(403);
  await helperContext.close();

  // Both changes are in the audit log, with who made them.
  await openPage(page, "/admin?secao=auditoria");
  await expect(page.getByText("Adicionou um administrador").first()).toBeVisible();
  await expect(page.getByText("Removeu um administrador").first()).toBeVisible();
});
