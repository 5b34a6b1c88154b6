// Automated accessibility checks (decision 007): axe-core's WCAG 2.0/2.1/2.2 A and AA rules and best practices on every screen
// a visitor, a customer and an admin can reach (app/routes.ts), dialogs and popovers open included.
// A new screen, tab or dialog gets its line here; a route of app/routes.ts without one fails the last test.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { test as plainTest, type Browser, type Cookie, type Page } from "@playwright/test";
import { matchRoutes } from "react-router";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import routes from "../app/routes.ts";
import {
  acceptGate,
  addFiftyGramsInSachets,
  deliveredCourseOrder,
  fromTheShop,
  paidKitOrder,
  signedInAdmin,
  signedInCustomer,
} from "./shop-steps.ts";
import { checkScreen, expectAccessible } from "./axe-checks.ts";
import { expect, openPage, test } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";

const PASSWORD = "acessibilidade-42";
// One axe run takes 3 to 8 s on the test machine's two shared cores; some tests make two or three.
test.describe.configure({ timeout: 60_000 });

/** Screens a visitor reaches by their URL alone, a test each. */
const VISITOR_PAGES = [
  "/produto/cogumelo-penis-envy-7",
  "/produto/cultura-liquida-golden-teacher",
  "/produto/spawn-cogumelo-golden-teacher",
  "/produto/cogumelo-golden-teacher",
  "/produto/consultoria-cultivo",
  "/produto/curso-cultivo-domestico",
  // The search (decision 032): empty, with results, without results, a category, a refused query.
  "/busca",
  "/busca?q=cultura",
  "/busca?q=xyzzy",
  "/busca?categoria=spawn",
  `/busca?q=${"a".repeat(81)}`,
  "/cursos",
  "/referencias",
  "/guia-cultivo",
  "/prototipo/kit-cultivo-gt",
  "/restricao-idade",
  "/privacidade",
  "/termos",
  "/cookies",
  // The reminder e-mails' unsubscribe page with a broken link (its valid link's screen: e2e/recovery.spec.ts).
  "/descadastrar?conta=alguem&assinatura=errada",
  "/pagina-que-nao-existe",
  // The error screen: this route fails on purpose because the test server runs with EXPOSE_TEST_ROUTES=true.
  "/__teste/erro",
  "/auth",
  "/auth?modo=criar",
  "/auth?modo=esqueci",
  "/auth?modo=redefinir&token=token-de-teste",
  "/auth?error=invalid_token",
  "/auth?modo=link",
  "/auth?modo=link&token=token-de-teste",
  "/auth?modo=link&error=INVALID_TOKEN",
  "/checkout",
  // Where the old checkout addresses redirect to: the same form as /checkout, at its own address.
  "/checkout-flow",
];
/** The customer panel and each of its tabs, a test each (signed in as a customer). */
const CUSTOMER_PAGES = [
  "/cliente",
  ...["notificacoes", "indicacoes", "enderecos", "perfil", "privacidade"].map((tab) => `/cliente/${tab}`),
];

/**
 * Every route path of app/routes.ts ("" is the index) that no URL of VISITOR_PAGES or CUSTOMER_PAGES
 * reaches: the titles of the tests below that check it, or why it is not a screen. The last test
 * fails on a route in neither, so a new route cannot go unchecked.
 */
