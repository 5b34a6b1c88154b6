import { test as base, expect, type Page } from "@playwright/test";

export { expect };

type Options = {
  /**
   * Stores the age-gate acceptance before every page load (default), as a returning visitor
   * would have it (optional cookies still off: accepting the gate does not turn them on); the
   * gate's own tests turn it off to start with empty storage.
   */
  gateAccepted: boolean;
};

export const test = base.extend<Options & { failOnPageErrors: void }>({
  gateAccepted: [true, { option: true }],
  page: async ({ page, gateAccepted }, use) => {
    if (gateAccepted) {
      await page.addInitScript(() => {
        localStorage.setItem("ageAndCookiesAccepted", "true");
      });
    }
    await use(page);
  },
  // An uncaught exception in the page (a failed hydration included) fails the test that caused it.
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.stack ?? error.message));
      await use();
      expect(errors, "erros não tratados na página").toEqual([]);
    },
    { auto: true },
  ],
});

type RouterWindow = Window & { __reactRouterDataRouter?: { navigate(to: string): Promise<void>; state: { initialized: boolean } } };

/**
 * Waits until React has hydrated the server-rendered page: the router is initialised (an island
 * page, decision 009, has none: its data script is there instead) and the footer (the last part
 * of the layout) carries React's fiber, so clicks reach their handlers.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (window as RouterWindow).__reactRouterDataRouter;
    const island = document.getElementById("island-data") !== null;
    const last = document.querySelector("footer") ?? document.querySelector("main");
    return (island || !!router?.state.initialized) && !!last && Object.keys(last).some((key) => key.startsWith("__reactFiber"));
  });
}

/** Loads a page as a first visit (server render) and waits for it to become interactive. */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/**
 * Lets effects that run right after hydration settle (two frames and a task), so that "X is
 * not shown" is checked after the browser-only state (localStorage) has been read.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

/**
 * Puts a link to `href` at the top of the page and clicks it. The link navigates through the
 * app's router exactly as a <Link> does (client-side, a new history entry), for addresses no
 * page links to yet, such as old URLs that must redirect.
 */
export async function clickRouterLink(page: Page, href: string): Promise<void> {
  await waitForHydration(page);
  const hasRouter = await page.evaluate(() => (window as RouterWindow).__reactRouterDataRouter !== undefined);
  expect(hasRouter, `${page.url()} não tem React Router (página ilha, decisão 009): nenhum link passa pelo router`).toBe(true);
  await page.evaluate((to) => {
    const link = document.createElement("a");
    link.href = to;
    link.textContent = `Ir para ${to}`;
    link.style.cssText = "position:fixed;top:0;left:0;z-index:2147483647;background:#fff;padding:4px";
    link.addEventListener("click", (event) => {
      event.preventDefault();
      link.remove();
      void (window as RouterWindow).__reactRouterDataRouter!.navigate(to);
    });
    document.body.append(link);
  }, href);
  await page.getByRole("link", { name: `Ir para ${href}`, exact: true }).click();
}

/**
 * A page that runs React Router when opened as a document, for journeys that follow router links:
 * the storefront's pages opened as documents are islands without it (decisions 009, 035 and 040).
 */
export const ROUTER_PAGE = "/auth";

/** Opens `path` as a page of the running router: opens ROUTER_PAGE and follows a router link to `path` from there. */
export async function openInRouter(page: Page, path: string): Promise<void> {
  await openPage(page, ROUTER_PAGE);
  await clickRouterLink(page, path);
  await expect(page).toHaveURL(path);
}

/** The path (with query) the browser shows, for history assertions. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** The paths of the scripts the page requests from now on, filled as they are asked for. */
export function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** The console errors the page logs from now on. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}
