import { expect, openPage, test } from "./fixtures.ts";
import { withShopDatabase } from "./shop-db.ts";
import { TEST_SUPPORT_WHATSAPP } from "./test-env.ts";

test("the footer links to the home page and the three legal pages", async ({ page }) => {
  await openPage(page, "/termos");
  const footer = page.getByRole("contentinfo");
  for (const [name, href] of [
    ["Início", "/"],
    ["Privacidade", "/privacidade"],
    ["Termos", "/termos"],
    ["Cookies", "/cookies"],
  ] as const) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await footer.getByRole("link", { name: "Cookies", exact: true }).click();
  await expect(page).toHaveURL("/cookies");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacidade, termos e cookies");
});

test("'Atendimento' opens a popover with a QR code and the WhatsApp link of the configured number", async ({ page }) => {
  await openPage(page, "/termos");
  await page.getByRole("contentinfo").getByRole("button", { name: "Atendimento" }).click();
  const popover = page.getByRole("dialog", { name: "Atendimento" });
  await expect(popover).toBeVisible();

  const qr = popover.getByRole("img", { name: "QR code para falar com o atendimento no WhatsApp" });
  await expect(qr).toBeVisible();
  // The image really loaded (not a broken image showing its alt text)…
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  // …and came from the shop itself, not an outside QR service.
  const src = await qr.evaluate((image: HTMLImageElement) => image.currentSrc || image.src);
  expect(src.startsWith("data:") || new URL(src).origin === new URL(page.url()).origin, `QR servido por ${src}`).toBe(true);

  const chat = popover.getByRole("link", { name: "Iniciar conversa" });
  await expect(chat).toBeVisible();
  await expect(chat).toHaveAttribute("href", `https://wa.me/${TEST_SUPPORT_WHATSAPP}`);

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press("Escape");
  await expect(popover).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Atendimento" })).toBeFocused();
});

test("'Preferências de cookies' opens the dialog (its code loads on that first click), saves the choices and says so", async ({ page }) => {
  await openPage(page, "/termos");
  await page.getByRole("contentinfo").getByRole("button", { name: "Preferências de cookies" }).click();
  const dialog = page.getByRole("dialog", { name: "Preferências de cookies" });
  await expect(dialog).toBeVisible();
  // Nothing chosen yet: the optional purposes are off; necessary cookies cannot be switched off.
  await expect(dialog.getByRole("switch", { name: "Cookies necessários" })).toBeDisabled();
  await expect(dialog.getByRole("switch", { name: "Cookies de marketing" })).not.toBeChecked();
  const analytics = dialog.getByRole("switch", { name: "Cookies de análise" });
  await expect(analytics).not.toBeChecked();
  await analytics.click();
  await dialog.getByRole("button", { name: "Salvar preferências" }).click();
  await expect(dialog).toHaveCount(0);
  // Keyboard users continue where they were: focus is back on the button that opened it.
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Preferências de cookies" })).toBeFocused();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Preferências salvas" })).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem("cookiesPreferences"));
  expect(JSON.parse(stored ?? "null")).toEqual({ necessary: true, analytics: true, marketing: false });
  // The server keeps the choice of each purpose, under this browser's id (LGPD art. 8 §2).
  const browserId = await page.evaluate(() => localStorage.getItem("consent_browser_id"));
  expect(browserId).toMatch(/^[0-9a-f-]{36}$/);
  await expect
    .poll(() =>
      withShopDatabase(async (client) => {
        const { rows } = await client.query<{ purpose: string; granted: boolean }>(
          "select purpose, granted from consent_events where browser_id = $1 order by purpose",
          [browserId],
        );
        return rows;
      }),
    )
    .toEqual([
      { purpose: "analytics", granted: true },
      { purpose: "marketing", granted: false },
    ]);

  // Opened again: the switches start from what was stored; Escape closes without saving.
  await page.getByRole("contentinfo").getByRole("button", { name: "Preferências de cookies" }).click();
  await expect(dialog.getByRole("switch", { name: "Cookies de análise" })).toBeChecked();
  await expect(dialog.getByRole("switch", { name: "Cookies de marketing" })).not.toBeChecked();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Preferências de cookies" })).toBeFocused();
});
