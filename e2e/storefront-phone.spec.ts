// Issue 20 on a 390 × 844 phone: the search from the header, the menu with every section, the buy
// bar of product pages whose purchase box is below the fold, the notification panel closing on
// navigation, and the orders list with names and pictures (decision 032). axe on each changed screen.
import type { Page } from "@playwright/test";
import { CATALOG } from "../domain/catalog/catalog-seed.ts";
import { expectAccessible } from "./axe-checks.ts";
import { expect, openPage, test, waitForHydration } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { placedCourseOrder, signedInCustomer } from "./shop-steps.ts";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
// axe takes several seconds a run on the test machine's two shared cores.
test.describe.configure({ timeout: 60_000 });

const banner = (page: Page) => page.getByRole("banner");
const cardNames = (page: Page) => page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 3 });

/** Whether the element's box lies inside the first screen (no scrolling needed to see it). */
async function onFirstScreen(page: Page, locator: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = await locator.boundingBox();
  const scrollY = await page.evaluate(() => window.scrollY);
  return (
    box !== null && scrollY === 0 && box.y >= 0 && box.y + box.height <= PHONE.height && box.x >= 0 && box.x + box.width <= PHONE.width
  );
}

test.describe("search", () => {
  test("from the header: the search link opens /busca ready to type; results are the shop's cards, accents and case aside", async ({
    page,
  }) => {
    await openPage(page, "/termos");
    await banner(page).getByRole("link", { name: "Buscar produtos" }).click();
    await expect(page).toHaveURL("/busca");
    const field = page.getByRole("search", { name: "Buscar produtos" }).getByRole("searchbox", { name: "Buscar produtos" });
    await expect(field).toBeFocused();
    await expect(page.getByRole("heading", { name: "Ou escolha uma categoria" })).toBeVisible();
    await expectAccessible(page, "/busca vazia (celular)");

    await field.fill("CULTURA liquida");
    await field.press("Enter");
    await expect(page).toHaveURL("/busca?q=CULTURA+liquida");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados para “CULTURA liquida”");
    await expect(page.getByRole("main").getByRole("status")).toContainText("3 produtos encontrados");
    await expect(cardNames(page)).toHaveText([/Cultura Líquida/, /Cultura Líquida/, /Cultura Líquida/]);
    await expectAccessible(page, "/busca com resultados (celular)");

    // A card leads to its product page.
    await page.getByRole("link", { name: "Cultura Líquida Golden Teacher" }).click();
    await expect(page).toHaveURL("/produto/cultura-liquida-golden-teacher");
  });

  test("no result: says so and offers the categories, each listing its products", async ({ page }) => {
    await openPage(page, "/busca?q=xyzzy");
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Nenhum produto encontrado para “xyzzy”");
    await expect(cardNames(page)).toHaveCount(0);
    await expectAccessible(page, "/busca sem resultados (celular)");
    await page.getByRole("link", { name: /^Spawn/ }).click();
    await expect(page).toHaveURL("/busca?categoria=spawn");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spawn");
    await expect(cardNames(page)).toHaveText(["Spawn Golden Teacher", "Spawn Penis Envy 7", "Spawn Penis Envy Albino"]);
  });

  test("works without JavaScript, stays out of search engines, and refuses a pasted essay in Portuguese", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/busca");
    await page.getByRole("searchbox", { name: "Buscar produtos" }).last().fill("domestico");
    await page.getByRole("searchbox", { name: "Buscar produtos" }).last().press("Enter");
    await expect(page).toHaveURL("/busca?q=domestico");
    await expect(page.getByRole("heading", { level: 3 }).first()).toHaveText("Curso de Cultivo Doméstico");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");

    const refused = await page.goto(`/busca?q=${"a".repeat(81)}`);
    expect(refused?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("A busca aceita até 80 caracteres.");
    await context.close();
  });

  test("on a desktop the field sits in the header bar", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPage(page, "/cursos");
    const field = banner(page).getByRole("search", { name: "Buscar na loja" }).getByRole("searchbox");
    await field.fill("albino");
    await field.press("Enter");
    await expect(page).toHaveURL("/busca?q=albino");
    await expect(cardNames(page)).toHaveCount(3);
  });
});