const OTHER_ROUTES: Record<string, { tests: string[] } | { notAScreen: string }> = {
  "": { tests: ["the home page with the age gate open, then after accepting it"] },
  cart: { tests: ["the cart, empty and with an item", "the cart with items"] },
  success: { tests: ["one order in the panel, and the Pix payment screen"] },
  "admin/:secao?": {
    tests: [
      "/auth when signed in, and the 403 page of /admin",
      "/admin, all orders and an empty filter",
      "/admin, one order awaiting payment and one paid (tracking form)",
      "/admin's dashboard, with the chart's table open, on a desktop and on a phone",
      "/admin's customers: the list, a search without results, and one customer",
      "/admin's returns, shipping and audit log sections",
      "/admin, orders found by a search (table and phone cards), the returns queue and a return's order page",
      "/admin's refund queue on a phone: a withdrawal's refund owed, then marked sent and gone from it",
      "a delivered order's rating form with its error, the review sent, the admin's reviews section and the product page's reviews",
      "/admin's settings with an error, and the go-live check, on a phone",
    ],
  },
  "maintenance-panel/:secao?": {
    tests: [
      "/maintenance-panel and /customizar-produto",
      "/maintenance-panel's sections on a phone",
      "/admin's settings with an error, and the go-live check, on a phone",
    ],
  },
  "download/:orderId/:productId": {
    tests: ["a paid e-book's downloads in the panel, and the pages of a download link: another account's, an invalid one"],
  },
  "customizar-produto": {
    tests: [
      "/maintenance-panel and /customizar-produto",
      "/customizar-produto's editors on a phone: a sample's price table (with an error), a kit, the shipping table",
    ],
  },
  "delivery-address": { notAScreen: "answers 301 to /checkout-flow (e2e/redirects.spec.ts), which is in VISITOR_PAGES" },
  "unified-checkout": { notAScreen: "answers 301 to /checkout-flow (e2e/redirects.spec.ts), which is in VISITOR_PAGES" },
  direitos: { notAScreen: "answers 301 to /privacidade (e2e/redirects.spec.ts), which is in VISITOR_PAGES" },
  "sitemap.xml": { notAScreen: "a resource route: XML for search engines, no page" },
  "robots.txt": { notAScreen: "a resource route: plain text for search engines, no page" },
};

/** Opens `path` at a phone's width (below `md`: logo, account and admin links move into the menu) and opens the menu. */
async function openPhoneMenu(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, path);
  await page.getByRole("banner").getByRole("button", { name: "Abrir menu" }).click();
}

/** Fills the signed-in customer's cart through the API: the course and a spawn (which needs shipping). */
async function fillCart(page: Page): Promise<void> {
  for (const productId of [productUuid(201), productUuid(7)]) {
    const added = await page.request.post("/api/cart/items", { data: { productId, quantity: 1 }, headers: fromTheShop });
    expect(added.status(), await added.text()).toBe(201);
  }
}

