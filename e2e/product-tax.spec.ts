// Issue 30 item 3, on a phone: the owner types a product's tax data (from the accountant) in the
// product editor's "Dados fiscais" panel, with the keyboard. A wrong NCM is refused in Portuguese; the
// saved values come back after a reload, and the panel says the product is ready for its NF-e. A
// service asks for the NFS-e's service code instead.
import { signedInAdmin } from "./shop-steps.ts";
import { expect, openPage, test } from "./fixtures.ts";
import { expectAccessible } from "./axe-checks.ts";

const PASSWORD = "dono-das-notas-42";

test.use({ viewport: { width: 390, height: 844 } });

test("the owner fills a kit's NCM, CFOP and CSOSN on a phone, and a consultoria's service code", async ({ page }) => {
  test.setTimeout(60_000);
  await signedInAdmin(page, PASSWORD);

  await openPage(page, "/customizar-produto?produto=4");
  const panel = page.getByRole("region", { name: "Dados fiscais" });
  await expect(panel.getByRole("textbox", { name: "NCM" })).toBeVisible();
  await expect(panel).toContainText("vai na NF-e");

  await panel.getByRole("textbox", { name: "NCM" }).fill("0712");
  await panel.getByRole("textbox", { name: "CFOP" }).fill("5102");
  await panel.getByRole("combobox", { name: "Origem" }).selectOption("0");
  await panel.getByRole("textbox", { name: "CSOSN ou CST do ICMS" }).fill("102");
  // Enter in a field submits, as on a phone's keyboard.
  await panel.getByRole("textbox", { name: "CSOSN ou CST do ICMS" }).press("Enter");
  await expect(panel.getByRole("alert")).toContainText("NCM inválido: são 8 dígitos");
  await expectAccessible(page, "/customizar-produto?produto=4 (dados fiscais com erro)");

  await panel.getByRole("textbox", { name: "NCM" }).fill("0712.39.00");
  await panel.getByRole("button", { name: "Salvar dados fiscais" }).click();
  await expect(panel.getByRole("status").filter({ hasText: "Dados fiscais salvos" })).toBeVisible();

  await page.reload();
  const again = page.getByRole("region", { name: "Dados fiscais" });
  await expect(again.getByRole("textbox", { name: "NCM" })).toHaveValue("07123900");
  await expect(again.getByRole("status").filter({ hasText: "Pronto para a nota fiscal." })).toBeVisible();
  // The panel fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await openPage(page, "/customizar-produto?produto=101");
  const service = page.getByRole("region", { name: "Dados fiscais" });
  await expect(service).toContainText("vai na NFS-e Nacional");
  await expect(service.getByRole("status").filter({ hasText: "Falta para emitir a nota: código de tributação do serviço." })).toBeVisible();
  await service.getByRole("textbox", { name: "Código de tributação nacional (NFS-e)" }).fill("17.01.01");
  await service.getByRole("button", { name: "Salvar dados fiscais" }).click();
  await expect(service.getByRole("status").filter({ hasText: "Pronto para a nota fiscal." })).toBeVisible();
});
