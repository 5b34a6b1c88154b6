// Issue 17 items 1, 3 and 8 on the owner's phone (390 px): the dashboard shows a new order's Pix
// waiting with its time left; the owner opens it, confirms the payment, and the dashboard counts it
// in today's revenue and in its latest changes; Clientes finds the customer by the CPF of the order
// (reached with the keyboard); Auditoria shows the payment with who and before → after.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { CHECKOUT_ADDRESS } from "../test/checkout-address.ts";
import { fromTheShop, signedInAdmin, signedInCustomer } from "./shop-steps.ts";
import { expect, openPage, test, waitForHydration } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";

const PASSWORD = "painel-no-celular-42";
const PHONE = { width: 390, height: 844 };

/** A CPF no other journey uses (valid check digits), so the search finds this customer alone. */
function uniqueCpf(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  base[0] = 1 + (base[0]! % 9); // never eleven equal digits
  const check = (digits: number[]) => {
    const sum = digits.reduce((total, digit, i) => total + digit * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(base);
  return [...base, first, check([...base, first])].join("");
}

/** "R$ 1.234,56" → 123456 cents. */
const cents = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "")) || 0;

/** Today's revenue as the dashboard shows it, in cents. */
async function todaysRevenue(page: Page): Promise<number> {
  const figure = page.getByRole("definition").filter({ hasText: /^R\$/ }).first();
  await expect(page.getByRole("term").first()).toHaveText("Faturamento · Hoje");
  return cents((await figure.textContent()) ?? "");
}

test("on a phone, the owner sees a new order's Pix on the dashboard, confirms it, finds the customer by CPF and the change in the audit log", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const cpf = uniqueCpf();
  const formattedCpf = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

  // The customer orders a kit with Pix, in a browser of their own.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const customerEmail = uniqueEmail("cliente-painel");
  await signedInCustomer(customer, customerEmail, PASSWORD);
  const added = await customer.request.post("/api/cart/items", { data: { productId: productUuid(4), quantity: 1 }, headers: fromTheShop });
  expect(added.status(), await added.text()).toBe(201);
  const placed = await customer.request.post("/api/checkout/orders", {
    data: {
      idempotencyKey: randomUUID(),
      address: { ...CHECKOUT_ADDRESS, cpf },
      shippingMethod: "pac",
      confirmAdult: true,
      acceptTerms: true,
    },
    headers: fromTheShop,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId, number } = (await placed.json()) as { orderId: string; number: number };
  const detail = await customer.request.get(`/api/orders/${orderId}`);
  const { totalCents } = (await detail.json()) as { totalCents: number };
  await customerContext.close();

  // The owner, on a phone, opens /admin: the dashboard.
  await page.setViewportSize(PHONE);
  const ownerEmail = await signedInAdmin(page, PASSWORD);
  await openPage(page, "/admin");
  const sections = page.getByRole("navigation", { name: "Seções da administração" });
  await expect(sections.getByRole("link", { name: "Painel" })).toHaveAttribute("aria-current", "page");
  const pix = page.getByRole("region", { name: /^Pix aguardando pagamento/ });
  const waiting = pix.getByRole("listitem").filter({ hasText: `Pedido #${number}` });
  await expect(waiting).toContainText(/expira em (29|30) min/);
  // The chart's figures are also a table, for screen readers and for reading exact values.
  const chart = page.getByRole("figure", { name: /Faturamento por dia/ });
  await chart.getByText("Ver os valores por dia").click();
  await expect(chart.getByRole("table")).toBeVisible();
  await expect(chart.getByRole("row")).toHaveCount(31);
  const before = await todaysRevenue(page);

  // From the Pix list to the order, and the payment confirmed there.
  await waiting.getByRole("link", { name: `Pedido #${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?order=${orderId}`));
  await waitForHydration(page);
  await expect(sections.getByRole("link", { name: "Pedidos" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: "Confirmar pagamento" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pagamento confirmado." })).toBeVisible();

  // Back on the dashboard: today's revenue counts the payment, the Pix is no longer waiting, the change is listed.
  await sections.getByRole("link", { name: "Painel" }).click();
  await expect(sections.getByRole("link", { name: "Painel" })).toHaveAttribute("aria-current", "page");
  await expect(pix.getByText(`Pedido #${number}`)).toHaveCount(0);
  // Other journeys pay and cancel orders at the same time on this shop, so the figure is checked
  // against this order's total only; the exact figures are Vitest's (domain/dashboard).
  const after = await todaysRevenue(page);
  expect(after).toBeGreaterThanOrEqual(totalCents);
  expect(after, "faturamento de hoje antes e depois do pagamento").not.toBe(before);
  const latest = page.getByRole("region", { name: "Últimas alterações" });
  await expect(latest.getByRole("listitem").filter({ has: page.locator(`a[href="/admin?order=${orderId}"]`) })).toContainText(
    "Confirmou o pagamento",
  );

  // Clientes, with the keyboard: Tab from Painel to Pedidos to Clientes, then Enter.
  await sections.getByRole("link", { name: "Painel" }).focus();
  await page.keyboard.press("Tab");
  await expect(sections.getByRole("link", { name: "Pedidos" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(sections.getByRole("link", { name: "Clientes" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/clientes/);
  const search = page.getByRole("searchbox", { name: "Buscar por nome, e-mail, CPF ou telefone" });
  await search.fill(formattedCpf);
  await search.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "1 cliente encontrado." })).toBeVisible();
  const found = page.getByRole("list", { name: "Clientes" }).getByRole("listitem");
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(customerEmail);
  await expect(found).toContainText(`CPF ${formattedCpf}`);
  await found.getByRole("link", { name: "Cliente Teste" }).click();
  await expect(page.getByRole("heading", { name: "Cliente: Cliente Teste" })).toBeVisible();
  await expect(page.getByText(formattedCpf)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Pedidos" }).getByRole("link", { name: new RegExp(`Pedido #${number}.*Pago`) }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: /Consentimentos/ }).getByRole("row", { name: /Termos de uso/ })).toBeVisible();

  // Auditoria: the payment, by this owner, from awaiting payment to paid.
  await sections.getByRole("link", { name: "Auditoria" }).click();
  await expect(page.getByRole("heading", { name: "Auditoria" })).toBeVisible();
  const entry = page.getByRole("listitem").filter({ has: page.locator(`a[href="/admin?order=${orderId}"]`) });
  await expect(entry).toContainText("Confirmou o pagamento");
  await expect(entry).toContainText(ownerEmail);
  // The arrow is drawn for the eye; screen readers hear "para" in its place.
  await expect(entry).toContainText(new RegExp(`Pedido #${number}: aguardando pagamento\\s*→\\s*para pago`));

  // Nothing of the section navigation overflows the phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});
