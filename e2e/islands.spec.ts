// A product page, the home, the text pages and the cart opened as documents hydrate as islands:
// React 19 without React Router's runtime (decisions 009, 035 and 040). Reached from a router page, they are ordinary routes.
import { type Page } from "@playwright/test";
import { CATALOG } from "../domain/catalog/catalog-seed.ts";
import {
  clickRouterLink,
  expect,
  openInRouter,
  openPage,
  settle,
  test,
  waitForHydration,
  consoleErrors,
  scriptsRequested,
} from "./fixtures.ts";

const PRODUCT = "/produto/cogumelo-penis-envy-7";
/** A course: its breadcrumb links to /cursos, a router page, whose cards link back to it. */
const COURSE = "/produto/curso-cultivo-domestico";
const COURSE_NAME = CATALOG.find((entry) => entry.route === COURSE)!.name;

type RouterWindow = Window & { __reactRouterContext?: unknown; __reactRouterDataRouter?: unknown; keptAcrossPages?: boolean };
const runsReactRouter = (page: Page) =>
  page.evaluate(
    () => (window as RouterWindow).__reactRouterDataRouter !== undefined || (window as RouterWindow).__reactRouterContext !== undefined,
  );

// React and react-dom: one file, shared by the island and the router's pages (decision 009).
const REACT_CHUNK = /^\/assets\/react-[\w-]+\.js$/;
// What only React Router's pages load: its runtime, its browser entry, the root route, its manifest.
const ROUTER_SCRIPTS = /^\/assets\/(router|entry\.client|root|manifest)-[\w-]+\.js$/;

test("a product page opened as a document loads its module and React's file, no React Router, and works", async ({ page }) => {
  const scripts = scriptsRequested(page);
  const errors = consoleErrors(page);
  await openPage(page, PRODUCT);
  await settle(page);
  expect(await runsReactRouter(page)).toBe(false);
  expect(scripts.filter((script) => /^\/assets\/product-[\w-]+\.js$/.test(script))).toHaveLength(1);
  expect(scripts.filter((script) => REACT_CHUNK.test(script))).toHaveLength(1);
  expect(scripts.filter((script) => ROUTER_SCRIPTS.test(script))).toEqual([]);

  // The details' icons come from one SVG sprite (decision 035): each `<use>` draws its symbol.
  const detailIcons = page.locator("li > svg.lucide > use");
  expect(await detailIcons.count()).toBeGreaterThan(0);
  await expect.poll(() => detailIcons.first().evaluate((use) => (use as SVGUseElement).getBBox().width)).toBeGreaterThan(0);

  // Hydrated: the quantity, the server's price and the cart answer as under React Router.
  await page.getByRole("group", { name: "Quantidades sugeridas" }).getByRole("button", { name: "20 g" }).click();
  await expect(page.getByTestId("price-total")).toHaveText(/R\$\s250,00/);
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await expect(page.getByRole("banner").getByRole("status").filter({ hasText: "1 item no carrinho" })).toBeAttached();

  // The reviews are the server's HTML, kept by the island (decision 041): still whole after the
  // page re-rendered, and React found nothing to complain about while hydrating.
  const reviews = page.getByRole("region", { name: "Avaliações" });
  await expect(reviews.getByRole("heading", { level: 2, name: "Avaliações" })).toBeVisible();
  await expect(reviews).toContainText(/compra verificada/i);
  // Verified reviews' stars, or the previous shop's, labelled as such (decision 057).
  await expect(reviews.getByRole("img", { name: /^Avaliação (da loja anterior: )?[\d,]+ de 5/ }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("the product page's stars, highlights and details are the server's HTML on the island: still whole after hydrating and re-rendering, and no script of the page carries their code (decision 086)", async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  const errors = consoleErrors(page);
  const response = await page.request.get(PRODUCT);
  const serverHtml = await response.text();
  await openPage(page, PRODUCT);
  await settle(page);
  const highlights = page.getByRole("region", { name: "Destaques" }).getByRole("listitem");
  const details = page.getByRole("region", { name: "Detalhes" }).getByRole("listitem");
  const ratings = page.locator("main [data-rating]");
  const read = async () => ({
    highlights: await highlights.allTextContents(),
    details: await details.allTextContents(),
    ratings: await ratings.allTextContents(),
    stars: await page.locator("main [data-rating] svg[role=img]").evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute("aria-label"))),
  });
  const before = await read();
  expect(before.highlights.length).toBeGreaterThan(0);
  expect(before.details.length).toBeGreaterThan(0);
  expect(before.ratings.length).toBeGreaterThan(0);
  for (const label of before.stars) expect(serverHtml).toContain(label!);
  // A re-render of the whole page (the cart's count changes the header, the price the purchase box).
  await page.getByRole("group", { name: "Quantidades sugeridas" }).getByRole("button", { name: "20 g" }).click();
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await expect(page.getByRole("banner").getByRole("status").filter({ hasText: "1 item no carrinho" })).toBeAttached();
  expect(await read()).toEqual(before);
  expect(errors).toEqual([]);
  // Kept, not drawn again: the code that drew the stars is in none of the page's scripts.
  for (const script of scripts) expect((await (await page.request.get(script)).text()).includes("data-rating"), script).toBe(false);
});

test("the home opened as a document is an island too: its module and React's file, no React Router; a card loads the product", async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  await openPage(page, "/");
  await settle(page);
  expect(await runsReactRouter(page)).toBe(false);
  expect(scripts.filter((script) => /^\/assets\/home-[\w-]+\.js$/.test(script))).toHaveLength(1);
  expect(scripts.filter((script) => REACT_CHUNK.test(script))).toHaveLength(1);
  expect(scripts.filter((script) => ROUTER_SCRIPTS.test(script))).toEqual([]);

  // A card is a link that loads the product page as a document: an island again.
  await page
    .getByRole("region", { name: "Amostras desidratadas" })
    .getByRole("link", { name: "Cogumelo Penis Envy 7", exact: true })
    .click();
  await expect(page).toHaveURL(PRODUCT);
  await waitForHydration(page);
  expect(await runsReactRouter(page)).toBe(false);
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await expect(page.getByRole("banner").getByRole("status").filter({ hasText: "1 item no carrinho" })).toBeAttached();
});

