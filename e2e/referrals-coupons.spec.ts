// Issue 19 items 1 and 3 on a phone: a friend signs up through a referral link and pays (the admin
// confirms the Pix), the referrer sees the credit and spends it at checkout; a coupon the admin
// creates is refused when mistyped and applied at checkout. axe checks each new screen.
import type { Browser, Page } from "@playwright/test";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { expectAccessible } from "./axe-checks.ts";
import { expect, openPage, test, waitForHydration } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { fromTheShop, signedInAdmin, signedInCustomer } from "./shop-steps.ts";

const PASSWORD = "indicacao-de-teste-42";
const PHONE = { width: 390, height: 844 };
const COURSE = productUuid(201); // R$ 297,00, nothing to ship

test.use({ viewport: PHONE });

/** Another person on another phone, the age gate already accepted. */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "pt-BR", viewport: PHONE });
  await context.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  return context.newPage();
}

async function addCourse(page: Page) {
  const added = await page.request.post("/api/cart/items", { data: { productId: COURSE, quantity: 1 }, headers: fromTheShop });
  expect(added.status(), await added.text()).toBe(201);
}

/** The review step's confirmations and the button; the success page with its Pix. */
async function placeFromCheckout(page: Page) {
  const form = page.getByRole("form", { name: "Finalizar compra" });
  await form.getByLabel(/Declaro que tenho 18 anos ou mais/).check();
  await form.getByLabel(/Li e aceito os/).check();
  await form.getByRole("button", { name: "Fazer pedido e pagar com Pix" }).click();
  await expect(page).toHaveURL(/\/success\?order=/);
  await expect(page.getByRole("img", { name: "QR Code do Pix" })).toBeVisible();
  return new URL(page.url()).searchParams.get("order")!;
}

