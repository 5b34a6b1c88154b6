// Issue 15 "Done when": a loader that calls a domain function which refuses shows the refusal's page
// or message, with its status, not the error screen. The checkout of an empty cart: the domain
// refuses it (cart_empty, a conflict) and the page says so with a 409.
import type { Page } from "@playwright/test";
import { clickRouterLink, expect, openPage, test, ROUTER_PAGE } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { signedInCustomer } from "./shop-steps.ts";

const PASSWORD = "carrinho-vazio-de-teste-42";

async function expectEmptyCartRefusal(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Finalizar compra" })).toBeVisible();
  await expect(page.getByText("Seu carrinho está vazio.", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver produtos" })).toHaveAttribute("href", "/");
  // Nothing broke: not the error screen, and the layout stays around the message.
  await expect(page.getByText("Ocorreu um erro")).toHaveCount(0);
  await expect(page.getByText("Algo inesperado aconteceu")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Tentar novamente" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

test("the checkout of an empty cart shows the refusal with status 409, not the error screen", async ({ page }) => {
  await signedInCustomer(page, uniqueEmail("carrinho-vazio"), PASSWORD);
  const response = await openPage(page, "/checkout");
  expect(response?.status()).toBe(409);
  await expectEmptyCartRefusal(page);

  // The same refusal when the page is reached by a link (the loader's data request answers 409).
  // A router page (the storefront's pages opened as documents are islands: decisions 009, 035).
  await openPage(page, ROUTER_PAGE);
  const data = page.waitForResponse((answer) => new URL(answer.url()).pathname.startsWith("/checkout") && answer.url().includes(".data"));
  await clickRouterLink(page, "/checkout");
  expect((await data).status()).toBe(409);
  await expect(page).toHaveURL("/checkout");
  await expectEmptyCartRefusal(page);

  // The way on: the products.
  await page.getByRole("link", { name: "Ver produtos" }).click();
  await expect(page).toHaveURL("/");
});
