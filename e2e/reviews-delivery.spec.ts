// Issue 19 items 2 and 4 on a phone: a customer rates a delivered item from the panel, the admin
// publishes it, and the product page shows it (and its JSON-LD); an e-book bought and paid is
// downloaded from the panel, and its link refuses another account with a Portuguese page.
import { randomUUID } from "node:crypto";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { expect, openPage, test } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { deliveredCourseOrder, fromTheShop, signedInAdmin, signedInCustomer } from "./shop-steps.ts";

const PASSWORD = "avaliacao-de-teste-42";
const PHONE = { width: 390, height: 844 };

test("a customer rates a delivered course on a phone, and the product page shows it once the admin publishes it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signedInCustomer(page, uniqueEmail("avalia"), PASSWORD);
  const adminContext = await browser.newContext({ locale: "pt-BR", viewport: PHONE });
  const admin = await adminContext.newPage();
  await signedInAdmin(admin, PASSWORD);
  const orderId = await deliveredCourseOrder(page, admin);
  const comment = `Aulas claras e bem organizadas ${randomUUID().slice(0, 8)}`;

  // The rating reminder's link: the order, at its rating form.
  await openPage(page, `/cliente?order=${orderId}#avaliar`);
  const ratings = page.getByRole("region", { name: "Avalie seus itens" });
  await ratings.getByRole("button", { name: "Avaliar Curso de Cultivo Doméstico" }).click();
  const form = page.getByRole("form", { name: "Avaliar Curso de Cultivo Doméstico" });
  await expect(form.getByRole("radio", { name: "1 estrela" })).toBeFocused();
  await form.getByRole("button", { name: "Enviar avaliação" }).click();
  await expect(form.getByRole("group", { name: "Sua nota" })).toHaveAccessibleDescription("Escolha de 1 a 5 estrelas.");
  await form.getByRole("radio", { name: "4 estrelas" }).check();
  await form.getByLabel("Comentário (opcional)").fill(comment);
  await form.getByRole("button", { name: "Enviar avaliação" }).click();
  const status = ratings.getByRole("status");
  await expect(status).toContainText("Aguardando moderação · compra verificada.");
  await expect(status).toBeFocused();
  await expect(ratings.getByRole("img", { name: "Sua nota: 4 de 5 estrelas" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Not on the page before the admin publishes it.
  await openPage(page, "/produto/curso-cultivo-domestico");
  await expect(page.getByText(comment)).toHaveCount(0);

  await openPage(admin, "/admin?secao=avaliacoes");
  const card = admin.getByRole("article").filter({ hasText: comment });
  await card.getByRole("button", { name: /^Publicar a avaliação de Cliente T\. sobre Curso de Cultivo Doméstico$/ }).click();
  // The confirmation stays above the list while the published review leaves the waiting ones.
  await expect(admin.getByRole("status").filter({ hasText: "Avaliação publicada na página do produto." })).toBeVisible();
  await expect(card).toHaveCount(0);

  await openPage(page, "/produto/curso-cultivo-domestico");
  const reviews = page.getByRole("region", { name: "Avaliações" });
  const entry = reviews.getByRole("listitem").filter({ hasText: comment });
  await expect(entry).toContainText("Cliente T.");
  await expect(entry).toContainText("Compra verificada");
  await expect(entry.getByRole("img", { name: "4 de 5 estrelas" })).toBeVisible();
  await expect(reviews.getByRole("list", { name: "Distribuição das avaliações de compras verificadas" })).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}") as {
    aggregateRating: { reviewCount: number };
    review?: Array<{ reviewBody?: string }>;
  };
  // Verified reviews only, never summed with the previous shop's 843 (decision 057).
  expect(jsonLd.aggregateRating.reviewCount).toBeGreaterThanOrEqual(1);
  expect(jsonLd.aggregateRating.reviewCount).toBeLessThan(843);
  expect(jsonLd.review?.some((review) => review.reviewBody === comment)).toBe(true);

  // The customer's panel now says it is published.
  await openPage(page, `/cliente?order=${orderId}`);
  await expect(page.getByRole("region", { name: "Avalie seus itens" })).toContainText("Publicada · compra verificada.");
  await adminContext.close();
});

test("on a phone, the buyer downloads the paid e-book from the panel; another account gets a Portuguese 403", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signedInCustomer(page, uniqueEmail("ebook"), PASSWORD);
  const adminContext = await browser.newContext({ locale: "pt-BR" });
  const admin = await adminContext.newPage();
  await signedInAdmin(admin, PASSWORD);
  const added = await page.request.post("/api/cart/items", { data: { productId: productUuid(202), quantity: 1 }, headers: fromTheShop });
  expect(added.status(), await added.text()).toBe(201);
  const placed = await page.request.post("/api/checkout/orders", {
    data: { idempotencyKey: randomUUID(), confirmAdult: true, acceptTerms: true },
    headers: fromTheShop,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  const paid = await admin.request.post(`/api/admin/orders/${orderId}/confirm-payment`, { headers: fromTheShop });
  expect(paid.status(), await paid.text()).toBe(200);

  await openPage(page, `/cliente?order=${orderId}`);
  const deliveries = page.getByRole("region", { name: "Acesso e downloads" });
  const link = deliveries.getByRole("link", { name: "Baixar E-book de Cultivo Avançado (PDF)" });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("ebook-cultivo-avancado.pdf");
  const file = await download.createReadStream();
  const first = await new Promise<Buffer>((resolve) => file.once("data", (chunk: Buffer) => resolve(chunk)));
  expect(first.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // A new link from the panel.
  await deliveries.getByRole("button", { name: "Gerar novo link" }).click();
  await expect(deliveries.getByRole("status")).toContainText("Novo link gerado: vale até");

  // The same link in another account's browser: a page that says so, with 403.
  const href = (await link.getAttribute("href"))!;
  const otherContext = await browser.newContext({ locale: "pt-BR", viewport: PHONE });
  // The download page is a storefront page: a fresh browser meets the 18+ gate there first (decision 063).
  await otherContext.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  const other = await otherContext.newPage();
  await signedInCustomer(other, uniqueEmail("outra-conta"), PASSWORD);
  const refused = await other.goto(href);
  expect(refused?.status()).toBe(403);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Este download é de outra conta");
  await otherContext.close();
  await adminContext.close();
});
