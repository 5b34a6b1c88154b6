// The home on a 390 px phone (issue 20, item 1; decision 034): products with their prices and
// ratings on the first screen, the categories as shortcuts, a search box, and a page far shorter
// than the 8,800 px of one-column cards it replaced.
import { type Locator, type Page } from "@playwright/test";
import { CATALOG } from "../domain/catalog/catalog-seed.ts";
import { CATEGORIES } from "../domain/catalog/categories.ts";
import { expect, openPage, test } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const bestSellers = (page: Page) => page.getByRole("region", { name: "Mais vendidos" });
const shortcuts = (page: Page) => page.getByRole("navigation", { name: "Atalhos de categorias" });

/** The element is wholly inside the first screen (no scrolling happened). */
async function expectOnFirstScreen(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what}: topo`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: base (tela de ${PHONE.height} px)`).toBeLessThanOrEqual(PHONE.height);
}

test("the first screen of a phone shows best sellers with their price and rating, the categories and the search", async ({ page }) => {
  await openPage(page, "/");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await expectOnFirstScreen(page.getByRole("search", { name: "Buscar produtos" }), "busca");
  await expectOnFirstScreen(shortcuts(page), "atalhos de categoria");
  const cards = bestSellers(page).locator("article");
  await expect(cards).toHaveCount(4);
  // Two cards side by side, each with its name, its stars and its "a partir de" price on the first screen.
  for (const index of [0, 1]) {
    const card = cards.nth(index);
    await expectOnFirstScreen(card.getByRole("heading", { level: 3 }), `nome do card ${index + 1}`);
    await expectOnFirstScreen(
      card.getByRole("img", { name: /^Avaliação (da loja anterior: )?\d,\d de 5/ }).first(),
      `avaliação do card ${index + 1}`,
    );
    await expectOnFirstScreen(card.getByText(/R\$\s?\d+,\d{2}/), `preço do card ${index + 1}`);
  }
  // The most rated product one can buy comes first; Golden Teacher (cannot be bought) is not among them.
  const purchasable = CATALOG.filter((entry) => !entry.buttonDisabled);
  const mostRated = purchasable.reduce((best, entry) => (entry.ratings.count > best.ratings.count ? entry : best));
  await expect(cards.first().getByRole("heading", { level: 3 })).toHaveText(mostRated.name);
  await expect(bestSellers(page)).not.toContainText("Indisponível para compra");
});

test("each category shortcut scrolls to that category's cards", async ({ page }) => {
  await openPage(page, "/");
  await expect(shortcuts(page).getByRole("link")).toHaveText(CATEGORIES.map((category) => category.title));
  for (const category of [CATEGORIES[3]!, CATEGORIES[0]!]) {
    await shortcuts(page).getByRole("link", { name: category.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#categoria-${category.id}$`));
    const section = page.getByRole("region", { name: category.title, exact: true });
    await expect(section.getByRole("heading", { level: 2 })).toBeInViewport();
    const names = CATALOG.filter((entry) => entry.category === category.id).map((entry) => entry.name);
    await expect(section.locator("article").getByRole("heading", { level: 3 })).toHaveText(names);
    // Under the sticky header, not behind it.
    const header = await page.getByRole("banner").boundingBox();
    const heading = await section.getByRole("heading", { level: 2 }).boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  }
});

test("the search box asks /busca for what was typed", async ({ page }) => {
  await openPage(page, "/");
  const search = page.getByRole("search", { name: "Buscar produtos" });
  await search.getByRole("searchbox", { name: "Buscar produtos" }).fill("penis envy");
  await search.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL("/busca?q=penis+envy");
});

test("the whole home is a few phone screens long, not one long column", async ({ page }) => {
  await openPage(page, "/");
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  // 15 cards in two columns: under half of the 8,800 px the one-column home measured.
  expect(height).toBeLessThan(4_400);
});
