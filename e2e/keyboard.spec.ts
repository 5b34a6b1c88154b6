// Keyboard-only journeys (decision 007, "Keyboard journeys"): what axe cannot check. A person with the
// keyboard alone buys as a first visitor (gate, product page, cart), places an order as a customer
// (checkout, Pix, notifications) and uses the phone menu. Nothing here clicks, fills or focuses a
// control: keys only, and every element Tab lands on must show a focus indicator that nothing covers.
import type { Locator, Page } from "@playwright/test";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { fromTheShop, signedInCustomer } from "./shop-steps.ts";
import { expect, openPage, pathOf, test, waitForHydration } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";

const PASSWORD = "teclado-de-teste-42";
/** Presses of Tab a journey may need to reach the next control; more means the keyboard is stuck or the order is wrong. */
const TAB_LIMIT = 40;
// Every key press is followed by two looks at the page: a journey takes 15 to 30 s on two shared cores.
test.describe.configure({ timeout: 60_000 });

/** What has focus now, in words a failure message can use: tag, role, name or text, and id. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "<body>";
    const name = element.getAttribute("aria-label") ?? (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    const role = element.getAttribute("role");
    const type = element.getAttribute("type");
    return `<${element.tagName.toLowerCase()}${role ? ` role=${role}` : ""}${type ? ` type=${type}` : ""}${element.id ? ` #${element.id}` : ""}> "${name}"`;
  });
}

/**
 * What keeps a person from seeing where focus is, or null: no focus indicator (an outline with a
 * width, or a box-shadow such as Tailwind's rings), or the element's middle covered by something
 * else (the sticky header over a control scrolled to the top) or off screen.
 */
function hiddenFocus(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    if (!outline && style.boxShadow === "none") return "sem indicador de foco";
    const box = element.getBoundingClientRect();
    const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!onTop) return "fora da tela";
    if (onTop !== element && !element.contains(onTop)) {
      const where = onTop.closest("header") ? " do cabeçalho" : onTop.closest("[data-sonner-toaster]") ? " de um aviso (toast)" : "";
      return `coberto por <${onTop.tagName.toLowerCase()}${where}>`;
    }
    return null;
  });
}

/**
 * One journey's keyboard: presses Tab (or Shift+Tab) until `target` has focus, noting every element
 * it lands on and those of them whose focus cannot be seen. A failure lists where focus went.
 */
function keyboard(page: Page) {
  const unseen = new Set<string>();

  async function press(key: "Tab" | "Shift+Tab"): Promise<string> {
    await page.keyboard.press(key);
    const landed = await describeFocus(page);
    const problem = await hiddenFocus(page);
    if (problem) unseen.add(`${pathOf(page)} ${landed}: ${problem}`);
    return landed;
  }

  return {
    async tabTo(target: Locator, { backwards = false, limit = TAB_LIMIT } = {}): Promise<void> {
      const visited: string[] = [];
      for (let presses = 0; presses < limit; presses++) {
        if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
        visited.push(await press(backwards ? "Shift+Tab" : "Tab"));
      }
      if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
      throw new Error(
        `${limit} × ${backwards ? "Shift+Tab" : "Tab"} sem chegar a ${target.toString()}; o foco passou por:\n  ${visited.join("\n  ")}`,
      );
    },
    /** Fails with every element that had focus where it could not be seen. */
    expectFocusAlwaysVisible() {
      expect([...unseen], "elementos focados sem foco visível").toEqual([]);
    },
  };
}

const banner = (page: Page) => page.getByRole("banner");
const cartLink = (page: Page) => banner(page).getByRole("link", { name: "Carrinho", exact: true });
/** After `action`, focus is somewhere a person can continue from: not dropped on <body> (or nowhere). */
async function expectFocusKept(page: Page, action: string): Promise<void> {
  await expect.poll(() => describeFocus(page), `foco depois de ${action}`).not.toBe("<body>");
}

