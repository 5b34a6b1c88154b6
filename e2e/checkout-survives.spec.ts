// Issue 28 items 8 and 9 on a phone (390 × 844): the checkout keeps what was typed through a reload
// (never the CPF in clear), shows what is being bought at every step, and "Comprar" goes to it;
// the 18+ gate meets a visitor on the first page they open, and refusing it blocks the cart.
import type { Page } from "@playwright/test";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { expect, openPage, settle, test, waitForHydration } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { acceptGate, fromTheShop, signedInCustomer } from "./shop-steps.ts";

const PASSWORD = "compra-que-sobrevive-42";
const KIT = productUuid(4); // a liquid-culture kit: shipped, R$ 89,90
const KIT_PAGE = "/produto/cultura-liquida-golden-teacher";
const CPF = "529.982.247-25";

test.use({ viewport: { width: 390, height: 844 } });

const gate = (page: Page) => page.getByRole("dialog", { name: "Termos de uso e verificação de idade" });
const summary = (page: Page) => page.getByTestId("resumo-do-pedido");

/** Everything this page's origin keeps in localStorage, as one text. */
const storedText = (page: Page) => page.evaluate(() => Object.entries(localStorage).flat().join("\n"));

test.describe("the checkout survives", () => {
  test("a reload mid-checkout keeps the address, the contact and the step; the CPF is asked again and never stored", async ({ page }) => {
    test.setTimeout(90_000);
    await signedInCustomer(page, uniqueEmail("recarrega"), PASSWORD);
    const added = await page.request.post("/api/cart/items", { data: { productId: KIT, quantity: 1 }, headers: fromTheShop });
    expect(added.status(), await added.text()).toBe(201);

    await openPage(page, "/checkout");
    const form = page.getByRole("form", { name: "Finalizar compra" });
    // What is being bought, and the total, on the address step already.
    await expect(summary(page)).toContainText("1 item");
    await expect(summary(page).getByTestId("resumo-total")).toHaveText("R$ 89,90");

    await form.getByLabel("CEP").fill("01310-100");
    await form.getByLabel("Nome de quem recebe").fill("Rita Recarga");
    await form.getByLabel("CPF").fill(CPF);
    await form.getByLabel("Telefone").fill("(11) 91234-5678");
    await form.getByLabel("Rua").fill("Avenida Paulista");
    await form.getByLabel("Número").fill("1500");
    await form.getByLabel("Bairro").fill("Bela Vista");
    await form.getByLabel("Cidade").fill("São Paulo");
    await form.getByLabel("UF").selectOption("SP");
    await form.getByRole("button", { name: "Continuar para o envio" }).click();
    await expect(form.getByRole("heading", { name: "Envio" })).toBeFocused();
    await form.getByRole("radio", { name: /SEDEX/ }).check();
    // The summary follows the freight chosen.
    await expect(summary(page).getByTestId("resumo-total")).not.toHaveText("R$ 89,90");

    // The phone drops the tab while the bank app is open.
    await page.reload();
    await waitForHydration(page);
    await settle(page);

    // Back with everything but the CPF, on the address step, told why.
    await expect(form.getByText(/o CPF não fica guardado neste aparelho/)).toBeVisible();
    await expect(form.getByLabel("Nome de quem recebe")).toHaveValue("Rita Recarga");
    await expect(form.getByLabel("Telefone")).toHaveValue("(11) 91234-5678");
    await expect(form.getByLabel("Rua")).toHaveValue("Avenida Paulista");
    await expect(form.getByLabel("Número")).toHaveValue("1500");
    await expect(form.getByLabel("CEP")).toHaveValue("01310-100");
    await expect(form.getByLabel("CPF")).toHaveValue("");
    const stored = await storedText(page);
    expect(stored).toContain("Rita Recarga");
    expect(stored).not.toContain(CPF);
    expect(stored).not.toContain(CPF.replace(/\D/g, ""));

    await form.getByLabel("CPF").fill(CPF);
    await form.getByRole("button", { name: "Continuar para o envio" }).click();
    // The shipping chosen before the reload is still chosen.
    await expect(form.getByRole("radio", { name: /SEDEX/ })).toBeChecked();
    await form.getByRole("button", { name: "Continuar para o pagamento" }).click();
    await expect(form.getByText(`Rita Recarga · CPF ${CPF}`)).toBeVisible();
    // The review shows every line itself (the one presenter's), so the compact summary steps aside.
    await expect(page.getByTestId("checkout-total")).toBeVisible();
    await expect(summary(page)).toHaveCount(0);
    // The CPF typed again is not kept either.
    expect(await storedText(page)).not.toContain(CPF.replace(/\D/g, ""));

    await form.getByLabel(/Declaro que tenho 18 anos ou mais/).check();
    await form.getByLabel(/Li e aceito os/).check();
    await form.getByRole("button", { name: "Fazer pedido e pagar com Pix" }).click();
    await expect(page).toHaveURL(/\/success\?order=/);
    // The order has the address: nothing typed stays in the browser.
    expect(await storedText(page)).not.toContain("Rita Recarga");
  });

  test("'Comprar' in the phone's buy bar adds the item and opens the checkout with it; the summary opens to the items", async ({
    page,
  }) => {
    await signedInCustomer(page, uniqueEmail("comprar"), PASSWORD);
    await openPage(page, KIT_PAGE);
    const bar = page.locator("[data-buy-bar]");
    await expect(bar).toBeVisible();
    await bar.getByRole("button", { name: "Comprar" }).click();
    await expect(page).toHaveURL("/checkout");
    await waitForHydration(page);
    await expect(summary(page)).toContainText("1 item");
    await summary(page).getByText("Resumo do pedido").click();
    await expect(summary(page).getByRole("listitem")).toContainText(["Cultura Líquida Golden Teacher · 1 un."]);
    // "Adicionar ao carrinho" stays an add that keeps the customer on the page.
    await openPage(page, KIT_PAGE);
    await page.getByRole("region", { name: "Compra" }).getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expect(page.getByText("Adicionado ao carrinho")).toBeVisible();
    await expect(page).toHaveURL(KIT_PAGE);
  });

  test("a digital item and a service show no quantity stepper", async ({ page }) => {
    for (const path of ["/produto/ebook-cultivo-avancado", "/produto/consultoria-cultivo"]) {
      await openPage(page, path);
      const box = page.getByRole("region", { name: "Compra" });
      await expect(box.getByText("1 unidade por pedido")).toBeVisible();
      await expect(box.getByRole("spinbutton")).toHaveCount(0);
      await expect(box.getByRole("button", { name: /Aumentar/ })).toHaveCount(0);
    }
  });
});

