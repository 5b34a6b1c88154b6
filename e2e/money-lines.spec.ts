// Issue 28 item 7 on a phone: one order's money lines read the same on the cart, the checkout's
// review step, the customer's order page, the admin's order page and the order e-mail (one
// presenter, domain/pricing/money-lines.ts); and a second coupon asks before it replaces the first.
import type { Browser, Locator, Page } from "@playwright/test";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { expectAccessible } from "./axe-checks.ts";
import { expect, openPage, test, waitForHydration } from "./fixtures.ts";
import { uniqueEmail, waitForMail } from "./mail.ts";
import { fromTheShop, signedInAdmin, signedInCustomer } from "./shop-steps.ts";

const PASSWORD = "linhas-de-valores-42";
const PHONE = { width: 390, height: 844 };
const SAMPLE = productUuid(2); // dried, by the gram: 50 g in sachets carries packaging
const KIT = productUuid(4); // liquid-culture kit, by the unit
const COURSE = productUuid(201); // R$ 297,00, nothing to ship

test.use({ viewport: PHONE });

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "pt-BR", viewport: PHONE });
  await context.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  return context.newPage();
}

/** The money lines shown in `scope`, as "label: amount" in their order. */
async function moneyLinesIn(scope: Page | Locator): Promise<string[]> {
  const list = scope.getByTestId("money-lines");
  await expect(list).toBeVisible();
  return list
    .locator("[data-money-line]")
    .evaluateAll((rows) => rows.map((row) => `${row.querySelector("dt")!.textContent}: ${row.querySelector("dd")!.textContent}`));
}

async function addToCart(page: Page, body: Record<string, unknown>) {
  const added = await page.request.post("/api/cart/items", { data: body, headers: fromTheShop });
  expect(added.status(), await added.text()).toBe(201);
}

test("one order's money lines are the same on the cart, the review, both order pages and the e-mail", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("linhas");
  await signedInCustomer(page, email, PASSWORD);
  await addToCart(page, { productId: SAMPLE, quantity: 50, packaging: { enabled: true } });
  await addToCart(page, { productId: KIT, quantity: 1, packaging: { enabled: false } });

  // The cart, with the freight estimated by CEP.
  await openPage(page, "/cart");
  await page.getByLabel("CEP").fill("01310-100");
  await page.getByRole("button", { name: "Calcular" }).click();
  await page
    .getByRole("group", { name: /Entrega para/ })
    .getByRole("radio", { name: /PAC/ })
    .check();
  await expect(page.getByTestId("money-lines")).toContainText("Frete (PAC)");
  const cart = await moneyLinesIn(page);
  expect(cart.map((line) => line.split(":")[0])).toEqual(["Produtos", "Embalagens", "Frete (PAC)", "Total a pagar"]);

  // The checkout's review step.
  await openPage(page, "/checkout");
  const form = page.getByRole("form", { name: "Finalizar compra" });
  await form.getByLabel("Nome de quem recebe").fill("Maria Compradora");
  await form.getByLabel("CPF").fill("529.982.247-25");
  await form.getByLabel("Telefone").fill("(11) 91234-5678");
  await form.getByLabel("Rua").fill("Avenida Paulista");
  await form.getByLabel("Número").fill("1000");
  await form.getByLabel("Bairro").fill("Bela Vista");
  await form.getByLabel("Cidade").fill("São Paulo");
  await form.getByLabel("UF").selectOption("SP");
  await form.getByRole("button", { name: "Continuar para o envio" }).click();
  await form.getByRole("radio", { name: /PAC/ }).check();
  await form.getByRole("button", { name: "Continuar para o pagamento" }).click();
  expect(await moneyLinesIn(form)).toEqual(cart);

  await form.getByLabel(/Declaro que tenho 18 anos ou mais/).check();
  await form.getByLabel(/Li e aceito os/).check();
  await form.getByRole("button", { name: "Fazer pedido e pagar com Pix" }).click();
  await expect(page).toHaveURL(/\/success\?order=/);
  const orderId = new URL(page.url()).searchParams.get("order")!;

  // The customer's order page.
  await openPage(page, `/cliente?order=${orderId}`);
  expect(await moneyLinesIn(page)).toEqual(cart);

  // The admin's order page.
  const admin = await phone(browser);
  await signedInAdmin(admin, PASSWORD);
  await openPage(admin, `/admin?order=${orderId}`);
  expect(await moneyLinesIn(admin)).toEqual(cart);
  await admin.context().close();

  // The order e-mail: the same lines, one after the other.
  const mail = await waitForMail(email, (m) => m.subject.includes("recebido"));
  expect(mail.text.replaceAll("\r\n", "\n")).toContain(cart.join("\n"));
});

