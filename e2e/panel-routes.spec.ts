// Issue 27 item 7 (decision 047): the admin's, the maintenance panel's and the customer panel's
// sections each have a readable address; every one of them is refused to a visitor and a customer
// by the server; the addresses of before (?secao=, ?aba=) lead to the new ones; spec §2's
// /admin?order=ID and /cliente?order=ID still open the order where they are.
import { expect, openPage, test } from "./fixtures.ts";
import { expectAccessible } from "./axe-checks.ts";
import { uniqueEmail } from "./mail.ts";
import { placedCourseOrder, signedInAdmin, signedInCustomer } from "./shop-steps.ts";

const PASSWORD = "rotas-dos-paineis-42";
const PHONE = { width: 390, height: 844 };

/** Each section's address, its link in the navigation and the heading that says it is the one shown. */
const ADMIN_SECTIONS = [
  ["/admin/pedidos", "Pedidos", "Pedidos"],
  ["/admin/clientes", "Clientes", "Clientes"],
  ["/admin/devolucoes", "Devoluções", "Devoluções"],
  ["/admin/reembolsos", "Reembolsos", "Reembolsos a enviar"],
  ["/admin/avaliacoes", "Avaliações", "Avaliações"],
  ["/admin/frete", "Frete", "Frete"],
  ["/admin/cupons", "Cupons", "Cupons"],
  ["/admin/auditoria", "Auditoria", "Auditoria"],
] as const;
const MAINTENANCE_SECTIONS = ["saude", "manutencao", "erros", "administradores", "limpeza", "emails", "backup"].map(
  (section) => `/maintenance-panel/${section}`,
);

test("every section's address is for admins only, checked by the server", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const visitor = await browser.newContext();
  const customerPage = await (await browser.newContext()).newPage();
  await signedInCustomer(customerPage, uniqueEmail("rotas-cliente"), PASSWORD);
  await signedInAdmin(page, PASSWORD);
  for (const path of [...ADMIN_SECTIONS.map(([path]) => path), "/admin/produtos", ...MAINTENANCE_SECTIONS]) {
    const anonymous = await visitor.request.get(path, { maxRedirects: 0 });
    expect(anonymous.status(), `${path} visitante`).toBe(302);
    expect(anonymous.headers().location, `${path} visitante`).toBe(`/auth?next=${encodeURIComponent(path)}`);
    const customer = await customerPage.request.get(path, { maxRedirects: 0 });
    expect(customer.status(), `${path} cliente`).toBe(403);
    expect(await customer.text(), `${path} cliente`).toContain("Acesso restrito");
    // The route's data, as a client navigation asks for it: refused the same way.
    expect((await customerPage.request.get(`${path}.data`, { maxRedirects: 0 })).status(), `${path}.data cliente`).toBe(403);
    const admin = await page.request.get(path, { maxRedirects: 0 });
    expect(admin.status(), `${path} admin`).toBe(path === "/admin/produtos" ? 301 : 200);
  }
  // A section that does not exist is no page, for the admin too; the customer panel's tabs are the customer's.
  expect((await page.request.get("/admin/nada", { maxRedirects: 0 })).status()).toBe(404);
  expect((await page.request.get("/maintenance-panel/nada", { maxRedirects: 0 })).status()).toBe(404);
  expect((await customerPage.request.get("/cliente/nada", { maxRedirects: 0 })).status()).toBe(404);
  const tab = await visitor.request.get("/cliente/enderecos", { maxRedirects: 0 });
  expect(tab.headers().location).toBe(`/auth?next=${encodeURIComponent("/cliente/enderecos")}`);
  await visitor.close();
});

test("on a phone, the admin walks the sections by their addresses, and the links of before lead there", async ({ page }) => {
  // Nineteen page loads: a walk, not a wait (30 s was met with two journeys sharing two cores).
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await signedInAdmin(page, PASSWORD);
  const sections = page.getByRole("navigation", { name: "Seções da administração" });

  for (const [path, link, heading] of ADMIN_SECTIONS) {
    await openPage(page, path);
    await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    await expect(sections.getByRole("link", { name: link, exact: true })).toHaveAttribute("aria-current", "page");
  }
  await expectAccessible(page, "/admin/auditoria (celular)");

  // The navigation, with the keyboard: Cupons by its address, in the same page.
  await sections.getByRole("link", { name: "Cupons" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/admin/cupons");
  await expect(page.getByRole("heading", { level: 2, name: "Cupons" })).toBeVisible();

  // Addresses of before: bookmarks and e-mails keep working.
  await openPage(page, "/admin?secao=cupons");
  await expect(page).toHaveURL("/admin/cupons");
  await openPage(page, "/admin?secao=clientes&busca=ninguem");
  await expect(page).toHaveURL("/admin/clientes?busca=ninguem");
  await expect(page.getByRole("searchbox", { name: "Buscar por nome, e-mail, CPF ou telefone" })).toHaveValue("ninguem");
  await openPage(page, "/admin?secao=nada");
  await expect(page).toHaveURL("/admin");
  await openPage(page, "/admin/produtos");
  await expect(page).toHaveURL("/customizar-produto");
  await openPage(page, "/maintenance-panel?secao=erros");
  await expect(page).toHaveURL("/maintenance-panel/erros");
  await expect(page.getByRole("textbox", { name: "Vistos há mais de (dias)" })).toBeVisible();
  await openPage(page, "/maintenance-panel/saude");
  await expect(page.getByRole("article", { name: "Banco de dados" })).toBeVisible();
  await expectAccessible(page, "/maintenance-panel/saude (celular)");
});

test("spec §2's ?order= opens the order in both panels, and the customer's tabs have their addresses", async ({ page, browser }) => {
  await page.setViewportSize(PHONE);
  await signedInCustomer(page, uniqueEmail("rotas-abas"), PASSWORD);
  const orderId = await placedCourseOrder(page);

  await openPage(page, `/cliente?order=${orderId}`);
  await expect(page).toHaveURL(`/cliente?order=${orderId}`);
  await expect(page.getByRole("link", { name: "← Todos os pedidos" })).toBeVisible();

  // The tabs, with the keyboard: each one's address follows, the data is not read again.
  await openPage(page, "/cliente");
  await page.getByRole("tab", { name: "Pedidos" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL("/cliente/notificacoes");
  await expect(page.getByRole("tab", { name: "Notificações" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL("/cliente/indicacoes");
  await expect(page.getByRole("tab", { name: "Indicações" })).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Indicações" })).toBeVisible();
  await expectAccessible(page, "/cliente/indicacoes (celular, pelo teclado)");

  // An address of before, and a tab's own address opened directly.
  await openPage(page, "/cliente?aba=enderecos");
  await expect(page).toHaveURL("/cliente/enderecos");
  await expect(page.getByRole("tab", { name: "Endereços" })).toHaveAttribute("aria-selected", "true");
  await openPage(page, "/cliente/pedidos");
  await expect(page.getByRole("tab", { name: "Pedidos" })).toHaveAttribute("aria-selected", "true");

  const adminPage = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signedInAdmin(adminPage, PASSWORD);
  await openPage(adminPage, `/admin?order=${orderId}`);
  await expect(adminPage).toHaveURL(`/admin?order=${orderId}`);
  await expect(
    adminPage.getByRole("navigation", { name: "Seções da administração" }).getByRole("link", { name: "Pedidos" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(adminPage.getByRole("button", { name: /Confirmar pagamento/ })).toBeVisible();
});