test.describe("adults only, everywhere", () => {
  test.use({ gateAccepted: false });

  test("a shared product link, opened first, meets the gate; accepted, the next pages do not ask again", async ({ page }) => {
    await openPage(page, KIT_PAGE);
    await expect(gate(page)).toBeVisible();
    // Modal: the page behind cannot be used until the visitor answers.
    await expect.poll(() => gate(page).evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
    await acceptGate(page);
    await expect(page.getByRole("region", { name: "Compra" })).toBeVisible();
    for (const path of ["/cart", "/busca?q=kit", "/"]) {
      await openPage(page, path);
      await settle(page);
      await expect(gate(page)).toHaveCount(0);
    }
  });

  test("refusing blocks the cart and the checkout on the server, and the shop says why", async ({ page }) => {
    await openPage(page, KIT_PAGE);
    await gate(page).getByRole("button", { name: "Não Concordo" }).click();
    await expect(page).toHaveURL("/restricao-idade");
    await expect(page.getByText(/o carrinho e as compras ficam bloqueados neste navegador/)).toBeVisible();

    // Someone gets past the gate in the browser (it is only a page script): the server still says no.
    await page.evaluate(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
    await openPage(page, KIT_PAGE);
    await expect(gate(page)).toHaveCount(0);
    await page.getByRole("region", { name: "Compra" }).getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expect(page.getByText("Não foi possível adicionar ao carrinho")).toBeVisible();
    await expect(page.getByText(/Compras bloqueadas: neste navegador você não confirmou ter 18 anos/)).toBeVisible();
    const cart = await page.request.get("/api/cart");
    expect(((await cart.json()) as { items: unknown[] }).items).toEqual([]);

    const checkout = await openPage(page, "/checkout");
    expect(checkout?.status()).toBe(403);
    await expect(page.getByText(/Compras bloqueadas/)).toBeVisible();
  });

  test("the gate's answer, given before the account existed, joins the account signed up on this browser: its data export lists it", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openPage(page, KIT_PAGE);
    await acceptGate(page);
    const browserId = await page.evaluate(() => localStorage.getItem("consent_browser_id"));
    expect(browserId).toMatch(/^[0-9a-f-]{36}$/);

    const email = uniqueEmail("adesao");
    await openPage(page, "/auth");
    await page.getByRole("tab", { name: "Criar conta" }).click();
    const signUp = page.getByRole("form", { name: "Criar conta" });
    await signUp.getByLabel("Nome").fill("Ana Adesão");
    await signUp.getByLabel("E-mail").fill(email);
    await signUp.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await signUp.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByText("Confira seu e-mail")).toBeVisible();
    // The e-mailed link confirms the address and signs in: no password sign-in on the way.
    const confirmation = await waitForMail(email, (mail) => mail.subject === "Confirme seu e-mail na Loja Micologia");
    await openPage(page, linkIn(confirmation, "/api/auth/verify-email"));
    await expect(page).toHaveURL(/\/auth\?verificado=1$/);

    type Exported = { consent: Array<{ purpose: string; granted: boolean; browserId: string | null }> };
    await expect
      .poll(async () => ((await (await page.request.get("/api/account/export")).json()) as Exported).consent)
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ purpose: "age", granted: true, browserId }),
          expect.objectContaining({ purpose: "terms", granted: true, browserId }),
        ]),
      );
  });
});
