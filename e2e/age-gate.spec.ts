import { type Locator, type Page } from "@playwright/test";
import { expect, openPage, ROUTER_PAGE, settle, test, waitForHydration, scriptsRequested } from "./fixtures.ts";
import { acceptGate } from "./shop-steps.ts";
import { withShopDatabase } from "./shop-db.ts";

// Every test here starts as a first-time visitor: nothing in localStorage.
test.use({ gateAccepted: false });

const gate = (page: Page) => page.getByRole("dialog", { name: "Termos de uso e verificação de idade" });
const termsBox = (page: Page) => gate(page).getByRole("region", { name: "Texto dos termos" });
const acceptButton = (page: Page) =>
  gate(page).getByRole("button", { name: /Role até o final para aceitar|Eu li e concordo com os termos/ });

/** Scrolls the terms box so that its bottom edge is `distance` px away from the end of the text. */
async function scrollTermsTo(box: Locator, distance: number): Promise<void> {
  await box.evaluate(
    (element, gap) =>
      new Promise<void>((resolve) => {
        element.addEventListener("scroll", () => requestAnimationFrame(() => resolve()), { once: true });
        element.scrollTop = element.scrollHeight - element.clientHeight - gap;
      }),
    distance,
  );
}

async function storedConsent(page: Page) {
  return page.evaluate(() => ({
    accepted: localStorage.getItem("ageAndCookiesAccepted"),
    preferences: localStorage.getItem("cookiesPreferences"),
  }));
}