/** Places the order of the filled cart through the API (Pix, SEDEX to São Paulo) and returns its id. */
async function placeOrder(page: Page): Promise<string> {
  const placed = await page.request.post("/api/checkout/orders", {
    headers: fromTheShop,
    data: {
      idempotencyKey: randomUUID(),
      address: {
        recipientName: "Cliente Acessível",
        phone: "11912345678",
        cep: "01310100",
        street: "Avenida Paulista",
        number: "1000",
        neighborhood: "Bela Vista",
        city: "São Paulo",
        state: "SP",
        cpf: "52998224725",
      },
      shippingMethod: "sedex",
      confirmAdult: true,
      acceptTerms: true,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { orderId: string }).orderId;
}

/** A new customer in a browser context of their own: `orders` orders placed, then the cart filled again. */
async function customerWithOrders(browser: Browser, orders: number): Promise<{ session: Cookie[]; orderIds: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInCustomer(page, uniqueEmail("acessivel"), PASSWORD);
  const orderIds: string[] = [];
  for (let placed = 0; placed < orders; placed++) {
    await fillCart(page);
    orderIds.push(await placeOrder(page));
  }
  await fillCart(page);
  const session = await context.cookies();
  await context.close();
  return { session, orderIds };
}

test.describe("a first-time visitor", () => {
  test.use({ gateAccepted: false });

  test("the home page with the age gate open, then after accepting it", async ({ page }) => {
    await openPage(page, "/");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByRole("dialog", { name: "Termos de uso e verificação de idade" })).toBeVisible();
    await expectAccessible(page, "/ com o aviso de idade aberto");
    await acceptGate(page);
    await expectAccessible(page, "/ depois de aceitar o aviso");
  });
});

test.describe("a visitor", () => {
  for (const path of VISITOR_PAGES) {
    test(path, async ({ page }) => {
      await checkScreen(page, path);
    });
  }

  test("the cart, empty and with an item", async ({ page }) => {
    await openPage(page, "/cart");
    await expect(page.getByText("Seu carrinho está vazio")).toBeVisible();
    await expectAccessible(page, "/cart vazio");

    await openPage(page, "/produto/cogumelo-penis-envy-7");
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await expect(page.getByText("Adicionado ao carrinho")).toBeVisible();
    await openPage(page, "/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expectAccessible(page, "/cart com um item");
  });

  test("the sign-in and sign-up forms with their errors", async ({ page }) => {
    await openPage(page, "/auth");
    const signIn = page.getByRole("form", { name: "Entrar" });
    await signIn.getByRole("button", { name: "Entrar" }).click();
    await expect(signIn.getByLabel("E-mail", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "/auth com erros");
    await page.getByRole("tab", { name: "Criar conta" }).click();
    const signUp = page.getByRole("form", { name: "Criar conta" });
    await signUp.getByRole("button", { name: "Criar conta" }).click();
    await expect(signUp.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "/auth?modo=criar com erros");
  });

  test("the sign-in form held by the per-account limit, offering the e-mailed link, on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = uniqueEmail("acessivel-retida");
    // Guesses at an address with no account trip its per-account limit all the same.
    for (let i = 0; i < 20; i++) {
      const guess = await page.request.post("/api/auth/sign-in/email", {
        data: { email, password: "x".repeat(200) },
        headers: { ...fromTheShop, "x-forwarded-for": `198.19.100.${i + 1}` },
      });
      expect(guess.status()).toBe(400);
    }
    await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.18.251.1" });
    await openPage(page, "/auth");
    const signIn = page.getByRole("form", { name: "Entrar" });
    await signIn.getByLabel("E-mail", { exact: true }).fill(email);
    await signIn.getByLabel("Senha", { exact: true }).fill("uma-senha-qualquer");
    await signIn.getByRole("button", { name: "Entrar" }).click();
    const offer = page.getByRole("region", { name: "Entre com um link por e-mail" });
    await expect(offer).toBeVisible();
    await expectAccessible(page, "/auth com a entrada por senha retida (390 px)");
    await offer.getByRole("button", { name: "Enviar link de acesso" }).click();
    await expect(offer.getByRole("status")).toContainText("enviamos um link de acesso");
    await expectAccessible(page, "/auth com o link de acesso pedido (390 px)");
  });

  test("a product page with the added-to-cart toast, then the checkout's sign-up step", async ({ page }) => {
    await openPage(page, "/produto/cogumelo-penis-envy-7");
    await addFiftyGramsInSachets(page);
    await expectAccessible(page, "produto com embalagem e aviso de adicionado");
    await checkScreen(page, "/checkout", "/checkout com itens (visitante)");
  });

  test("the footer's dialogs: cookie preferences and support", async ({ page }) => {
    await openPage(page, "/");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("button", { name: "Preferências de cookies" }).click();
    await expect(page.getByRole("dialog", { name: "Preferências de cookies" })).toBeVisible();
    await expectAccessible(page, "preferências de cookies abertas");
    await page.keyboard.press("Escape");

    await footer.getByRole("button", { name: "Atendimento" }).click();
    await expect(page.getByRole("dialog", { name: "Atendimento" }).getByRole("img")).toHaveJSProperty("complete", true);
    await expectAccessible(page, "atendimento aberto");
  });

  test("the home on a phone: best sellers, category shortcuts and search (issue 20)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(page, "/", "/ (celular)");
  });

  test("the header's menu on a phone", async ({ page }) => {
    await openPhoneMenu(page, "/");
    await expectAccessible(page, "menu do cabeçalho aberto (celular)");
  });
});

test.describe("a customer", () => {
  let session: Cookie[];
  let orderId: string;

  // One account per worker, with an order placed and the cart filled again (for /cart and /checkout).
  test.beforeAll(async ({ browser }) => {
    const customer = await customerWithOrders(browser, 1);
    session = customer.session;
    orderId = customer.orderIds[0]!;
  });
  test.beforeEach(async ({ context }) => context.addCookies(session));

  for (const path of CUSTOMER_PAGES) {
    test(path, async ({ page }) => {
      await checkScreen(page, path);
    });
  }

  test("one order in the panel, and the Pix payment screen", async ({ page }) => {
    await checkScreen(page, `/cliente?order=${orderId}`, "/cliente?order= (detalhe do pedido)");
    await openPage(page, `/success?order=${orderId}`);
    await expect(page.getByRole("img", { name: "QR Code do Pix" })).toBeVisible();
    await expectAccessible(page, "/success (pagamento Pix)");
  });

  test("the header's notifications and account popovers", async ({ page }) => {
    await openPage(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Notificações" }).click();
    await expect(page.getByRole("list", { name: "Notificações recentes" }).getByRole("listitem")).not.toHaveCount(0);
    await expectAccessible(page, "notificações abertas");
    await page.keyboard.press("Escape");
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Conta de / })
      .click();
    await expect(page.getByRole("dialog", { name: "Minha conta" })).toBeVisible();
    await expectAccessible(page, "menu da conta aberto");
  });

  test("the cart with items", async ({ page }) => {
    await checkScreen(page, "/cart", "/cart com itens (cliente)");
  });

  test("the checkout form, with shipping options and errors", async ({ page }) => {
    await openPage(page, "/checkout");
    const form = page.getByRole("form", { name: "Finalizar compra" });
    await expect(form).toBeVisible();
    await expectAccessible(page, "/checkout com itens");
    await form.getByLabel("CEP").fill("01310-100");
    await form.getByRole("button", { name: "Buscar CEP" }).click();
    // The order placed before saved the CPF (issue 20): shown masked, with a way to type another.
    await expect(form.getByTestId("cpf-salvo")).toHaveText("***.982.247-**");
    await form.getByRole("button", { name: "Alterar CPF" }).click();
    await form.getByLabel("CPF").fill("111.111.111-11");
    await form.getByRole("button", { name: "Continuar para o envio" }).click();
    await expect(form.getByLabel("CPF")).toHaveAccessibleDescription(/CPF inválido: confira os dígitos\./);
    await expectAccessible(page, "/checkout com erros no endereço");
    await form.getByRole("button", { name: "Usar o CPF salvo" }).click();
    for (const [label, value] of [
      ["Nome de quem recebe", "Cliente Acessível"],
      ["Telefone", "11912345678"],
      ["Rua", "Avenida Paulista"],
      ["Número", "1000"],
      ["Bairro", "Bela Vista"],
      ["Cidade", "São Paulo"],
    ] as const)
      await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByLabel("UF").selectOption("SP");
    await form.getByRole("button", { name: "Continuar para o envio" }).click();
    await expect(form.getByRole("radio", { name: /SEDEX/ })).toBeVisible();
    await expectAccessible(page, "/checkout na etapa de envio");
    await form.getByRole("button", { name: "Continuar para o pagamento" }).click();
    await expect(form.getByRole("heading", { name: "Revisão e pagamento" })).toBeFocused();
    await expectAccessible(page, "/checkout na revisão");
  });

  test("the address form with its errors, and the account deletion dialog", async ({ page }) => {
    await openPage(page, "/cliente?aba=enderecos");
    const form = page.getByRole("form", { name: "Novo endereço" });
    await form.getByRole("button", { name: "Salvar endereço" }).click();
    await expect(form.getByText("O CEP tem 8 dígitos, ex.: 01310-100.")).toBeVisible();
    await expectAccessible(page, "/cliente?aba=enderecos com erros");
    await openPage(page, "/cliente?aba=privacidade");
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await expect(page.getByRole("dialog", { name: "Excluir minha conta" })).toBeVisible();
    await expectAccessible(page, "diálogo de exclusão da conta");
  });

  test("/auth when signed in, and the 403 page of /admin", async ({ page }) => {
    await checkScreen(page, "/auth", "/auth (já conectado)");
    await checkScreen(page, "/admin", "/admin (403 para cliente)");
  });
});

