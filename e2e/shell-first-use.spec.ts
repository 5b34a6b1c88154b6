// Decision 038 on a 390 × 844 phone: the shell's controls whose code only runs when they are used
// (the footer's Atendimento, the bell, the phone menu) load it on their first use. A first visit
// loads none of it; the first tap, Enter or Space loads it and opens at once, with the attributes,
// focus and Escape of before.
import type { Page } from "@playwright/test";
import { expect, openInRouter, openPage, settle, test, scriptsRequested } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { signedInCustomer } from "./shop-steps.ts";

test.use({ viewport: { width: 390, height: 844 } });

/** The modules loaded on first use (the bell's, the footer's and the user's Popover; the menu's panel; the admin links). */
const ON_FIRST_USE = /^\/assets\/(support-panel|notification-bell-panel|user-menu|popover|mobile-menu-panel|admin-nav)-[\w-]+\.js$/;

const footerButton = (page: Page) => page.getByRole("contentinfo").getByRole("button", { name: "Atendimento" });
const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Notificações" });
const menuToggle = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Abrir menu" });

test("a first visit loads none of their code; one tap on Atendimento loads it and opens the panel, focus inside", async ({ page }) => {
  const scripts = scriptsRequested(page);
  await openPage(page, "/produto/cogumelo-penis-envy-7");
  await settle(page);
  expect(scripts.filter((script) => ON_FIRST_USE.test(script))).toEqual([]);

  const button = footerButton(page);
  await expect(button).toHaveAttribute("aria-haspopup", "dialog");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).not.toHaveAttribute("aria-controls");

  await button.click();
  const panel = page.getByRole("dialog", { name: "Atendimento" });
  await expect(panel).toBeVisible();
  expect(scripts.some((script) => /^\/assets\/support-panel-/.test(script))).toBe(true);
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(button).toHaveAttribute("aria-controls", (await panel.getAttribute("id"))!);
  // Its only controls are links: the panel itself takes the focus, as with the eager popover.
  await expect(panel).toBeFocused();
  await expect(panel.getByRole("link", { name: "Iniciar conversa" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  // Loaded once: the next tap opens it again.
  await button.click();
  await expect(panel).toBeVisible();
});

test("by keyboard: Enter on Atendimento and Space on the bell, each on its first use, open with focus inside; Escape gives it back", async ({
  page,
}) => {
  await openPage(page, "/termos");

  const button = footerButton(page);
  await button.focus();
  await page.keyboard.press("Enter");
  const support = page.getByRole("dialog", { name: "Atendimento" });
  await expect(support).toBeVisible();
  await expect(support).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(support).toHaveCount(0);
  await expect(button).toBeFocused();

  // A visitor's bell: its panel says there is nothing yet.
  await expect(bell(page)).toHaveAccessibleDescription("Nenhuma não lida");
  await bell(page).focus();
  await page.keyboard.press("Space");
  const notifications = page.getByRole("banner").getByRole("dialog", { name: "Notificações" });
  await expect(notifications).toBeVisible();
  await expect(notifications).toContainText("Nenhuma notificação por enquanto.");
  await expect(bell(page)).toHaveAttribute("aria-expanded", "true");
  expect(await notifications.evaluate((element) => element.contains(document.activeElement)), "foco dentro do painel").toBe(true);
  await page.keyboard.press("Escape");
  await expect(notifications).toHaveCount(0);
  await expect(bell(page)).toBeFocused();
  await expect(bell(page)).toHaveAttribute("aria-expanded", "false");
  await expect(bell(page)).toHaveAccessibleDescription("Nenhuma não lida");
});

test("the menu's panel comes with its first opening: Space loads and opens it, Tab walks in, Escape closes back on the toggle", async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  await openPage(page, "/");
  await settle(page);
  expect(scripts.filter((script) => /^\/assets\/mobile-menu-panel-/.test(script))).toEqual([]);
  const toggle = menuToggle(page);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // Nothing to point to before the first opening.
  await expect(toggle).not.toHaveAttribute("aria-controls");

  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("navigation", { name: "Categorias" }).getByRole("link")).toHaveCount(5);
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Loja Micologia – página inicial" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});

test("offline before the first use, the button says the panel could not open; back online, it opens", async ({ page }) => {
  await openPage(page, "/termos");
  await settle(page);
  await page.context().setOffline(true);
  await footerButton(page).click();
  // Sonner cannot load either: the toast's plain fallback box says it.
  await expect(page.getByRole("status").filter({ hasText: "Não foi possível abrir este painel" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Atendimento" })).toHaveCount(0);
  await expect(footerButton(page)).toHaveAttribute("aria-expanded", "false");

  await page.context().setOffline(false);
  await footerButton(page).click();
  await expect(page.getByRole("dialog", { name: "Atendimento" })).toBeVisible();
});

test("under React Router too, Atendimento opens on its first tap", async ({ page }) => {
  await openInRouter(page, "/termos");
  await footerButton(page).click();
  await expect(page.getByRole("dialog", { name: "Atendimento" })).toBeVisible();
  await expect(footerButton(page)).toHaveAttribute("aria-expanded", "true");
});

test("Escape pressed the instant the menu shows closes it (a slow phone draws it before React's effects run)", async ({ page }) => {
  await openPage(page, "/");
  const toggle = menuToggle(page);
  // Presses Escape in the same task in which the panel appears, before anything else can run.
  await toggle.evaluate((button) => {
    new MutationObserver((changes, observer) => {
      if (button.getAttribute("aria-expanded") !== "true") return;
      observer.disconnect();
      button.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    }).observe(button, { attributes: true, attributeFilter: ["aria-expanded"] });
  });
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-controls");
  await expect(page.locator(`#${await toggle.getAttribute("aria-controls")}`)).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
});

test("a customer's first tap on their account button opens it, even while its code is still on the way", async ({ page }) => {
  const email = uniqueEmail("primeiro-toque");
  await signedInCustomer(page, email, "cogumelo-azul-42");
  // The menu's code is held back until after the tap, as on a slow connection.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/user-menu-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // The header shows the account button from `md` up (the phone has it in the menu's panel).
  await page.setViewportSize({ width: 1024, height: 768 });
  await openPage(page, "/termos");
  const account = page.getByRole("banner").getByRole("button", { name: `Conta de ${email.split("@")[0]}` });
  await account.click();
  release();

  const menu = page.getByRole("dialog", { name: "Minha conta" });
  await expect(menu).toBeVisible();
  await expect(account).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("button", { name: "Sair" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(account).toBeFocused();
});
