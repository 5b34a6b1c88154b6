// Issue 28 item 4 (decisions 061 and 062), on a 390 px phone: the owner creates a digital product
// from scratch, adds a photo and the PDF, lists it, and a visitor finds it on the storefront. It adds
// a product to every list, so it runs with the owner's other edits (playwright.config.ts, OWNER_EDITS).
import type { Page } from "@playwright/test";
import { samplePhoto } from "../test/sample-images.ts";
import { expectAccessible } from "./axe-checks.ts";
import { expect, openPage, test } from "./fixtures.ts";
import { signedInAdmin } from "./shop-steps.ts";

const PASSWORD = "produto-novo-42";
const PHONE = { width: 390, height: 844 };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

test.use({ viewport: PHONE });

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test("the owner creates a digital product with a photo and its PDF on a phone, lists it, and a visitor sees it in the shop", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signedInAdmin(page, PASSWORD);
  await openPage(page, "/customizar-produto");
  await page.getByRole("link", { name: "Novo produto" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Novo produto");
  await noSidewaysScroll(page);

  // Sent without a price: the form says what is missing, in Portuguese.
  await page.getByRole("combobox", { name: "Categoria" }).selectOption({ label: "Aprender" });
  await page.getByRole("radio", { name: "Digital (arquivo para baixar)" }).check();
  await page.getByRole("textbox", { name: "Nome" }).fill("E-book Substratos Caseiros");
  await page.getByRole("textbox", { name: "Descrição" }).fill("Guia em PDF sobre o preparo de substratos, para maiores de 18 anos.");
  await page.getByRole("button", { name: "Criar produto" }).click();
  await expect(page.getByRole("alert")).toContainText("Confira os campos marcados");
  await expect(page.getByText("Informe um preço em reais maior que zero")).toBeVisible();
  await expectAccessible(page, "/customizar-produto?novo (erro, celular)");

  await page.getByRole("textbox", { name: "Preço (R$)" }).fill("39,90");
  await page.getByRole("textbox", { name: "Selo" }).fill("Novo");
  await page.getByRole("button", { name: "Criar produto" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Editar E-book Substratos Caseiros");
  await expect(page.getByRole("status").filter({ hasText: "Produto criado, oculto da loja" })).toBeVisible();
  await noSidewaysScroll(page);

  // A photo, then the PDF (a text file named .pdf is refused by its content first).
  const photos = page.getByRole("region", { name: "Fotos do produto" });
  await photos
    .getByLabel("Enviar foto")
    .setInputFiles({ name: "capa.jpg", mimeType: "image/jpeg", buffer: await samplePhoto("jpeg", "#365314") });
  await expect(photos.getByRole("status").filter({ hasText: 'Foto "capa.jpg" enviada.' })).toBeVisible({ timeout: 20_000 });
  const file = page.getByRole("region", { name: "Arquivo para download" });
  await expect(file).toContainText("Ainda não enviado");
  await file
    .getByLabel("Enviar o PDF")
    .setInputFiles({ name: "substratos.pdf", mimeType: "application/pdf", buffer: Buffer.from("não é PDF") });
  await expect(file.getByRole("alert")).toContainText("não é um PDF");
  await file.getByLabel("Enviar o PDF").setInputFiles({ name: "substratos.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(file.getByRole("status").filter({ hasText: 'Arquivo "substratos.pdf" enviado.' })).toBeVisible();
  await expect(file).toContainText("Enviado: e-book-substratos-caseiros.pdf");
  await expect(file).toContainText("Nenhum download ainda.");
  await expectAccessible(page, "/customizar-produto?produto= (novo produto digital, celular)");

  // Listed: it goes on sale.
  await page.getByRole("combobox", { name: "Visibilidade" }).selectOption({ label: "Visível na loja" });
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Alterações salvas" })).toBeVisible();

  const visitorContext = await browser.newContext({ locale: "pt-BR", viewport: PHONE });
  await visitorContext.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  const visitor = await visitorContext.newPage();
  try {
    const response = await openPage(visitor, "/produto/e-book-substratos-caseiros");
    expect(response!.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("E-book Substratos Caseiros");
    await expect(visitor.getByTestId("price-total")).toHaveText(/R\$\s39,90/);
    await expect(visitor.locator("main img").first()).toHaveAttribute("src", /^\/uploads\/products\/[0-9a-f]{32}-800\.webp$/);
    await openPage(visitor, "/cursos");
    await expect(visitor.getByRole("link", { name: /E-book Substratos Caseiros/ })).toBeVisible();
  } finally {
    await visitorContext.close();
  }

  // Retired: the link answers 404 and the owner's list keeps it, marked.
  await page.getByRole("combobox", { name: "Visibilidade" }).selectOption({ label: "Retirado de venda" });
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Alterações salvas" })).toBeVisible();
  expect((await page.request.get("/produto/e-book-substratos-caseiros")).status()).toBe(404);
  await openPage(page, "/customizar-produto");
  await expect(page.getByRole("link", { name: /E-book Substratos Caseiros/ })).toContainText("Retirado de venda");
});
