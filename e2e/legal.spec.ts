import { expect, openPage, test } from "./fixtures.ts";
import { TEST_SHOP_CNPJ, TEST_SHOP_LEGAL_NAME } from "./test-env.ts";

const LEGAL_PATHS = ["/privacidade", "/termos", "/cookies"];

for (const path of LEGAL_PATHS) {
  test(`${path} shows the legal page: withdrawal right, 18+ rule and the shop's identity`, async ({ page }) => {
    const response = await openPage(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacidade, termos e cookies");
    const main = page.getByRole("main");
    // Right of withdrawal: 7 days, unopened products in their original packaging.
    await expect(main).toContainText(/desistir da compra em até 7 dias/);
    await expect(main).toContainText(/lacrados, na embalagem original/);
    // Adults only, and lying about it is a crime.
    await expect(main).toContainText(/maiores de 18 anos/);
    await expect(main).toContainText("Declarar idade falsa é crime");
    // The legal identity comes from the server's configuration.
    await expect(main).toContainText(TEST_SHOP_LEGAL_NAME);
    await expect(main).toContainText(TEST_SHOP_CNPJ);
  });
}

test("the three legal paths show the same page", async ({ page }) => {
  const texts: string[] = [];
  for (const path of LEGAL_PATHS) {
    await openPage(page, path);
    texts.push(await page.getByRole("main").innerText());
  }
  expect(texts[1]).toBe(texts[0]);
  expect(texts[2]).toBe(texts[0]);
});