test.describe("the menu", () => {
  test("holds every section, navigates and closes, and Escape gives focus back to its button", async ({ page }) => {
    await openPage(page, "/");
    const toggle = banner(page).getByRole("button", { name: "Abrir menu" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(menu).toBeVisible();
    const categories = menu.getByRole("navigation", { name: "Categorias" });
    await expect(categories.getByRole("link")).toHaveText([
      "Consultoria",
      "Amostras desidratadas",
      "Culturas líquidas",
      "Spawn",
      "Aprender",
    ]);
    await expect(menu.getByRole("navigation", { name: "Conteúdo" }).getByRole("link")).toHaveText([
      "Cursos",
      "Guia de cultivo",
      "Referências",
    ]);
    await expect(menu.getByRole("link", { name: "Entrar" })).toBeVisible();
    await expect(menu.getByRole("search", { name: "Buscar na loja" })).toBeVisible();
    await expectAccessible(page, "menu completo aberto (celular)");

    await menu.getByRole("link", { name: "Guia de cultivo" }).click();
    await expect(page).toHaveURL("/guia-cultivo");
    // A new document (an island page): its toggle works once its scripts have run.
    await waitForHydration(page);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    await menu.getByRole("link", { name: "Referências" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    // The menu's search field searches too.
    await toggle.click();
    await menu.getByRole("searchbox").fill("ebook");
    await menu.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL("/busca?q=ebook");
    await expect(menu).toBeHidden();
    await expect(cardNames(page).first()).toHaveText("E-book de Cultivo Avançado");
  });

  test("a signed-in customer finds the account's pages there", async ({ page }) => {
    await signedInCustomer(page, uniqueEmail("menu"), "menu-celular-42");
    await openPage(page, "/");
    await banner(page).getByRole("button", { name: "Abrir menu" }).click();
    const account = page.getByRole("navigation", { name: "Sua conta" });
    await account.getByRole("link", { name: "Endereços" }).click();
    await expect(page).toHaveURL("/cliente/enderecos");
    await expect(page.getByRole("tab", { name: "Endereços" })).toHaveAttribute("aria-selected", "true");
  });
});

test.describe("product pages", () => {
  test("every product page shows its price and a buy control on the first screen", async ({ page }) => {
    for (const product of CATALOG) {
      await openPage(page, product.route);
      const bar = page.locator("[data-buy-bar]");
      const boxPrice = page.getByRole("region", { name: "Compra" }).getByTestId("price-total");
      const boxButton = page.getByRole("region", { name: "Compra" }).getByRole("button", { name: /Adicionar ao carrinho|Indisponível/ });
      // Either the box itself is on the first screen, or the bar stands in for it.
      const boxInSight = (await onFirstScreen(page, boxPrice)) && (await onFirstScreen(page, boxButton));
      if (!boxInSight) {
        await expect(bar, product.route).toBeVisible();
        expect(await onFirstScreen(page, bar.getByTestId("buy-bar-price")), product.route).toBe(true);
        const buy = bar.getByRole("button", { name: "Comprar" }).or(bar.getByText("Indisponível"));
        expect(await onFirstScreen(page, buy), product.route).toBe(true);
      }
    }
  });

  test("a service page: the bar buys at once, shows its delivery note, and steps aside at the purchase box", async ({ page }) => {
    await openPage(page, "/produto/consultoria-cultivo");
    const bar = page.locator("[data-buy-bar]");
    await expect(bar).toBeVisible();
    await expect(bar.getByTestId("buy-bar-price")).toHaveText(/R\$\s?250,00/);
    await expect(bar).toContainText("Sem frete: instruções por e-mail");
    await expectAccessible(page, "página de serviço com a barra de compra (celular)");

    // "Comprar" goes on to the checkout with the item (decision 063), the cart holding it.
    await bar.getByRole("button", { name: "Comprar" }).click();
    await expect(page).toHaveURL("/checkout");
    await expect(page.getByTestId("resumo-do-pedido")).toContainText("1 item");
    await expect(banner(page).getByRole("link", { name: /Carrinho/ })).toContainText("1");

    await openPage(page, "/produto/consultoria-cultivo");
    await expect(bar).toBeVisible();
    await page.getByRole("region", { name: "Compra" }).getByRole("button", { name: "Adicionar ao carrinho" }).scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
  });

  test("made to order, with the CEP the cart quoted: production plus shipping days", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("validated_shipping_cep", "01310100"));
    await openPage(page, "/produto/spawn-cogumelo-golden-teacher");
    const estimate = page.getByTestId("delivery-estimate");
    await expect(estimate).toContainText("Entrega no CEP 01310-100:");
    await expect(estimate).toContainText(/\(15 de produção \+ \d+( a \d+)? de envio\)/);
    await expect(page.locator("[data-buy-bar]")).toContainText(/CEP 01310-100: (até|de) \d+( a \d+)? dias úteis \(15 de produção/);
  });
});

test.describe("a customer's panel", () => {
  test("tapping a notification opens its order and closes the panel; orders show names and pictures; tabs all in sight", async ({
    page,
  }) => {
    await signedInCustomer(page, uniqueEmail("painel"), "painel-celular-42");
    const orderId = await placedCourseOrder(page);

    await openPage(page, "/cliente");
    const orders = page.getByRole("tabpanel", { name: "Pedidos" });
    await expect(orders.getByTestId("order-line-names")).toHaveText("Curso de Cultivo Doméstico");
    await expect(orders.locator("img")).toHaveCount(1);
    await expect(orders.locator("img")).toHaveJSProperty("complete", true);
    for (const tab of await page.getByRole("tab").all())
      expect(await tab.boundingBox().then((box) => box && box.x + box.width <= PHONE.width)).toBe(true);
    await expectAccessible(page, "/cliente com pedidos (celular)");

    const bell = banner(page).getByRole("button", { name: "Notificações" });
    await bell.click();
    const panel = banner(page).getByRole("dialog", { name: "Notificações" });
    await panel.getByRole("link").first().click();
    await expect(page).toHaveURL(`/cliente?order=${orderId}`);
    await expect(panel).toHaveCount(0);
    await expect(bell).toHaveAttribute("aria-expanded", "false");

    // The same notification again, from the page it leads to: the panel closes all the same.
    await bell.click();
    await panel.getByRole("link").first().click();
    await expect(panel).toHaveCount(0);
  });
});
