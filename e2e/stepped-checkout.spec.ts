// Issue 20 item 3 on a phone (390 × 844): the checkout one step at a time with its progress, the
// cart's CEP and shipping carried into it, CPF and phone masks (typed and pasted), the CPF saved by
// the first order and shown masked on the second, and an empty cart that says so, visitors included.
import type { Locator, Page } from "@playwright/test";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { checkScreen, expectAccessible } from "./axe-checks.ts";
import { expect, openPage, test, waitForHydration } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { fromTheShop, signedInCustomer } from "./shop-steps.ts";

const PASSWORD = "passos-da-compra-42";
const KIT = productUuid(4); // a liquid-culture kit: shipped

test.use({ viewport: { width: 390, height: 844 } });

const progress = (page: Page) => page.getByRole("navigation", { name: "Etapas da compra" });
const currentStep = (page: Page) => progress(page).locator('[aria-current="step"]');

async function addKit(page: Page) {
  const added = await page.request.post("/api/cart/items", { data: { productId: KIT, quantity: 1 }, headers: fromTheShop });
  expect(added.status(), await added.text()).toBe(201);
}

/** The two confirmations and the order; lands on the Pix page. */
async function placeOrder(page: Page, form: Locator) {
  await form.getByLabel(/Declaro que tenho 18 anos ou mais/).check();
  await form.getByLabel(/Li e aceito os/).check();
  await form.getByRole("button", { name: "Fazer pedido e pagar com Pix" }).click();
  await expect(page).toHaveURL(/\/success\?order=/);
  await expect(page.getByRole("heading", { level: 1, name: /Pedido #\d+ recebido/ })).toBeVisible();
}

test("a customer checks out step by step on a phone, with masks; the next purchase shows the saved CPF masked", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInCustomer(page, uniqueEmail("passos"), PASSWORD);
  await addKit(page);
  // The cart's shipping box: CEP and SEDEX chosen there (saved on the server's cart).
  const chosen = await page.request.put("/api/cart/shipping", { data: { cep: "01310100", method: "sedex" }, headers: fromTheShop });
  expect(chosen.status(), await chosen.text()).toBe(200);

  await openPage(page, "/checkout");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Finalizar compra" });
  await expect(currentStep(page)).toContainText("Endereço");
  await expect(progress(page).getByRole("listitem")).toHaveText(["✓Identificação (concluída)", "2Endereço", "3Envio", "4Pagamento"]);
  // The CEP chosen in the cart is carried over.
  await expect(form.getByLabel("CEP")).toHaveValue("01310-100");
  await expectAccessible(page, "/checkout em etapas: endereço (celular)");

  // Masks: digits typed one by one get their punctuation.
  const cpf = form.getByLabel("CPF");
  await cpf.pressSequentially("5299822");
  await expect(cpf).toHaveValue("529.982.2");
  await cpf.pressSequentially("4725");
  await expect(cpf).toHaveValue("529.982.247-25");
  const phone = form.getByLabel("Telefone");
  await phone.pressSequentially("11912345678");
  await expect(phone).toHaveValue("(11) 91234-5678");
  // A formatted CPF pasted (from the clipboard, with spaces around) is taken whole, not cut.
  await cpf.fill("");
  await page.evaluate(() => navigator.clipboard.writeText(" 111.444.777-35 "));
  await cpf.focus();
  await page.keyboard.press("ControlOrMeta+V");
  await expect(cpf).toHaveValue("111.444.777-35");

  await form.getByLabel("Nome de quem recebe").fill("Joana Passos");
  await form.getByLabel("Rua").fill("Avenida Paulista");
  await form.getByLabel("Número").fill("1000");
  await form.getByLabel("Bairro").fill("Bela Vista");
  await form.getByLabel("Cidade").fill("São Paulo");
  await form.getByLabel("UF").selectOption("SP");
  await form.getByRole("button", { name: "Continuar para o envio" }).click();

  // Shipping: the heading takes focus, the cart's SEDEX is already chosen.
  await expect(form.getByRole("heading", { name: "Envio" })).toBeFocused();
  await expect(currentStep(page)).toContainText("Envio");
  await expect(form.getByRole("radio", { name: /SEDEX/ })).toBeChecked();
  await expectAccessible(page, "/checkout em etapas: envio (celular)");
  await form.getByRole("button", { name: "Continuar para o pagamento" }).click();

  await expect(form.getByRole("heading", { name: "Revisão e pagamento" })).toBeFocused();
  await expect(currentStep(page)).toContainText("Pagamento");
  await expect(form.getByText("Joana Passos · CPF 111.444.777-35")).toBeVisible();
  await expectAccessible(page, "/checkout em etapas: revisão (celular)");
  await placeOrder(page, form);

  // The second purchase: the address saved by the first, the CPF shown masked and not asked again.
  await addKit(page);
  await openPage(page, "/checkout");
  await waitForHydration(page);
  await expect(form.getByTestId("cpf-salvo")).toHaveText("***.444.777-**");
  await expect(form.getByLabel("CPF")).toHaveCount(0);
  await expect(page.getByText("111.444.777-35")).toHaveCount(0);
  await expectAccessible(page, "/checkout com o CPF salvo (celular)");
  // A way to change it, and back.
  await form.getByRole("button", { name: "Alterar CPF" }).click();
  await expect(form.getByLabel("CPF")).toBeFocused();
  await form.getByRole("button", { name: "Usar o CPF salvo" }).click();
  await expect(form.getByRole("button", { name: "Alterar CPF" })).toBeFocused();

  await form.getByRole("button", { name: "Continuar para o envio" }).click();
  await expect(form.getByRole("heading", { name: "Envio" })).toBeFocused();
  await form.getByRole("button", { name: "Continuar para o pagamento" }).click();
  await expect(form.getByText("Joana Passos · CPF ***.444.777-**")).toBeVisible();
  await placeOrder(page, form);
});

test("an empty cart says so and links back to the shop, for a visitor too (not a sign-up form)", async ({ page }) => {
  const response = await openPage(page, "/checkout");
  expect(response?.status()).toBe(409);
  await expect(page.getByRole("heading", { level: 1, name: "Finalizar compra" })).toBeVisible();
  await expect(page.getByText("Seu carrinho está vazio.", { exact: true })).toBeVisible();
  await expect(page.getByRole("form", { name: "Criar conta" })).toHaveCount(0);
  await checkScreen(page, "/checkout", "/checkout com o carrinho vazio (visitante, celular)");
  await page.getByRole("link", { name: "Ver produtos" }).click();
  await expect(page).toHaveURL("/");
});

test("a visitor with a cart sees the identification step with the progress", async ({ page }) => {
  await addKit(page);
  await openPage(page, "/checkout");
  await expect(currentStep(page)).toContainText("Identificação");
  await expect(page.getByRole("form", { name: "Criar conta" })).toBeVisible();
  await expectAccessible(page, "/checkout identificação com progresso (visitante, celular)");
});
