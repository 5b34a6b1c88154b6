import { type Page } from "@playwright/test";
import { clickRouterLink, expect, openInRouter, openPage, settle, test, ROUTER_PAGE } from "./fixtures.ts";

test.describe("hideHeader", () => {
  test("the header shows on a normal visit", async ({ page }) => {
    await openPage(page, "/termos");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("?hideHeader=true hides the header and keeps the rest of the layout", async ({ page }) => {
    await openPage(page, "/termos?hideHeader=true");
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});

test.describe("scroll restoration per path", () => {
  // A phone-sized window, so the legal page is several screens long.
  test.use({ viewport: { width: 390, height: 400 } });

  const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

  test("going back restores the position of that path; a new path starts at the top", async ({ page }) => {
    // Between two pages of the running router (opened as documents, they are islands: decision 035).
    await openInRouter(page, "/privacidade");
    const target = 600;
    // The page must be long enough to scroll there and keep the position on the way back (polled:
    // the router changes the address before React has drawn the page).
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(target);

    await page.evaluate((y) => window.scrollTo(0, y), target);
    await expect.poll(() => scrollY(page)).toBe(target);

    // A link that is on screen where the visitor stopped (clicking a footer link would first scroll to the footer).
    await clickRouterLink(page, "/termos");
    await expect(page).toHaveURL("/termos");
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL("/privacidade");
    await expect.poll(() => scrollY(page)).toBe(target);

    await page.goForward();
    await expect(page).toHaveURL("/termos");
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});

test.describe("content security policy", () => {
  // Lighthouse's best-practices "inspector-issues" found zod's eval probe on the form pages: the
  // policy has no 'unsafe-eval', and a blocked eval is a violation even when the page catches it.
  for (const path of ["/", "/produto/cogumelo-penis-envy-7", "/auth", "/checkout"]) {
    test(`${path} loads without a CSP violation`, async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as Window & { cspViolations?: string[] }).cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
        );
      });
      await openPage(page, path);
      await settle(page);
      expect(await page.evaluate(() => (window as Window & { cspViolations?: string[] }).cspViolations)).toEqual([]);
    });
  }
});

test.describe("stylesheet", () => {
  test("comes in <head> before the scripts, once, and stays once after moving to another page", async ({ request, page }) => {
    // A phone on a slow link fetches in document order: the one render-blocking file goes first.
    const html = await (await request.get("/produto/cogumelo-penis-envy-7")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const stylesheets = [...head.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)];
    expect(stylesheets).toHaveLength(1);
    // The island page's scripts are asked for from <body> once it has painted (decision 035).
    expect(head).not.toContain('rel="modulepreload"');
    expect(html.indexOf("modulepreload")).toBeGreaterThan(html.indexOf("</head>"));

    // Through React Router's navigations (the storefront's pages opened as documents run none, decisions 009 and 035).
    await openPage(page, ROUTER_PAGE);
    await clickRouterLink(page, "/produto/cogumelo-penis-envy-7");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cogumelo Penis Envy 7");
    await clickRouterLink(page, "/termos");
    await expect(page).toHaveURL("/termos");
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
    // Still styled: <body>'s bg-stone-50 (unstyled, it would be transparent).
    await expect(page.locator("body")).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  });
});
