import { clickRouterLink, expect, openPage, test, ROUTER_PAGE } from "./fixtures.ts";

for (const path of ["/nao-existe", "/produto/produto-inexistente", "/__teste"]) {
  test(`${path} shows the not-found page with status 404`, async ({ page }) => {
    const response = await openPage(page, path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar para o início" })).toHaveAttribute("href", "/");
  });
}

test("following a link to an unknown path shows the not-found page", async ({ page }) => {
  // A router page (the storefront's pages opened as documents are islands: decisions 009, 035).
  await openPage(page, ROUTER_PAGE);
  await clickRouterLink(page, "/produto/produto-inexistente");
  await expect(page).toHaveURL("/produto/produto-inexistente");
  await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
});
