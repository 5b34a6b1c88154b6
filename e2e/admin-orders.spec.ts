// Issue 17 "Done when": on a phone, the owner finds an order by the customer's CPF, confirms the
// payment, adds a tracking code and prints the packing slip.
import type { Page } from "@playwright/test";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { CHECKOUT_ADDRESS } from "../test/checkout-address.ts";
import { expect, openPage, test } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { fromTheShop, signedInAdmin, signedInCustomer } from "./shop-steps.ts";

const PASSWORD = "pedidos-no-celular-42";

/** A CPF of this run alone (valid check digits), so the search finds this customer's order and no other journey's. */
function uniqueCpf(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (base.every((digit) => digit === base[0])) base[0] = (base[0]! + 1) % 10;
  const check = (digits: number[]) => {
    const sum = digits.reduce((total, digit, i) => total + digit * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(base);
  const digits = [...base, first, check([...base, first])].join("");
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** A liquid-culture kit ordered through the API by the customer signed in in `page`, awaiting its Pix. */
async function kitOrderAwaitingPix(page: Page, cpf: string): Promise<number> {
  const added = await page.request.post("/api/cart/items", { data: { productId: productUuid(4), quantity: 1 }, headers: fromTheShop });
  expect(added.status(), await added.text()).toBe(201);
  const placed = await page.request.post("/api/checkout/orders", {
    data: {
      idempotencyKey: crypto.randomUUID(),
      address: { ...CHECKOUT_ADDRESS, recipientName: "Helena Rocha", cpf, phone: "(21) 98765-4321" },
      shippingMethod: "pac",
      confirmAdult: true,
      acceptTerms: true,
    },
    headers: fromTheShop,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { number: number }).number;
}

test("on a 390 px phone the owner finds an order by the CPF, confirms the Pix, adds the tracking code and prints the slip", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const cpf = uniqueCpf();
  await signedInCustomer(page, uniqueEmail("cliente-cpf"), PASSWORD);
  const number = await kitOrderAwaitingPix(page, cpf);

  const adminContext = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } });
  await adminContext.addInitScript(() => {
    localStorage.setItem("ageAndCookiesAccepted", "true");
    // The print dialog is the browser's; the journey checks that the page asks for it and what it prints.
    window.print = () => {
      (window as Window & { printed?: number }).printed = ((window as Window & { printed?: number }).printed ?? 0) + 1;
    };
  });
  const admin = await adminContext.newPage();
  await signedInAdmin(admin, PASSWORD);

  // The orders, as cards on the phone: search by the CPF as the customer wrote it.
  await openPage(admin, "/admin?secao=pedidos");
  const search = admin.getByRole("search", { name: "Buscar pedidos" });
  await search.getByLabel("Buscar").fill(cpf);
  await search.getByRole("button", { name: "Buscar" }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${encodeURIComponent(cpf).replace(/\./g, "\\.")}`));
  await expect(admin.getByRole("status").filter({ hasText: "1 pedido encontrado" })).toBeVisible();
  const cards = admin.getByRole("list", { name: "Pedidos encontrados" });
  await expect(cards.getByRole("listitem")).toHaveCount(1);
  await expect(admin.getByRole("table", { name: "Pedidos encontrados" })).toBeHidden();
  await expect(cards).toContainText("Aguardando pagamento");
  await cards.getByRole("link", { name: `Pedido #${number}` }).click();

  // The order page: the customer's contact, with WhatsApp prefilled with the order's status.
  const contact = admin.getByRole("region", { name: "Cliente" });
  await expect(contact).toContainText(`CPF: ${cpf}`);
  await expect(contact).toContainText("Telefone: (21) 98765-4321");
  const whatsapp = new URL((await contact.getByRole("link", { name: /Conversar no WhatsApp/ }).getAttribute("href"))!);
  expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/5521987654321");
  expect(whatsapp.searchParams.get("text")).toBe(`Olá, Helena! Sobre o seu pedido #${number}: ele está \u201cAguardando pagamento\u201d.`);

  await admin.getByRole("button", { name: "Confirmar pagamento" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Pagamento confirmado." })).toBeVisible();
  await expect(admin.getByRole("region", { name: "Pagamento" })).toContainText("Pago em");
  await admin.getByLabel("Código de rastreio (Correios)").fill("aa123456785br");
  await admin.getByRole("button", { name: "Salvar rastreio" }).click();
  await expect(admin.getByText("Código de rastreio: AA123456785BR")).toBeVisible();
  await expect(admin.getByRole("link", { name: /Acompanhar a entrega de AA123456785BR/ })).toHaveAttribute(
    "href",
    "https://www.melhorrastreio.com.br/rastreio/AA123456785BR",
  );
  const whatsappNow = new URL((await contact.getByRole("link", { name: /Conversar no WhatsApp/ }).getAttribute("href"))!);
  expect(whatsappNow.searchParams.get("text")).toBe(
    `Olá, Helena! Sobre o seu pedido #${number}: ele está \u201cEnviado\u201d. Código de rastreio: AA123456785BR.`,
  );
  // Both actions are in the order's audit entries.
  const audit = admin.getByRole("region", { name: "Registro de auditoria do pedido" });
  await expect(audit.getByText("Adicionou o rastreio")).toBeVisible();
  await expect(audit.getByText("Confirmou o pagamento")).toBeVisible();

  // The packing slip: hidden on screen, the only thing printed.
  const slip = admin.getByRole("region", { name: "Romaneio para impressão" });
  await expect(slip).toBeHidden();
  await admin.getByRole("button", { name: "Imprimir romaneio" }).click();
  expect(await admin.evaluate(() => (window as Window & { printed?: number }).printed)).toBe(1);
  await admin.emulateMedia({ media: "print" });
  await expect(slip).toBeVisible();
  await expect(slip.getByRole("heading", { name: `Romaneio do pedido #${number}` })).toBeVisible();
  for (const text of ["Helena Rocha", "Avenida Paulista, 1000", "São Paulo/SP", "CEP 01310-100", "Envio: PAC · Rastreio AA123456785BR"]) {
    await expect(slip.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await expect(slip.getByRole("table", { name: "Itens do romaneio" }).getByRole("row")).toHaveCount(2);
  await expect(slip.getByRole("cell", { name: "1 un." })).toBeVisible();
  await expect(slip).not.toContainText("R$");
  await expect(admin.getByRole("region", { name: "Ações do pedido" })).toBeHidden();
  await expect(admin.getByRole("banner")).toBeHidden();
  await admin.emulateMedia({ media: "screen" });
  await expect(slip).toBeHidden();
  await adminContext.close();
});