test("the cart opened as a document is an island: its lines come in the server's HTML, and it works without React Router", async ({
  page,
  browser,
}) => {
  await openPage(page, COURSE);
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await expect(page.getByRole("banner").getByRole("status").filter({ hasText: "1 item no carrinho" })).toBeAttached();

  // The server reads the cart by the browser's cart cookie: the line is in the HTML, no fetch needed to paint it (decision 040).
  const answer = await page.request.get("/cart");
  // This browser's own cart: no cache keeps the page.
  expect(answer.headers()["cache-control"]).toBe("private, no-store");
  const html = await answer.text();
  expect(html).toContain(COURSE_NAME);
  expect(html).not.toContain("Carregando o carrinho");
  // Another browser's /cart holds none of it, even when it names this cart's id in spec §6's header.
  const cartSessionId = (await page.request.get("/api/cart")).headers()["cart-session-id"];
  expect(cartSessionId).toBeTruthy();
  const stranger = await browser.newContext();
  try {
    const strangersHtml = await (await stranger.request.get("/cart", { headers: { "cart-session-id": cartSessionId! } })).text();
    expect(strangersHtml).toContain("Seu carrinho está vazio");
    expect(strangersHtml).not.toContain(COURSE_NAME);
  } finally {
    await stranger.close();
  }

  const scripts: string[] = [];
  const cartReads: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === "script") scripts.push(pathname);
    if (pathname === "/api/cart") cartReads.push(pathname);
  });
  await page.getByRole("banner").getByRole("link", { name: "Carrinho" }).click();
  await expect(page).toHaveURL("/cart");
  await waitForHydration(page);
  await settle(page);
  expect(await runsReactRouter(page)).toBe(false);
  expect(scripts.filter((script) => /^\/assets\/cart-[\w-]+\.js$/.test(script))).toHaveLength(1);
  expect(scripts.filter((script) => ROUTER_SCRIPTS.test(script))).toEqual([]);
  // Shown from the server's read: the page asked for no second copy of it.
  expect(cartReads).toEqual([]);
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(COURSE_NAME);

  // Hydrated: removing the line works as under React Router, and the empty cart says so.
  await line.getByRole("button", { name: `Remover ${COURSE_NAME}` }).click();
  await expect(page.getByText("Seu carrinho está vazio")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("status").filter({ hasText: "1 item no carrinho" })).toHaveCount(0);
});

test("a link on an island page loads the next page, which runs React Router again on the same React file", async ({ page }) => {
  const scripts = scriptsRequested(page);
  await openPage(page, COURSE);
  await settle(page);
  const islandReact = scripts.filter((script) => REACT_CHUNK.test(script));
  expect(islandReact).toHaveLength(1);
  scripts.length = 0;
  // The sign-in page is a router page.
  await page.getByRole("banner").getByRole("link", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/^[^?]*\/auth/);
  await waitForHydration(page);
  expect(await runsReactRouter(page)).toBe(true);
  expect(scripts.filter((script) => REACT_CHUNK.test(script))).toEqual(islandReact);
});

