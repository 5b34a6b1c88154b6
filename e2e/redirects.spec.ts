import { type Page } from "@playwright/test";
import { clickRouterLink, expect, openPage, pathOf, test, ROUTER_PAGE } from "./fixtures.ts";
import { fromTheShop } from "./shop-steps.ts";
import { productUuid } from "../domain/catalog/product-slugs.ts";

/** Spec §2 redirects: old address → where it lives now, and the title the visitor then sees. */
const REDIRECTS: Array<{ from: string; to: string; heading?: string }> = [
  { from: "/delivery-address", to: "/checkout-flow", heading: "Finalizar compra" },
  { from: "/unified-checkout", to: "/checkout-flow", heading: "Finalizar compra" },
  { from: "/direitos", to: "/privacidade", heading: "Privacidade, termos e cookies" },
  { from: "/produto/cultura-liquida-gt", to: "/produto/cultura-liquida-golden-teacher" },
  { from: "/produto/cultura-liquida-pe", to: "/produto/cultura-liquida-penis-envy-7" },
  { from: "/produto/cultura-liquida-ape", to: "/produto/cultura-liquida-penis-envy-albino" },
  { from: "/produto/psilocybe-cubensis-golden-teacher", to: "/produto/cogumelo-golden-teacher" },
  { from: "/produto/spawn-psilocybe-cubensis-penis-envy-7", to: "/produto/spawn-cogumelo-penis-envy-7" },
  { from: "/produto/comprar-spawn-golden-teacher", to: "/produto/spawn-cogumelo-golden-teacher" },
];

/** Any page that is not the redirect's target, to come back to. */
// A router page (the storefront's pages opened as documents are islands: decisions 009, 035).
const START = ROUTER_PAGE;

for (const { from, to, heading } of REDIRECTS) {
  test.describe(`${from} → ${to}`, () => {
    test("the server answers a first load with 301 to the new address", async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers()["location"] ?? "", "http://x").pathname).toBe(to);
    });

    test("typed in the address bar: lands on the new address, and Back skips the old one", async ({ page }) => {
      // The checkout of an empty cart is a 409 refusal, for visitors too (issue 20): something to buy first.
      if (to === "/checkout-flow") {
        const added = await page.request.post("/api/cart/items", {
          data: { productId: productUuid(201), quantity: 1 },
          headers: fromTheShop,
        });
        expect(added.status(), await added.text()).toBe(201);
      }
      await openPage(page, START);
      const response = await page.goto(from);
      expect(response?.status()).toBe(200);
      expect(pathOf(page)).toBe(to);
      await expectTargetPage(page, heading);

      await page.goBack();
      await expect(page).toHaveURL(START);
    });

    test("followed as a link: lands on the new address, and Back skips the old one", async ({ page }) => {
      await openPage(page, START);
      await clickRouterLink(page, from);
      await expect(page).toHaveURL(to);
      await expectTargetPage(page, heading);

      await page.goBack();
      await expect(page).toHaveURL(START);
      await page.goForward();
      await expect(page).toHaveURL(to);
    });
  });
}

async function expectTargetPage(page: Page, heading?: string) {
  const title = page.getByRole("heading", { level: 1 });
  if (heading) await expect(title).toHaveText(heading);
  else await expect(title).toBeVisible();
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toHaveCount(0);
}

test("a redirect keeps the query string", async ({ request }) => {
  const response = await request.get("/direitos?origem=email", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  const location = new URL(response.headers()["location"] ?? "", "http://x");
  expect(location.pathname + location.search).toBe("/privacidade?origem=email");
});
