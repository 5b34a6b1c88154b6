import { type Page } from "@playwright/test";
import { clickRouterLink, expect, openPage, test, ROUTER_PAGE } from "./fixtures.ts";

// /__teste/erro fails on purpose (the server runs with EXPOSE_TEST_ROUTES=true).
const FAILING_PAGE = "/__teste/erro";

async function expectErrorScreen(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Ocorreu um erro" })).toBeVisible();
  await expect(page.getByText("Algo inesperado aconteceu. Você pode tentar novamente.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Tentar novamente" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Recarregar página" })).toBeEnabled();
  // The visitor never sees the error's own message or stack.
  await expect(page.getByText("Falha de teste")).toHaveCount(0);
}

test("a failing page shows the error screen with status 500", async ({ page }) => {
  const response = await openPage(page, FAILING_PAGE);
  expect(response?.status()).toBe(500);
  await expectErrorScreen(page);
  // The layout stays around the error screen.
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("following a link to a failing page shows the error screen", async ({ page }) => {
  // A router page (the storefront's pages opened as documents are islands: decisions 009, 035).
  await openPage(page, ROUTER_PAGE);
  await clickRouterLink(page, FAILING_PAGE);
  await expect(page).toHaveURL(FAILING_PAGE);
  await expectErrorScreen(page);
});

test("'Tentar novamente' loads the page again", async ({ page }) => {
  await openPage(page, FAILING_PAGE);
  const retried = page.waitForRequest(
    (request) => new URL(request.url()).pathname.startsWith(FAILING_PAGE) && request.url().includes(".data"),
  );
  await page.getByRole("button", { name: "Tentar novamente" }).click();
  await retried;
  await expectErrorScreen(page);
});

test("'Recarregar página' reloads the document", async ({ page }) => {
  await openPage(page, FAILING_PAGE);
  const reloaded = page.waitForResponse(
    (response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === FAILING_PAGE,
  );
  await page.getByRole("button", { name: "Recarregar página" }).click();
  expect((await reloaded).status()).toBe(500);
  await expectErrorScreen(page);
});