test("a friend signs up through the link and pays; the referrer sees the credit and spends it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const referrer = await phone(browser);
  await signedInCustomer(referrer, uniqueEmail("indica"), PASSWORD);
  await openPage(referrer, "/cliente?aba=indicacoes");
  await expect(referrer.getByText("Ninguém se cadastrou pelo seu link ainda.")).toBeVisible();
  const link = new URL(await referrer.getByLabel("Seu link de indicação").inputValue());

  // The friend opens the link on their phone, and signs up later in the visit.
  await openPage(page, link.pathname + link.search);
  await openPage(page, "/auth");
  await page.getByRole("tab", { name: "Criar conta" }).click();
  const email = uniqueEmail("amiga");
  const signUp = page.getByRole("form", { name: "Criar conta" });
  await signUp.getByLabel("Nome").fill("Ana Souza");
  await signUp.getByLabel("E-mail").fill(email);
  await signUp.getByLabel("Senha").fill(PASSWORD);
  await signUp.getByRole("button", { name: "Criar conta" }).click();
  const confirmation = await waitForMail(email, (mail) => mail.subject.startsWith("Confirme"));
  await openPage(page, linkIn(confirmation, "/api/auth/verify-email"));

  // The friend buys; the admin confirms the Pix as every day.
  await addCourse(page);
  const placed = await page.request.post("/api/checkout/orders", {
    data: { idempotencyKey: crypto.randomUUID(), confirmAdult: true, acceptTerms: true },
    headers: fromTheShop,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  const admin = await phone(browser);
  await signedInAdmin(admin, PASSWORD);
  await openPage(admin, `/admin?order=${orderId}`);
  await waitForHydration(admin);
  await admin.getByRole("button", { name: "Confirmar pagamento" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Pagamento confirmado." })).toBeVisible();

  // The referrer's panel: the credit, the friend by first name, the ledger.
  await openPage(referrer, "/cliente?aba=indicacoes");
  await expect(referrer.getByTestId("total-credits")).toHaveText("R$ 10,00");
  await expect(referrer.getByTestId("referred-people")).toContainText("Ana");
  await expect(referrer.getByTestId("referred-people")).not.toContainText("Souza");
  await expect(referrer.getByTestId("credit-ledger")).toContainText("Indicação com primeiro pedido pago");
  await expect(referrer.getByTestId("credit-ledger")).toContainText("+R$ 10,00");
  await expectAccessible(referrer, "/cliente?aba=indicacoes (com indicada e extrato, celular)");

  // …and spends it: the course costs R$ 297,00, the Pix R$ 287,00.
  await addCourse(referrer);
  await openPage(referrer, "/checkout");
  const form = referrer.getByRole("form", { name: "Finalizar compra" });
  await form.getByLabel("Usar meu crédito (R$ 10,00)").check();
  await expect(form.getByTestId("money-lines")).toContainText("Crédito de indicação");
  await expect(form.getByTestId("checkout-total")).toHaveText("R$ 287,00");
  await expectAccessible(referrer, "/checkout com crédito (celular)");
  const spentOn = await placeFromCheckout(referrer);
  await expect(referrer.getByLabel("Pix copia e cola")).toHaveValue(/5406287\.00/);
  await openPage(referrer, `/cliente?order=${spentOn}`);
  await expect(referrer.getByText("Crédito de indicação")).toBeVisible();
  await openPage(referrer, "/cliente?aba=indicacoes");
  await expect(referrer.getByTestId("total-credits")).toHaveText("R$ 0,00");
  await expect(referrer.getByTestId("credit-ledger")).toContainText("−R$ 10,00");
  await referrer.context().close();
  await admin.context().close();
});

test("the admin creates a coupon; a customer mistypes it, then applies it at checkout", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const code = `DEZ${Date.now().toString(36).toUpperCase()}`;
  const admin = await phone(browser);
  await signedInAdmin(admin, PASSWORD);
  await openPage(admin, "/admin?secao=cupons");
  const create = admin.getByRole("form", { name: "Novo cupom" });
  await create.getByLabel("Código").fill(code.toLowerCase());
  await create.getByLabel("Desconto (%)").fill("10");
  await create.getByRole("button", { name: "Criar cupom" }).click();
  await expect(create.getByText(`Cupom ${code} criado.`)).toBeVisible();
  await expect(admin.getByRole("list", { name: "Cupons criados" })).toContainText("10% nos produtos");
  await expectAccessible(admin, "/admin?secao=cupons (com um cupom, celular)");

  await signedInCustomer(page, uniqueEmail("cupom"), PASSWORD);
  await addCourse(page);
  await openPage(page, "/checkout");
  const form = page.getByRole("form", { name: "Finalizar compra" });
  const field = form.getByLabel("Cupom de desconto");
  await field.fill("naoexiste");
  await field.press("Enter"); // checks the coupon; never places the order
  await expect(field).toHaveAccessibleDescription("Cupom NAOEXISTE não encontrado. Confira o código.");
  await expect(page).toHaveURL(/\/checkout/);
  await expectAccessible(page, "/checkout com cupom recusado (celular)");
  await field.fill(code.toLowerCase());
  await form.getByRole("button", { name: "Aplicar" }).click();
  await expect(field).toHaveAccessibleDescription(`Cupom ${code} aplicado.`);
  await expect(form.getByTestId("money-lines")).toContainText(`Cupom ${code} (10%)`);
  await expect(form.getByTestId("money-lines")).toContainText("−R$ 29,70");
  await expect(form.getByTestId("checkout-total")).toHaveText("R$ 267,30");
  await expectAccessible(page, "/checkout com cupom aplicado (celular)");
  const orderId = await placeFromCheckout(page);
  await expect(page.getByLabel("Pix copia e cola")).toHaveValue(/5406267\.30/);
  await openPage(page, `/cliente?order=${orderId}`);
  await expect(page.getByText(`Cupom ${code} (10%)`)).toBeVisible();

  // The admin's order page shows the same line; the list counts the use.
  await openPage(admin, `/admin?order=${orderId}`);
  await expect(admin.getByText(`Cupom ${code} (10%)`)).toBeVisible();
  await openPage(admin, "/admin?secao=cupons");
  await expect(admin.getByRole("list", { name: "Cupons criados" })).toContainText("1 uso(s)");
  await admin.getByRole("button", { name: `Desativar ${code}` }).click();
  await expect(admin.getByRole("list", { name: "Cupons criados" })).toContainText("desativado");
  await admin.context().close();
});