test("the text pages opened as documents are islands: the content module and React's file, no React Router", async ({ page }) => {
  for (const path of [
    "/cursos",
    "/guia-cultivo",
    "/referencias",
    "/prototipo/kit-cultivo-gt",
    "/privacidade",
    "/restricao-idade",
    "/busca?q=cultura",
  ]) {
    const scripts: string[] = [];
    const listener = (request: { resourceType(): string; url(): string }) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    };
    page.on("request", listener);
    await openPage(page, path);
    await settle(page);
    page.off("request", listener);
    expect(await runsReactRouter(page), path).toBe(false);
    expect(
      scripts.filter((script) => /^\/assets\/content-[\w-]+\.js$/.test(script)),
      path,
    ).toHaveLength(1);
    expect(
      scripts.filter((script) => REACT_CHUNK.test(script)),
      path,
    ).toHaveLength(1);
    expect(
      scripts.filter((script) => ROUTER_SCRIPTS.test(script)),
      path,
    ).toEqual([]);
  }

  // Hydrated: the legal page's button opens the cookie preferences; a course card loads the course, an island too.
  await openPage(page, "/cookies");
  await page.getByRole("button", { name: "Revisar escolhas de cookies" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await openPage(page, "/cursos");
  await page.getByRole("link", { name: COURSE_NAME, exact: true }).click();
  await expect(page).toHaveURL(COURSE);
  await waitForHydration(page);
  expect(await runsReactRouter(page)).toBe(false);
});

test("a product card followed from a router page opens the product in the running router, without loading a document", async ({ page }) => {
  await openInRouter(page, "/cursos");
  await page.evaluate(() => ((window as RouterWindow).keptAcrossPages = true));
  await page.getByRole("link", { name: COURSE_NAME, exact: true }).click();
  await expect(page).toHaveURL(COURSE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(COURSE_NAME);
  expect(await page.evaluate(() => (window as RouterWindow).keptAcrossPages)).toBe(true);
  await expect(page.locator("#island-data")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Adicionar ao carrinho" })).toBeEnabled();
});

test.describe("scroll position per path (spec §2) across island and router pages", () => {
  // A phone-sized window, so the product page is several screens long.
  test.use({ viewport: { width: 390, height: 400 } });
  const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

  test("the island page saves its position for the router, and opens at the position the router saved", async ({ page }) => {
    await openPage(page, PRODUCT);
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect.poll(() => scrollY(page)).toBe(500);

    // Leaving the island page saves its position; the router restores it on its way back there.
    await openInRouter(page, "/termos");
    await clickRouterLink(page, PRODUCT);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cogumelo Penis Envy 7");
    await expect.poll(() => scrollY(page)).toBe(500);

    // The router saves the position it leaves at; the product page opened as a document opens there.
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => scrollY(page)).toBe(300);
    await openPage(page, PRODUCT);
    expect(await runsReactRouter(page)).toBe(false);
    await expect.poll(() => scrollY(page)).toBe(300);
  });
});

test.describe("the island's scripts on a phone (decision 039)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  type PaintWindow = Window & { paintShownBeforeScripts?: boolean };

  test("are asked for only once the page's first paint is on the screen, so they never delay it", async ({ page }) => {
    // At the moment the loader adds the first modulepreload (the observer's callback runs at the
    // end of that same task): had the first contentful paint been shown already?
    await page.addInitScript(() => {
      new MutationObserver((records, observer) => {
        const added = records.flatMap((record) => [...record.addedNodes]);
        if (!added.some((node) => node instanceof HTMLLinkElement && node.rel === "modulepreload")) return;
        observer.disconnect();
        (window as PaintWindow).paintShownBeforeScripts = performance.getEntriesByName("first-contentful-paint").length > 0;
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ["/", PRODUCT]) {
      await openPage(page, path);
      expect(await page.evaluate(() => (window as PaintWindow).paintShownBeforeScripts), path).toBe(true);
    }
  });

  test("in a tab opened in the background, which records no first paint, load at its first frame, not seconds later", async ({ page }) => {
    // What Chrome does for a page loaded hidden: the document says "hidden", and no
    // first-contentful-paint entry ever comes (the observer is told nothing).
    await page.addInitScript(() => {
      Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
      PerformanceObserver.prototype.observe = function () {};
    });
    const loaded = page.waitForEvent("load");
    await page.goto(PRODUCT);
    await loaded;
    const loadedAt = Date.now();
    // The loader's last resort is 5 s after `load`; a hidden page runs its first frame once shown.
    await page.waitForFunction(() => document.querySelector('link[rel="modulepreload"]') !== null, undefined, { timeout: 4000 });
    expect(Date.now() - loadedAt).toBeLessThan(4000);
    await waitForHydration(page);
    expect(await runsReactRouter(page)).toBe(false);
  });
});