// A customer of its own: ordering would empty the shared customer's cart that /cart and /checkout need.
test.describe("a customer with orders of their own", () => {
  test("a delivered order's withdrawal form with its error, then the request", async ({ page, browser }) => {
    await signedInCustomer(page, uniqueEmail("acessivel-devolucao"), PASSWORD);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signedInAdmin(admin, PASSWORD);
    const deliveredId = await deliveredCourseOrder(page, admin);
    await adminContext.close();
    await openPage(page, `/cliente?order=${deliveredId}`);
    await page.getByRole("button", { name: "Solicitar devolução" }).click();
    await page.getByRole("button", { name: "Enviar pedido de devolução" }).click();
    await expect(page.getByText("Confirme que os produtos estão lacrados, na embalagem original.")).toBeVisible();
    await expectAccessible(page, "/cliente?order= (formulário de devolução com erro)");
    await page.getByRole("checkbox", { name: "Os produtos estão lacrados, na embalagem original" }).check();
    await page.getByRole("button", { name: "Enviar pedido de devolução" }).click();
    await expect(page.getByText(/^Devolução solicitada em/)).toBeFocused();
    await expectAccessible(page, "/cliente?order= (devolução solicitada)");
  });

  test("a paid order's withdrawal before shipping (desistência), then its confirmation and refund", async ({ page, browser }) => {
    await signedInCustomer(page, uniqueEmail("acessivel-desistencia"), PASSWORD);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signedInAdmin(admin, PASSWORD);
    const { orderId } = await paidKitOrder(page, admin);
    await adminContext.close();
    await openPage(page, `/cliente?order=${orderId}`);
    await page.getByRole("button", { name: "Desistir da compra" }).click();
    await expect(page.getByLabel("Motivo (opcional)")).toBeFocused();
    await expectAccessible(page, "/cliente?order= (formulário de desistência)");
    await page.getByRole("button", { name: "Confirmar desistência" }).click();
    await expect(page.getByText(/^Desistência registrada em/)).toBeFocused();
    await expectAccessible(page, "/cliente?order= (desistência registrada)");
  });

  test("a delivered order's rating form with its error, the review sent, the admin's reviews section and the product page's reviews", async ({
    page,
    browser,
  }) => {
    await signedInCustomer(page, uniqueEmail("acessivel-avaliacao"), PASSWORD);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signedInAdmin(admin, PASSWORD);
    const deliveredId = await deliveredCourseOrder(page, admin);
    await openPage(page, `/cliente?order=${deliveredId}`);
    await page.getByRole("button", { name: "Avaliar Curso de Cultivo Doméstico" }).click();
    await page.getByRole("button", { name: "Enviar avaliação" }).click();
    await expect(page.getByText("Escolha de 1 a 5 estrelas.")).toBeVisible();
    await expectAccessible(page, "/cliente?order= (formulário de avaliação com erro)");
    await page.getByRole("radio", { name: "5 estrelas" }).check();
    await page.getByLabel("Comentário (opcional)").fill("Ótimo curso, acessível.");
    await page.getByRole("button", { name: "Enviar avaliação" }).click();
    await expect(page.getByText(/^Aguardando moderação/)).toBeVisible();
    await expectAccessible(page, "/cliente?order= (avaliação enviada)");
    await openPage(admin, "/admin/avaliacoes");
    await expect(admin.getByRole("article").first()).toBeVisible();
    await expectAccessible(admin, "/admin/avaliacoes");
    await admin
      .getByRole("article")
      .filter({ hasText: "Ótimo curso, acessível." })
      .getByRole("button", { name: /^Publicar/ })
      .click();
    await expect(admin.getByText("Avaliação publicada na página do produto.")).toBeVisible();
    await adminContext.close();
    await openPage(page, "/produto/curso-cultivo-domestico?avaliacoes=1#avaliacoes");
    await expect(page.getByText("Ótimo curso, acessível.").first()).toBeVisible();
    await expectAccessible(page, "/produto/curso-cultivo-domestico (avaliações)");
  });

  test("a paid e-book's downloads in the panel, and the pages of a download link: another account's, an invalid one", async ({
    page,
    browser,
  }) => {
    await signedInCustomer(page, uniqueEmail("acessivel-ebook"), PASSWORD);
    const adminContext = await browser.newContext();
    // The download page is a storefront page: a fresh browser meets the 18+ gate there first (decision 063).
    await adminContext.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
    const admin = await adminContext.newPage();
    await signedInAdmin(admin, PASSWORD);
    const added = await page.request.post("/api/cart/items", { data: { productId: productUuid(202), quantity: 1 }, headers: fromTheShop });
    expect(added.status(), await added.text()).toBe(201);
    const placed = await page.request.post("/api/checkout/orders", {
      data: { idempotencyKey: randomUUID(), confirmAdult: true, acceptTerms: true },
      headers: fromTheShop,
    });
    const { orderId } = (await placed.json()) as { orderId: string };
    const paid = await admin.request.post(`/api/admin/orders/${orderId}/confirm-payment`, { headers: fromTheShop });
    expect(paid.status(), await paid.text()).toBe(200);
    await openPage(page, `/cliente?order=${orderId}`);
    const link = page.getByRole("link", { name: "Baixar E-book de Cultivo Avançado (PDF)" });
    await expect(link).toBeVisible();
    await expectAccessible(page, "/cliente?order= (downloads do e-book)");
    const href = (await link.getAttribute("href"))!;
    // A changed signature: the page offering a new link.
    await openPage(page, href.replace(/assinatura=[\w-]+/, `assinatura=${"A".repeat(43)}`));
    await expect(page.getByRole("button", { name: "Gerar novo link" })).toBeVisible();
    await expectAccessible(page, "/download/… (link inválido)");
    // The admin is another account: the 403 page.
    await openPage(admin, href);
    await expect(admin.getByRole("heading", { name: "Este download é de outra conta" })).toBeVisible();
    await expectAccessible(admin, "/download/… (outra conta)");
    await adminContext.close();
  });
});