test("first visit to the home page: accept stays disabled until the terms are read, then accepting closes the gate and stores the acceptance", async ({
  page,
}) => {
  await openPage(page, "/");
  await expect(gate(page)).toBeVisible();
  const box = termsBox(page);
  await expect(box).toBeVisible();
  // The text is longer than its box, so there is something to scroll.
  expect(await box.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeGreaterThan(40);

  const accept = acceptButton(page);
  await expect(accept).toHaveText("Role até o final para aceitar");
  await expect(accept).toBeDisabled();

  // 30 px short of the end is not enough…
  await scrollTermsTo(box, 30);
  await expect(accept).toBeDisabled();
  await expect(accept).toHaveText("Role até o final para aceitar");

  // …within 20 px of the end is.
  await scrollTermsTo(box, 15);
  await expect(accept).toBeEnabled();
  await expect(accept).toHaveText("Eu li e concordo com os termos");

  await accept.click();
  await expect(gate(page)).toHaveCount(0);
  const consent = await storedConsent(page);
  expect(consent.accepted).toBe("true");
  // Accepting the terms chooses no cookie purpose (LGPD; docs/requirements.md "Content and legal").
  expect(consent.preferences).toBeNull();

  // Coming back later: the gate does not show again.
  await page.reload();
  await waitForHydration(page);
  await settle(page);
  await expect(gate(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("scrolling the terms with the mouse wheel unlocks the accept button", async ({ page }) => {
  await openPage(page, "/");
  const box = termsBox(page);
  await box.hover();
  await page.mouse.wheel(0, 10_000);
  await expect(acceptButton(page)).toBeEnabled();
  await expect(acceptButton(page)).toHaveText("Eu li e concordo com os termos");
});

test("'Não Concordo' leaves for the age restriction page", async ({ page }) => {
  await openPage(page, "/");
  await gate(page).getByRole("button", { name: "Não Concordo" }).click();
  await expect(page).toHaveURL("/restricao-idade");
  await expect(page.getByRole("heading", { level: 1, name: "Acesso restrito" })).toBeVisible();
  await expect(gate(page)).toHaveCount(0);
  expect((await storedConsent(page)).accepted).toBeNull();
});

test("the gate shows on whatever storefront page is opened first, never on the legal texts or the refusal page (decision 063)", async ({
  page,
}) => {
  // The terms and the privacy policy are read before agreeing to them; the refusal page is where "no" leads.
  for (const path of ["/termos", "/privacidade", "/restricao-idade"]) {
    await openPage(page, path);
    await settle(page);
    await expect(gate(page)).toHaveCount(0);
  }
  // From there, the home link brings it up, as before.
  await page.getByRole("contentinfo").getByRole("link", { name: "Início", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(gate(page)).toBeVisible();
  // And so does any other page a first visitor lands on: a shared product link, the cart, a wrong address.
  for (const path of ["/produto/cogumelo-golden-teacher", "/cart", "/nao-existe"]) {
    await openPage(page, path);
    await expect(gate(page)).toBeVisible();
  }
});

test("keyboard only: focus stays inside the gate, Escape does not close it, and the terms can be read and accepted", async ({ page }) => {
  await openPage(page, "/");
  await expect(gate(page)).toBeVisible();
  const focusInGate = () => gate(page).evaluate((dialog) => dialog.contains(document.activeElement));

  await expect.poll(focusInGate).toBe(true);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInGate()).toBe(true);
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusInGate()).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(gate(page)).toBeVisible();

  // Read with the keyboard: focus the terms box and jump to its end.
  await termsBox(page).focus();
  await page.keyboard.press("End");
  await expect(acceptButton(page)).toBeEnabled();
  const acceptFocused = () => acceptButton(page).evaluate((button) => button === document.activeElement);
  for (let presses = 0; presses < 5 && !(await acceptFocused()); presses++) await page.keyboard.press("Tab");
  await expect(acceptButton(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(gate(page)).toHaveCount(0);
  expect((await storedConsent(page)).accepted).toBe("true");
});

test("accepting records age and terms on the server, and analytics and marketing stay off until chosen", async ({ page }) => {
  await openPage(page, "/");
  await acceptGate(page);
  const browserId = await page.evaluate(() => localStorage.getItem("consent_browser_id"));
  expect(browserId).toMatch(/^[0-9a-f-]{36}$/);
  // The record is sent without holding the page back: wait for it to land.
  await expect
    .poll(() =>
      withShopDatabase(async (client) => {
        const { rows } = await client.query<{ purpose: string; granted: boolean; version: string; user_id: string | null }>(
          "select purpose, granted, version, user_id from consent_events where browser_id = $1 order by purpose",
          [browserId],
        );
        return rows;
      }),
    )
    .toEqual([
      { purpose: "age", granted: true, version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), user_id: null },
      { purpose: "terms", granted: true, version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), user_id: null },
    ]);
  expect((await storedConsent(page)).preferences).toBeNull();

  // The cookie preferences show both optional purposes off.
  await page.getByRole("contentinfo").getByRole("button", { name: "Preferências de cookies" }).click();
  const dialog = page.getByRole("dialog", { name: "Preferências de cookies" });
  await expect(dialog.getByRole("switch", { name: "Cookies de análise" })).not.toBeChecked();
  await expect(dialog.getByRole("switch", { name: "Cookies de marketing" })).not.toBeChecked();
});

test("on an island page the gate is a small plain script of its own: a first visit loads it, no script carries the terms, and a returning visitor loads none (decision 086)", async ({
  page,
}) => {
  const GATE_SCRIPT = /^\/assets\/age-gate-[\w-]+\.js$/;
  const scripts = scriptsRequested(page);
  await openPage(page, "/produto/cogumelo-golden-teacher");
  await expect(gate(page)).toBeVisible();
  await expect.poll(() => gate(page).evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
  await expect(termsBox(page)).toBeFocused();
  expect(scripts.filter((script) => GATE_SCRIPT.test(script))).toHaveLength(1);
  // The terms come in the page's HTML only: the island no longer bundles the component that drew them.
  for (const script of scripts)
    expect((await (await page.request.get(script)).text()).includes("Declarar idade falsa"), script).toBe(false);

  await acceptGate(page);
  await expect(page.getByRole("main")).toBeFocused();
  // Coming back: <head>'s script marks the acceptance, and the island's loader leaves the gate's script out.
  await page.reload();
  await waitForHydration(page);
  await settle(page);
  const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
  expect(loaded.filter((path) => /^\/assets\/product-[\w-]+\.js$/.test(path))).toHaveLength(1);
  expect(loaded.filter((path) => GATE_SCRIPT.test(path))).toEqual([]);
  await expect(gate(page)).toHaveCount(0);
});

test("on a page React Router runs, the same gate: modal, locked until the terms are read, accepted with the keyboard", async ({ page }) => {
  await openPage(page, ROUTER_PAGE);
  await expect(gate(page)).toBeVisible();
  await expect.poll(() => gate(page).evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
  await expect(termsBox(page)).toBeFocused();
  await expect(acceptButton(page)).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(gate(page)).toBeVisible();
  await page.keyboard.press("End");
  await expect(acceptButton(page)).toHaveText("Eu li e concordo com os termos");
  // "Não Concordo" comes first, then the accept button.
  await page.keyboard.press("Tab");
  await expect(gate(page).getByRole("button", { name: "Não Concordo" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(acceptButton(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(gate(page)).toHaveCount(0);
  await expect(page.getByRole("main")).toBeFocused();
  expect((await storedConsent(page)).accepted).toBe("true");
});