test("a second coupon asks before it replaces the first", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = await phone(browser);
  await signedInAdmin(admin, PASSWORD);
  const stamp = Date.now().toString(36).toUpperCase();
  const first = `DEZ${stamp}`;
  const second = `VINTE${stamp}`;
  for (const body of [
    { code: first, kind: "percent", value: 10 },
    { code: second, kind: "fixed", value: 20_00 },
  ]) {
    const created = await admin.request.post("/api/admin/coupons", { data: body, headers: fromTheShop });
    expect(created.status(), await created.text()).toBe(201);
  }
  await admin.context().close();

  await signedInCustomer(page, uniqueEmail("dois-cupons"), PASSWORD);
  await addToCart(page, { productId: COURSE, quantity: 1 });
  await openPage(page, "/checkout");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Finalizar compra" });
  const field = form.getByLabel("Cupom de desconto");
  const lines = form.getByTestId("money-lines");
  await field.fill(first.toLowerCase());
  await form.getByRole("button", { name: "Aplicar" }).click();
  await expect(field).toHaveAccessibleDescription(`Cupom ${first} aplicado.`);
  await expect(lines).toContainText(`Cupom ${first} (10%)`);

  // A second code: nothing is dropped until the customer answers.
  await field.fill(second.toLowerCase());
  await field.press("Enter");
  const question = form.getByRole("group", { name: `Substituir o cupom ${first} por ${second}?` });
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: "Substituir" })).toBeFocused();
  await expect(lines).toContainText(`Cupom ${first} (10%)`);
  await expect(lines).not.toContainText(second);
  await expectAccessible(page, "/checkout perguntando se substitui o cupom (celular)");

  // Keeping the first leaves it applied.
  await question.getByRole("button", { name: `Manter ${first}` }).click();
  await expect(question).toBeHidden();
  await expect(field).toHaveAccessibleDescription(`O cupom ${first} continua aplicado.`);
  await expect(form.getByTestId("checkout-total")).toHaveText("R$ 267,30");

  // Asked again and answered "Substituir": the second takes the first one's place.
  await field.fill(second);
  await form.getByRole("button", { name: "Aplicar" }).click();
  await question.getByRole("button", { name: "Substituir" }).click();
  await expect(field).toHaveAccessibleDescription(`Cupom ${second} aplicado.`);
  await expect(lines).toContainText(`Cupom ${second}`);
  await expect(lines).not.toContainText(first);
  await expect(form.getByTestId("checkout-total")).toHaveText("R$ 277,00");

  await form.getByLabel(/Declaro que tenho 18 anos ou mais/).check();
  await form.getByLabel(/Li e aceito os/).check();
  await form.getByRole("button", { name: "Fazer pedido e pagar com Pix" }).click();
  await expect(page).toHaveURL(/\/success\?order=/);
  const orderId = new URL(page.url()).searchParams.get("order")!;
  await openPage(page, `/cliente?order=${orderId}`);
  await expect(page.getByTestId("money-lines")).toContainText(`Cupom ${second}`);
  await expect(page.getByTestId("order-total")).toHaveText("R$ 277,00");
});