test.describe("an admin", () => {
  let session: Cookie[];
  let pendingId: string;
  let paidId: string;

  // A customer's two orders (one paid by the admin) and the admin's session, once per worker.
  test.beforeAll(async ({ browser }) => {
    const { orderIds } = await customerWithOrders(browser, 2);
    pendingId = orderIds[0]!;
    paidId = orderIds[1]!;
    const context = await browser.newContext();
    const adminPage = await context.newPage();
    await signedInAdmin(adminPage, PASSWORD);
    const paid = await adminPage.request.post(`/api/admin/orders/${paidId}/confirm-payment`, { headers: fromTheShop });
    expect(paid.status(), await paid.text()).toBe(200);
    session = await context.cookies();
    await context.close();
  });
  test.beforeEach(async ({ context }) => context.addCookies(session));

  test("/admin, all orders and an empty filter", async ({ page }) => {
    await openPage(page, "/admin/pedidos");
    await expect(page.getByRole("table", { name: "Pedidos encontrados" })).toBeVisible();
    await expectAccessible(page, "/admin/pedidos");
    await openPage(page, `/admin/pedidos?status=cancelled&q=${randomUUID()}`);
    await expect(page.getByText("Nenhum pedido encontrado com esses filtros.")).toBeVisible();
    await expectAccessible(page, "/admin?status=cancelled (filtro vazio)");
  });

  test("/admin's dashboard, with the chart's table open, on a desktop and on a phone", async ({ page }) => {
    await openPage(page, "/admin");
    const chart = page.getByRole("figure", { name: /Faturamento por dia/ });
    // Drawn: the chart library's chunk loaded and its SVG is in the page.
    await expect(chart.locator("svg")).toBeVisible();
    await expectAccessible(page, "/admin (painel)");
    await chart.getByText("Ver os valores por dia").click();
    await expect(chart.getByRole("table")).toBeVisible();
    await expectAccessible(page, "/admin (painel, tabela do gráfico aberta)");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, "/admin (painel, celular)");
  });

  test("/admin's customers: the list, a search without results, and one customer", async ({ page }) => {
    await checkScreen(page, "/admin/clientes");
    const first = page.getByRole("list", { name: "Clientes" }).getByRole("link").first();
    const href = await first.getAttribute("href");
    await checkScreen(page, "/admin/clientes?busca=ninguem-com-este-nome", "/admin/clientes (busca sem resultado)");
    await checkScreen(page, href!, "/admin/clientes?cliente= (um cliente)");
  });

  test("/admin's returns, shipping and audit log sections", async ({ page }) => {
    await checkScreen(page, "/admin/devolucoes");
    await checkScreen(page, "/admin/frete");
    await checkScreen(page, "/admin/auditoria");
    await checkScreen(page, "/admin/cupons");
  });

  test("/admin, one order awaiting payment and one paid (tracking form)", async ({ page }) => {
    await openPage(page, `/admin?order=${pendingId}`);
    await expect(page.getByRole("button", { name: "Confirmar pagamento" })).toBeVisible();
    await expectAccessible(page, "/admin?order= (aguardando pagamento)");
    await openPage(page, `/admin?order=${paidId}`);
    await expect(page.getByLabel("Código de rastreio (Correios)")).toBeVisible();
    await expectAccessible(page, "/admin?order= (pago, com rastreio)");
  });

  test("/admin's refund queue on a phone: a withdrawal's refund owed, then marked sent and gone from it", async ({ page, browser }) => {
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signedInCustomer(customer, uniqueEmail("acessivel-reembolso"), PASSWORD);
    const { orderId, number } = await paidKitOrder(customer, page);
    const withdrawal = await customer.request.post(`/api/orders/${orderId}/withdrawal`, {
      data: { reason: "Comprei duas vezes" },
      headers: fromTheShop,
    });
    expect(withdrawal.status(), await withdrawal.text()).toBe(201);
    await customerContext.close();

    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/admin/reembolsos");
    const card = page.getByRole("article", { name: `Pedido #${number}` });
    await expect(card).toContainText("Identificador do Pix");
    await expectAccessible(page, "/admin/reembolsos (reembolso devido, celular)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.getByRole("button", { name: `Marcar o reembolso do pedido #${number} como enviado` }).click();
    // The confirmation stays above the queue, which the card leaves as soon as the list is read again.
    await expect(
      page.getByRole("status").filter({ hasText: `Pedido #${number}: Reembolso marcado como enviado: o cliente foi avisado.` }),
    ).toBeVisible();
    await expect(card).toHaveCount(0);
    await openPage(page, "/admin/reembolsos");
    await expect(page.getByRole("article", { name: `Pedido #${number}` })).toHaveCount(0);
    await expectAccessible(page, "/admin/reembolsos (depois de enviado)");
  });

  test("/admin, orders found by a search (table and phone cards), the returns queue and a return's order page", async ({
    page,
    browser,
  }) => {
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signedInCustomer(customer, uniqueEmail("acessivel-fila"), PASSWORD);
    const orderId = await deliveredCourseOrder(customer, page);
    const withdrawal = await customer.request.post(`/api/orders/${orderId}/withdrawal`, {
      data: { unopened: true, reason: "Curso errado" },
      headers: fromTheShop,
    });
    expect(withdrawal.status(), await withdrawal.text()).toBe(201);
    await customerContext.close();

    await openPage(page, "/admin/pedidos?q=Cliente+Teste");
    await expect(page.getByRole("table", { name: "Pedidos encontrados" })).toBeVisible();
    await expectAccessible(page, "/admin?q= (pedidos encontrados, tabela)");
    await openPage(page, "/admin/devolucoes");
    await expect(page.getByRole("list", { name: "Devoluções" }).getByRole("listitem").first()).toBeVisible();
    await expectAccessible(page, "/admin/devolucoes (fila)");
    await openPage(page, `/admin?order=${orderId}`);
    await expect(page.getByRole("region", { name: "Devolução" }).getByRole("button", { name: "Aceitar devolução" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Registro de auditoria do pedido" }).getByText("Confirmou o pagamento")).toBeVisible();
    await expectAccessible(page, "/admin?order= (devolução pedida, reembolso, auditoria)");
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/admin/pedidos?q=Cliente+Teste");
    await expect(page.getByRole("list", { name: "Pedidos encontrados" })).toBeVisible();
    await expectAccessible(page, "/admin?q= (pedidos encontrados, cartões no celular)");
  });

  test("/maintenance-panel and /customizar-produto", async ({ page }) => {
    await checkScreen(page, "/maintenance-panel");
    await checkScreen(page, "/customizar-produto");
  });

  test("/maintenance-panel's sections on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/maintenance-panel");
    await expect(page.getByRole("article", { name: "Banco de dados" })).toBeVisible();
    await expectAccessible(page, "/maintenance-panel (saúde, celular)");
    for (const [section, ready] of [
      ["manutencao", "Mensagem da página de manutenção"],
      ["erros", "Vistos há mais de (dias)"],
      ["administradores", "E-mail do novo administrador"],
      ["limpeza", "Carrinhos parados há (dias)"],
    ] as const) {
      await openPage(page, `/maintenance-panel/${section}`);
      await expect(page.getByRole("textbox", { name: ready })).toBeVisible();
      await expect(page.getByText(/^(Carregando|Contando)…$/)).toHaveCount(0);
      await expectAccessible(page, `/maintenance-panel/${section} (celular)`);
    }
  });

  test("/admin's settings with an error, and the go-live check, on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/admin/configuracoes");
    await expect(page.getByRole("textbox", { name: "Chave Pix" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Itens da verificação" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Logotipo" })).toBeVisible();
    // The owner's installments rule for cards (issue 32, decision 084), there with cards off too.
    await expect(page.getByRole("region", { name: "Parcelamento no cartão" })).toBeVisible();
    await expectAccessible(page, "/admin/configuracoes (celular)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A Pix key of no known type: the form's error, without saving.
    await page.getByRole("textbox", { name: "Chave Pix" }).fill("minha chave");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(page.getByRole("alert")).toContainText("Chave Pix inválida");
    await expectAccessible(page, "/admin/configuracoes (erro, celular)");
    await openPage(page, "/maintenance-panel/abertura");
    await expect(page.getByRole("list", { name: "Itens da verificação" })).toBeVisible();
    await expectAccessible(page, "/maintenance-panel/abertura (celular)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("/customizar-produto's editors on a phone: a sample's price table (with an error), a kit, the shipping table", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(page, "/customizar-produto?produto=2", "/customizar-produto?produto=2 (amostra)");
    await page.getByRole("checkbox", { name: "Usar a tabela padrão da loja" }).uncheck();
    await page.getByRole("textbox", { name: "20 g", exact: true }).fill("1,00");
    await expect(page.getByRole("alert")).toContainText("não pode custar menos que 10 g");
    await expectAccessible(page, "/customizar-produto?produto=2 (tabela com erro)");
    await checkScreen(page, "/customizar-produto?produto=4", "/customizar-produto?produto=4 (kit)");
    await checkScreen(page, "/customizar-produto?frete", "/customizar-produto?frete");
    // A new product's form, and a digital product's file with the orders that downloaded it (decisions 061, 062).
    await checkScreen(page, "/customizar-produto?novo", "/customizar-produto?novo (celular)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkScreen(page, "/customizar-produto?produto=202", "/customizar-produto?produto=202 (e-book, arquivo)");
    await expect(page.getByRole("region", { name: "Arquivo para download" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("the header's menu on a phone, with the admin links", async ({ page }) => {
    await openPhoneMenu(page, "/admin");
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Administração" })).toBeVisible();
    await expectAccessible(page, "menu do cabeçalho aberto (celular, admin)");
  });
});

/** The route path of app/routes.ts that serves `url`, as the router matches it ("" is the index). */
function routePathOf(url: string): string | undefined {
  const route = matchRoutes(
    routes.map(({ index, path }) => (index ? { index: true } : { path })),
    url,
  )?.at(-1)?.route;
  return route && (route.index ? "" : route.path);
}

// No browser: the route table against the lists and tests above.
plainTest("every route of app/routes.ts is checked above or is not a screen", () => {
  const routePaths = routes.map((route) => (route.index ? "" : (route.path ?? "")));
  const reached = new Set([...VISITOR_PAGES, ...CUSTOMER_PAGES].map(routePathOf));
  const unchecked = routePaths.filter((path) => !reached.has(path) && !(path in OTHER_ROUTES));
  expect(
    unchecked,
    "rotas sem verificação de acessibilidade: ponha uma URL em VISITOR_PAGES ou CUSTOMER_PAGES, ou a rota em OTHER_ROUTES",
  ).toEqual([]);
  const gone = Object.keys(OTHER_ROUTES).filter((path) => !routePaths.includes(path));
  expect(gone, "rotas de OTHER_ROUTES que não existem mais em app/routes.ts").toEqual([]);

  const titles = new Set([...readFileSync(plainTest.info().file, "utf8").matchAll(/\btest\("([^"]+)"/g)].map((match) => match[1]));
  const missing = Object.values(OTHER_ROUTES)
    .flatMap((check) => ("tests" in check ? check.tests : []))
    .filter((title) => !titles.has(title));
  expect(missing, "testes citados em OTHER_ROUTES que não existem neste arquivo").toEqual([]);
});
