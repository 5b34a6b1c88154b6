// Issue 18 item 2 on the owner's phone: maintenance on, a visitor gets the 503 maintenance page
// (in Portuguese, accessible), also when already on the shop and following a link, while the admin
// keeps the shop with a banner; maintenance off, the visitor gets the shop back. It closes the shop
// for every other journey, so Playwright runs it alone, after all of them (project "maintenance",
// playwright.config.ts).
import { expectAccessible } from "./axe-checks.ts";
import { clickRouterLink, expect, openPage, test, ROUTER_PAGE } from "./fixtures.ts";
import { signedInAdmin } from "./shop-steps.ts";

const PASSWORD = "modo-manutencao-42";
const PHONE = { width: 390, height: 844 };
const MESSAGE = "Atualizando a loja: voltamos em 10 minutos.";

test("on a phone, the admin turns maintenance on (a visitor gets the 503 page, the admin does not) and off again", async ({
  page,
  browser,
}) => {
  const visitorContext = await browser.newContext({ viewport: PHONE });
  await visitorContext.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  const visitor = await visitorContext.newPage();
  try {
    // A visitor is reading the shop when it closes (on a router page: the text pages opened as documents are islands, decision 035).
    await openPage(visitor, ROUTER_PAGE);

    await page.setViewportSize(PHONE);
    await signedInAdmin(page, PASSWORD);
    await openPage(page, "/maintenance-panel?secao=manutencao");
    await expect(page.getByText("A loja está aberta.")).toBeVisible();
    await page.getByRole("textbox", { name: "Mensagem da página de manutenção" }).fill(MESSAGE);
    await page.getByRole("button", { name: "Ligar manutenção" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Manutenção ligada" })).toBeVisible();
    await expect(page.getByText("A loja está em manutenção.")).toBeVisible();

    // Their next click (a client navigation) lands on the maintenance page, not an error screen.
    await clickRouterLink(visitor, "/cursos");
    await expect(visitor.getByRole("heading", { level: 1, name: "Loja em manutenção" })).toBeVisible();
    await expect(visitor).toHaveURL("/cursos");
    const closed = await visitor.goto("/produto/cogumelo-golden-teacher");
    expect(closed?.status()).toBe(503);
    expect(closed?.headers()["retry-after"]).toBeTruthy();
    await expect(visitor.getByRole("heading", { level: 1, name: "Loja em manutenção" })).toBeVisible();
    await expect(visitor.getByText(MESSAGE)).toBeVisible();
    await expectAccessible(visitor, "página de manutenção (503)");

    // The admin still gets the shop, with the banner saying it is closed to everyone else.
    const open = await openPage(page, "/produto/cogumelo-golden-teacher");
    expect(open?.status()).toBe(200);
    const banner = page.getByRole("region", { name: "Aviso de manutenção" });
    await expect(banner).toContainText("Loja em manutenção");
    await banner.getByRole("link", { name: "Desligar no painel" }).click();
    await expect(page).toHaveURL("/maintenance-panel/manutencao");
    await page.getByRole("button", { name: "Desligar manutenção" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Manutenção desligada" })).toBeVisible();

    // This is the only instance: its own copy changed at once.
    const back = await visitor.goto("/produto/cogumelo-golden-teacher");
    expect(back?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1, name: "Loja em manutenção" })).toHaveCount(0);
  } finally {
    await visitorContext.close();
    // Whatever failed above, the shop is not left closed.
    await page.request.put("/api/admin/maintenance", { data: { enabled: false }, headers: { origin: new URL(page.url()).origin } });
  }
});