test.describe("a first-time visitor", () => {
  test.use({ gateAccepted: false });

  test("reads and accepts the gate, chooses a dried sample by quantity and packaging, and edits the cart", async ({ page }) => {
    const keys = keyboard(page);
    await openPage(page, "/");

    // The gate opens on its terms: the keyboard scrolls them to the end, which unlocks "accept".
    const gate = page.getByRole("dialog", { name: "Termos de uso e verificação de idade" });
    const terms = gate.getByRole("region", { name: "Texto dos termos" });
    const accept = gate.getByRole("button", { name: /Role até o final para aceitar|Eu li e concordo com os termos/ });
    await expect(terms).toBeFocused();
    await expect(accept).toBeDisabled();
    for (let presses = 0; presses < 40 && (await accept.isDisabled()); presses++) await page.keyboard.press("Space");
    await expect(accept).toHaveText("Eu li e concordo com os termos");
    await keys.tabTo(accept);
    await page.keyboard.press("Enter");
    await expect(gate).toHaveCount(0);
    await expectFocusKept(page, "aceitar o aviso");
    await expect(page.getByRole("main")).toBeFocused();

    // Home → a dried sample's page, through its card.
    await keys.tabTo(page.getByRole("region", { name: "Amostras desidratadas" }).getByRole("link", { name: /Penis Envy 7/ }), {
      limit: 60,
    });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/produto/cogumelo-penis-envy-7");
    await waitForHydration(page);
    // The home is an island page (decision 035): its card loads the product page as a document,
    // which starts at its top, so the first Tab reaches the skip link, as on any page loaded anew.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Pular para o conteúdo" })).toBeFocused();

    // Quantity: the + button, then a typed value, then a suggested quantity.
    const purchase = page.getByRole("region", { name: "Compra" });
    const quantity = purchase.getByRole("spinbutton", { name: /^Quantidade/ });
    await expect(quantity).toHaveValue("2");
    await keys.tabTo(purchase.getByRole("button", { name: "Aumentar quantidade" }));
    await page.keyboard.press("Enter");
    await expect(quantity).toHaveValue("4");
    await page.keyboard.press("Space");
    await expect(quantity).toHaveValue("6");
    await keys.tabTo(purchase.getByRole("button", { name: "Diminuir quantidade" }), { backwards: true });
    await page.keyboard.press("Enter");
    await expect(quantity).toHaveValue("4");
    await keys.tabTo(quantity);
    await page.keyboard.type("10");
    await page.keyboard.press("Enter");
    await expect(quantity).toHaveValue("10");
    const fifty = purchase.getByRole("group", { name: "Quantidades sugeridas" }).getByRole("button", { name: "50 g" });
    await keys.tabTo(fifty);
    await page.keyboard.press("Enter");
    await expect(fifty).toHaveAttribute("aria-pressed", "true");
    await expect(quantity).toHaveValue("50");

    // Per-sachet packaging, then the cart button.
    const packaging = purchase.getByRole("checkbox", { name: /Embalagem individual por sachê/ });
    await keys.tabTo(packaging);
    await page.keyboard.press("Space");
    await expect(packaging).toBeChecked();
    await keys.tabTo(purchase.getByRole("button", { name: "Adicionar ao carrinho" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("Adicionado ao carrinho")).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleDescription("1 item");

    // The cart through the header, without waiting for the toast to go: it sits under the header, clear of the controls.
    await keys.tabTo(cartLink(page), { backwards: true });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/cart");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(1);
    await waitForHydration(page);
    // The product page was opened as a document (from the home, an island: decision 035), so it is
    // an island too and its header link loads the cart as a document, which starts at its top.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Pular para o conteúdo" })).toBeFocused();

    const lineQuantity = page.getByLabel(/Quantidade de .*Penis Envy 7/);
    await expect(lineQuantity).toHaveValue("50");
    await keys.tabTo(page.getByRole("button", { name: /Aumentar quantidade de .*Penis Envy 7/ }));
    await page.keyboard.press("Enter");
    await expect(lineQuantity).toHaveValue("52");
    await expect(page.getByText("inclui embalagem de R$ 26,00")).toBeVisible();

    // Removing the line keeps focus on the page, where the next step is.
    await keys.tabTo(page.getByRole("button", { name: /^Remover .*Penis Envy 7/ }), { backwards: true });
    await page.keyboard.press("Enter");
    await expect(page.getByText("Seu carrinho está vazio")).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleDescription("Carrinho vazio");
    await expectFocusKept(page, "remover a linha");
    await expect(page.getByRole("heading", { level: 1, name: "Carrinho" })).toBeFocused();
    await keys.tabTo(page.getByRole("main").getByRole("link", { name: "Ver produtos" }), { limit: 5 });

    keys.expectFocusAlwaysVisible();
  });
});

test("removing a cart line that has others after it moves focus to the next line's remove button", async ({ page }) => {
  // Two lines through the API, in this browser's cart (its cookie, shared with the page; the page
  // keeps the id the server answered with, as its own adds do).
  await openPage(page, "/");
  for (const productId of [productUuid(7), productUuid(4)]) {
    const added = await page.request.post("/api/cart/items", { data: { productId, quantity: 1 }, headers: fromTheShop });
    expect(added.status(), await added.text()).toBe(201);
    const session = added.headers()["cart-session-id"]!;
    await page.evaluate((id) => localStorage.setItem("cartSessionId", id), session);
  }
  const keys = keyboard(page);
  await openPage(page, "/cart");
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  await waitForHydration(page);

  const removeButtons = page.getByRole("button", { name: /^Remover / });
  const secondLineName = await removeButtons.nth(1).getAttribute("aria-label");
  await keys.tabTo(removeButtons.first());
  await page.keyboard.press("Enter");
  await expect(lines).toHaveCount(1);
  await expect(page.getByRole("button", { name: secondLineName! })).toBeFocused();
  keys.expectFocusAlwaysVisible();
});

test("a customer goes from the cart to a placed order, copies the Pix code and reads the notifications", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInCustomer(page, uniqueEmail("teclado"), PASSWORD);
  // The cart is not what this journey is about: a spawn (it needs shipping) goes in through the API.
  const added = await page.request.post("/api/cart/items", { data: { productId: productUuid(7), quantity: 1 }, headers: fromTheShop });
  expect(added.status(), await added.text()).toBe(201);
  const keys = keyboard(page);

  await openPage(page, "/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await keys.tabTo(page.getByRole("link", { name: "Finalizar compra" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/checkout");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Finalizar compra" });
  await expect(form).toBeVisible();
  // The cart is an island (decision 040): its link loads the checkout as a document, which starts
  // at its top, so the first Tab reaches the skip link, as on any page loaded anew.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Pular para o conteúdo" })).toBeFocused();

  // Address: the CEP and its lookup button, then each field typed in turn.
  await keys.tabTo(form.getByLabel("CEP"));
  await page.keyboard.type("01310-100");
  await keys.tabTo(form.getByRole("button", { name: "Buscar CEP" }));
  await page.keyboard.press("Enter");
  await expect(form.getByRole("status").filter({ hasText: /CEP/ })).not.toBeEmpty();
  const fields: Array<[string, string]> = [
    ["Nome de quem recebe", "Maria Teclado"],
    ["CPF", "529.982.247-25"],
    ["Telefone", "(11) 91234-5678"],
    ["Rua", "Avenida Paulista"],
    ["Número", "1000"],
    ["Bairro", "Bela Vista"],
    ["Cidade", "São Paulo"],
  ];
  for (const [label, value] of fields) {
    const field = form.getByLabel(label, { exact: true });
    await keys.tabTo(field, { limit: 5 });
    await page.keyboard.type(value);
    await expect(field).toHaveValue(value);
  }
  const uf = form.getByLabel("UF", { exact: true });
  await keys.tabTo(uf, { limit: 5 });
  await page.keyboard.type("SP");
  await expect(uf).toHaveValue("SP");

  // Issue 20: the address step continues to the shipping step, whose heading takes focus.
  await keys.tabTo(form.getByRole("button", { name: "Continuar para o envio" }), { limit: 5 });
  await page.keyboard.press("Enter");
  await expect(form.getByRole("heading", { name: "Envio" })).toBeFocused();

  // Shipping: the radio group takes one Tab stop, and the arrows choose.
  const pac = form.getByRole("radio", { name: /PAC/ });
  const sedex = form.getByRole("radio", { name: /SEDEX/ });
  await expect(pac).toBeChecked();
  await keys.tabTo(pac, { limit: 5 });
  await page.keyboard.press("ArrowDown");
  await expect(sedex).toBeChecked();
  await expect(sedex).toBeFocused();
  await keys.tabTo(form.getByRole("button", { name: "Continuar para o pagamento" }), { limit: 5 });
  await page.keyboard.press("Enter");
  await expect(form.getByRole("heading", { name: "Revisão e pagamento" })).toBeFocused();

  // The two confirmations and the order.
  for (const name of [/Declaro que tenho 18 anos ou mais/, /Li e aceito os/]) {
    const box = form.getByRole("checkbox", { name });
    await keys.tabTo(box, { limit: 8 });
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
  }
  await keys.tabTo(form.getByRole("button", { name: "Fazer pedido e pagar com Pix" }), { limit: 5 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/success\?order=/);
  await expect(page.getByRole("heading", { level: 1, name: /Pedido #\d+ recebido/ })).toBeVisible();
  await waitForHydration(page);
  await expectFocusKept(page, "fazer o pedido");
  await expect(page.getByRole("main")).toBeFocused();

  // Success: copy the Pix code.
  const copy = page.getByRole("button", { name: "Copiar código Pix" });
  await keys.tabTo(copy);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Código copiado" })).toBeFocused();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^000201/);

  // The bell: Enter opens its panel with focus inside, Escape closes it and gives focus back.
  const bell = banner(page).getByRole("button", { name: "Notificações" });
  await expect(bell).toHaveAccessibleDescription("1 não lida");
  await keys.tabTo(bell, { backwards: true });
  await page.keyboard.press("Enter");
  const panel = banner(page).getByRole("dialog", { name: "Notificações" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("listitem")).toHaveCount(1);
  expect(await panel.evaluate((element) => element.contains(document.activeElement)), "foco dentro do painel aberto").toBe(true);
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();
  await expect(bell).toHaveAttribute("aria-expanded", "false");

  keys.expectFocusAlwaysVisible();
});

test("on a phone, the menu opens, its links are reached, and Escape closes it back on its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const keys = keyboard(page);
  await openPage(page, "/");

  const toggle = banner(page).getByRole("button", { name: "Abrir menu" });
  await keys.tabTo(toggle, { limit: 5 });
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
  await expect(menu).toBeVisible();
  await keys.tabTo(menu.getByRole("link", { name: "Loja Micologia – página inicial" }), { limit: 3 });
  await keys.tabTo(menu.getByRole("link", { name: "Entrar" }), { limit: 3 });
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();

  // Space opens it as well, and Escape from the button itself closes it.
  await page.keyboard.press("Space");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  keys.expectFocusAlwaysVisible();
});
