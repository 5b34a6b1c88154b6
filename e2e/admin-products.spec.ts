// Issue 17 items 5 and 7 (decision 021), on a phone: the owner changes a kit's price and a sample's
// price table and a visitor sees the new prices on the product page and in a fresh cart; the owner
// edits a shipping price and sees it in a quote. These edits change what every other journey
// expects of the catalogue, so this file runs in its own project, after all the others
// (playwright.config.ts).
import type { Page } from "@playwright/test";
import { formatBRL } from "../domain/pricing/money.ts";
import { signedInAdmin } from "./shop-steps.ts";
import { expect, openPage, test } from "./fixtures.ts";

const PASSWORD = "dono-da-loja-42";
const PHONE = { width: 390, height: 844 };
/** "R$ 97,50" as Intl writes it (a no-break space after R$), for text matching. */
const money = (cents: number) => new RegExp(formatBRL(cents).replace(/\s/g, "\\s").replace("$", "\\$"));

test.use({ viewport: PHONE });

async function saved(page: Page, text: RegExp) {
  await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

test("the owner changes a kit's price and a sample's price table, then a shipping price; a visitor sees them all", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signedInAdmin(page, PASSWORD);

  // The kit: a new unit price, previewed before saving.
  await openPage(page, "/customizar-produto");
  await page.getByRole("link", { name: /Cultura Líquida Penis Envy Albino/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Editar Cultura Líquida Penis Envy Albino");
  await page.getByRole("textbox", { name: "Preço unitário (R$)" }).fill("97,50");
  await expect(page.getByTestId("previa-2")).toContainText(money(195_00));
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await saved(page, /Alterações salvas/);
  // The change is in the product's history, with who made it.
  await expect(page.getByRole("region", { name: "Histórico de alterações" }).getByRole("listitem").first()).toContainText(/preço.*@/s);

  // The sample: its own table; a larger quantity cheaper than a smaller one is refused as typed.
  await page.getByRole("link", { name: "Todos os produtos" }).click();
  await page.getByRole("link", { name: /Cogumelo Penis Envy Albino/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Editar Cogumelo Penis Envy Albino");
  await page.getByRole("checkbox", { name: "Usar a tabela padrão da loja" }).uncheck();
  await page.getByRole("textbox", { name: "10 g", exact: true }).fill("150,00");
  await page.getByRole("textbox", { name: "20 g", exact: true }).fill("140,00");
  await expect(page.getByRole("alert")).toContainText(/20 g \(R\$\s140,00\) não pode custar menos que 10 g \(R\$\s150,00\)/);
  await page.getByRole("textbox", { name: "20 g", exact: true }).fill("280,00");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("previa-10")).toContainText(money(150_00));
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await saved(page, /Alterações salvas/);

  // A visitor on another phone: the product pages and a fresh cart.
  const visitorContext = await browser.newContext({ locale: "pt-BR", viewport: PHONE });
  await visitorContext.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  const visitor = await visitorContext.newPage();
  try {
    const total = visitor.getByTestId("price-total");
    await openPage(visitor, "/produto/cultura-liquida-penis-envy-albino");
    await expect(total).toHaveText(money(97_50));
    await expect(total).toHaveAttribute("data-price-source", "server");
    await visitor.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expect(visitor.getByText("Adicionado ao carrinho")).toBeVisible();

    await openPage(visitor, "/produto/cogumelo-penis-envy-albino");
    await expect(total).toHaveText(money(40_00));
    await visitor.getByRole("button", { name: "10 g", exact: true }).click();
    await expect(total).toHaveText(money(150_00));
    await expect(total).toHaveAttribute("data-price-source", "server");
    await visitor.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expect(visitor.getByText("Adicionado ao carrinho").first()).toBeVisible();

    await openPage(visitor, "/cart");
    const lines = visitor.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: "Cultura Líquida Penis Envy Albino" })).toContainText(money(97_50));
    await expect(lines.filter({ hasText: "Cogumelo Penis Envy Albino" })).toContainText(money(150_00));
    await expect(visitor.getByTestId("cart-total")).toHaveText(money(247_50));

    // The shipping table: São Paulo's PAC, saved, then in the editor's quote and the visitor's cart.
    await page.getByRole("link", { name: "Todos os produtos" }).click();
    await page.getByRole("link", { name: "Tabela de frete" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tabela de frete");
    await page.getByRole("group", { name: "PAC · SP" }).getByRole("textbox", { name: "Preço PAC (R$)" }).fill("24,90");
    await page.getByRole("button", { name: "Salvar tabela de frete" }).click();
    await saved(page, /Tabela de frete salva/);
    await expect(page.getByRole("region", { name: "Histórico de alterações" }).getByRole("listitem").first()).toContainText(
      "preços e prazos por região",
    );
    await page.getByRole("textbox", { name: "CEP a cotar" }).fill("01310-100");
    await page.getByRole("button", { name: "Cotar" }).click();
    await expect(page.getByRole("list", { name: /Cotação para/ })).toContainText(/PAC: R\$\s24,90, 5 dias úteis/);

    await visitor.getByLabel("CEP").fill("01310-100");
    await visitor.getByRole("button", { name: "Calcular" }).click();
    await expect(visitor.getByRole("group", { name: /Entrega para/ }).getByRole("radio", { name: /PAC/ })).toBeVisible();
    await expect(visitor.getByRole("group", { name: /Entrega para/ })).toContainText(money(24_90));
  } finally {
    await visitorContext.close();
  }
});
