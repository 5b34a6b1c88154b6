// Issues 30, 31 and 32: "every owner screen works on a phone, in Portuguese, with loading, empty and
// error states". On a 390 px phone, each screen those issues added is opened while the API call it
// reads answers 500 or 503, or never reaches the shop (an aborted request, the phone offline): the
// screen says so in Portuguese (no blank panel, no English, no raw answer), the rest of the page
// still works, axe passes in that state, and its "Tentar de novo" shows the data once the shop
// answers again. The empty states (no connection, no note, no label yet) are read on the way.
// A shop of its own that ships through Melhor Envio and invoices through Focus NFe (local fakes).
import type { Browser, Page, Route } from "@playwright/test";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { CHECKOUT_ADDRESS } from "../test/checkout-address.ts";
import { FULFILMENT_PROFILE } from "../test/fulfilment-profile.ts";
import { startFocusNfeFake, type FocusNfeFake } from "../test/fakes/focusnfe-fake.ts";
import { startMelhorEnvioFake, type MelhorEnvioFake } from "../test/fakes/melhorenvio-fake.ts";
import { killAll, type ShopProcess } from "../test/shop-process.ts";
import { expectAccessible } from "./axe-checks.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { startOwnShop } from "./own-shop.ts";

const KIT = 4;
const OWNER = uniqueEmail("dona-erros");
const PASSWORD = "estados-de-erro-42";
const PHONE = { width: 390, height: 844 };
const FOCUS_SECRET = "segredo-do-gatilho-da-focus-erros";
/** A query that failed is tried once more by TanStack Query (a second later) before the screen says so. */
const SAYS_SO = { timeout: 15_000 };
/** Portuguese for people: none of the words a stack trace, a raw answer or an English fallback would show. */
const NOT_FOR_PEOPLE = /error|failed|fetch|undefined|null|\{|Internal Server|Service Unavailable|status code/i;

let me: MelhorEnvioFake;
let focus: FocusNfeFake;
let shop: ShopProcess;
let owner: Page;
let customer: Page;
/** Paid, its NF-e authorized, no label yet. */
let paid: { orderId: string; number: number };
/** Still waiting for its Pix: no note, no label. */
let unpaid: { orderId: string; number: number };

test.describe.configure({ mode: "serial" });

const originOf = () => ({ origin: shop.url("").replace(/\/$/, "") });

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.url(""), viewport: PHONE, locale: "pt-BR", hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  return page;
}

async function placeOrder(page: Page): Promise<{ orderId: string; number: number }> {
  const added = await page.request.post(shop.url("/api/cart/items"), {
    data: { productId: productUuid(KIT), quantity: 1 },
    headers: originOf(),
  });
  expect(added.status(), await added.text()).toBe(201);
  const quoted = await page.request.post(shop.url("/api/checkout/shipping-quote"), {
    data: { cep: CHECKOUT_ADDRESS.cep },
    headers: originOf(),
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  const { options } = (await quoted.json()) as { options: Array<{ method: string }> };
  const placed = await page.request.post(shop.url("/api/checkout/orders"), {
    data: {
      idempotencyKey: crypto.randomUUID(),
      address: CHECKOUT_ADDRESS,
      shippingMethod: options[0]!.method,
      confirmAdult: true,
      acceptTerms: true,
    },
    headers: originOf(),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { orderId: string; number: number };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  me = await startMelhorEnvioFake({ balance: 500 });
  focus = await startFocusNfeFake();
  // No token in the configuration: the owner connects both accounts on the settings screen.
  shop = await startOwnShop("shop_error_states", 17, {
    ADMIN_EMAILS: OWNER,
    SHIPPING_PROVIDER: "melhorenvio",
    MELHOR_ENVIO_URL: me.url,
    MELHOR_ENVIO_CLIENT_SECRET: me.clientSecret,
    INVOICE_PROVIDER: "focusnfe",
    FOCUS_NFE_URL: focus.url,
    FOCUS_NFE_WEBHOOK_SECRET: FOCUS_SECRET,
  });
  me.webhookUrl = shop.url("/api/shipping/melhorenvio/webhook");
  // The hooks as the owner registers them at Focus, the secret in the header the shop checks.
  await focus.registerHooks(
    shop.url("/api/invoices/focusnfe/webhook"),
    FULFILMENT_PROFILE.sender.document.replace(/\D/g, ""),
    FOCUS_SECRET,
  );

  owner = await phonePage(browser);
  const signUp = await owner.request.post(shop.url("/api/auth/sign-up/email"), {
    data: { name: "Dona da Loja", email: OWNER, password: PASSWORD },
    headers: originOf(),
  });
  expect(signUp.status()).toBe(200);
  await owner.goto(linkIn(await waitForMail(OWNER, (mail) => mail.subject.startsWith("Confirme")), "/api/auth/verify-email"));
  const profile = await owner.request.put(shop.url("/api/admin/settings/fulfilment"), {
    data: FULFILMENT_PROFILE,
    headers: originOf(),
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const tax = await owner.request.put(shop.url(`/api/admin/products/${productUuid(KIT)}/tax`), {
    data: { ncm: "0712.39.00", cfop: "5102", origin: 0, icmsCode: "102", serviceCode: "" },
    headers: originOf(),
  });
  expect(tax.status(), await tax.text()).toBe(200);

  customer = await phonePage(browser);
  const email = uniqueEmail("cliente-erros");
  for (const path of ["/api/auth/sign-up/email", "/api/auth/sign-in/email"]) {
    const answer = await customer.request.post(shop.url(path), {
      data: { name: "Cliente dos Erros", email, password: PASSWORD },
      headers: originOf(),
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
});

test.afterAll(async () => {
  await killAll();
  await me?.close();
  await focus?.close();
});

type Failure = "500" | "503" | "abort";

/**
 * Makes the shop's API calls to a path matching `path` (with `method`) fail as `how` until the
 * returned function is called: a 500 with an empty body, a 503 with a proxy's HTML page, or no
 * answer at all (the connection refused).
 */
async function failing(page: Page, path: RegExp, how: Failure, method = "GET"): Promise<() => Promise<void>> {
  const url = (address: URL) => address.pathname.startsWith("/api/") && path.test(address.pathname);
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    if (how === "abort") return route.abort("connectionrefused");
    if (how === "500") return route.fulfill({ status: 500, body: "" });
    return route.fulfill({ status: 503, contentType: "text/html", body: "<html><body>503 Service Unavailable</body></html>" });
  };
  await page.route(url, handler);
  return () => page.unroute(url, handler);
}

async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function openOnPhone(page: Page, path: string): Promise<void> {
  await page.goto(shop.url(path));
  await waitForHydration(page);
}

test("connections: a failed read says so and tries again; with none connected it says what to do; a token pasted offline is not lost", async () => {
  test.setTimeout(90_000);
  const restore = await failing(owner, /^\/api\/admin\/connections$/, "500");
  await openOnPhone(owner, "/admin/configuracoes");
  const section = owner.getByRole("region", { name: "Conexões" });
  await expect(section.getByRole("alert")).toHaveText(
    "Não foi possível ler as conexões: Não foi possível concluir. Tente novamente.",
    SAYS_SO,
  );
  // The rest of the settings screen still works.
  await expect(
    owner.getByRole("region", { name: "Dados de envio e fiscais" }).getByRole("button", { name: "Salvar dados de envio" }),
  ).toBeEnabled();
  await expectAccessible(owner, "/admin/configuracoes (conexões sem resposta, celular)");
  await fitsThePhone(owner);

  await restore();
  await section.getByRole("button", { name: "Tentar de novo" }).click();
  const melhorEnvio = section.getByRole("article", { name: "Melhor Envio" });
  const focusNfe = section.getByRole("article", { name: "Focus NFe" });
  // Empty: nothing connected, and each card says why it matters and where the token comes from.
  await expect(melhorEnvio).toContainText("Não conectado");
  await expect(melhorEnvio).toContainText("A loja está configurada para usar o Melhor Envio, mas nenhuma conta está conectada.");
  await expect(focusNfe).toContainText("A loja está configurada para usar o Focus NFe, mas nenhuma conta está conectada.");
  await expect(section.getByRole("alert")).toHaveCount(0);

  // The phone drops the connection as the owner saves Focus' token: she is told, and the token stays typed.
  const offline = await failing(owner, /^\/api\/admin\/connections\/focusnfe\/token$/, "abort", "PUT");
  const field = focusNfe.getByLabel("Token da empresa na Focus NFe");
  await field.fill(focus.token);
  await focusNfe.getByRole("button", { name: "Salvar token" }).click();
  await expect(section.getByRole("alert")).toHaveText("Sem conexão com a loja. Verifique sua internet e tente novamente.");
  await expect(field).toHaveValue(focus.token);
  await expectAccessible(owner, "/admin/configuracoes (token não salvo, celular)");
  await offline();
  await focusNfe.getByRole("button", { name: "Salvar token" }).click();
  await expect(focusNfe).toContainText("Conectado com um token colado aqui");
  await melhorEnvio.getByLabel("Token pessoal do Melhor Envio").fill(me.token);
  await melhorEnvio.getByRole("button", { name: "Salvar token" }).click();
  await expect(melhorEnvio).toContainText("Conectado com um token colado aqui");
});

test("the order page: the provider's charges, the label, the wallet and the notes each say they failed and read again", async () => {
  test.setTimeout(150_000);
  // Two orders: one paid (its NF-e authorized through Focus' hook), one still waiting for its Pix.
  paid = await placeOrder(customer);
  unpaid = await placeOrder(customer);
  const confirmed = await owner.request.post(shop.url(`/api/admin/orders/${paid.orderId}/confirm-payment`), { headers: originOf() });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const ref = `${paid.orderId.replaceAll("-", "").toLowerCase()}nfe`;
  await expect.poll(() => focus.notes.get(ref)?.status, { timeout: 45_000 }).toBe("processando_autorizacao");
  await focus.authorize(ref);
  await expect
    .poll(
      async () =>
        ((await (await owner.request.get(shop.url(`/api/admin/orders/${paid.orderId}/label`))).json()) as { blocker: string | null })
          .blocker,
      { timeout: 45_000 },
    )
    .toBeNull();

  // Empty: the unpaid order has no note yet, and says when it comes; no label is offered for it.
  await openOnPhone(owner, `/admin/pedidos?order=${unpaid.orderId}`);
  const notesOfUnpaid = owner.getByRole("region", { name: "Notas fiscais" });
  await expect(notesOfUnpaid).toContainText(
    "Nenhuma nota ainda: a NF-e dos produtos e a NFS-e dos serviços são emitidas sozinhas quando o pedido é pago.",
  );
  await expect(owner.getByRole("region", { name: "Etiqueta de envio" })).toHaveCount(0);

  const restores = [
    await failing(owner, /^\/api\/admin\/orders\/[^/]+\/payments$/, "500"),
    await failing(owner, /^\/api\/admin\/orders\/[^/]+\/label$/, "503"),
    await failing(owner, /^\/api\/admin\/orders\/[^/]+\/invoices$/, "abort"),
  ];
  const restoreWallet = await failing(owner, /^\/api\/admin\/labels\/wallet$/, "500");
  await openOnPhone(owner, `/admin/pedidos?order=${paid.orderId}`);
  const charges = owner.getByRole("region", { name: "Cobranças no provedor" });
  const label = owner.getByRole("region", { name: "Etiqueta de envio" });
  const notes = owner.getByRole("region", { name: "Notas fiscais" });
  await expect(charges.getByRole("alert")).toHaveText("Não foi possível carregar as cobranças do provedor.", SAYS_SO);
  await expect(label.getByRole("alert")).toHaveText("Não foi possível carregar a etiqueta deste pedido.", SAYS_SO);
  await expect(notes.getByRole("alert")).toHaveText(
    "Não foi possível carregar as notas fiscais. Sem conexão com a loja. Verifique sua internet e tente novamente.",
    SAYS_SO,
  );
  for (const panel of [charges, label, notes]) await expect(panel).not.toContainText(NOT_FOR_PEOPLE);
  // The rest of the order still works: its actions and its packing slip.
  await expect(owner.getByRole("button", { name: "Imprimir romaneio" })).toBeEnabled();
  await expect(owner.getByRole("button", { name: "Cancelar pedido" })).toBeEnabled();
  await expectAccessible(owner, "/admin/pedidos?order= (cobranças, etiqueta e notas sem resposta, celular)");
  await fitsThePhone(owner);

  for (const restore of restores) await restore();
  await charges.getByRole("button", { name: "Tentar de novo" }).click();
  // A static Pix has no charge at a provider: the panel goes away once it knows.
  await expect(charges).toHaveCount(0);
  await notes.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(notes.getByRole("article")).toContainText("NF-e");
  await expect(notes.getByRole("alert")).toHaveCount(0);
  await label.getByRole("button", { name: "Tentar de novo" }).click();
  // Empty: no label yet, so "Comprar etiqueta"; the wallet is still unreachable and says so.
  await expect(label.getByRole("button", { name: "Comprar etiqueta" })).toBeVisible();
  await expect(label.getByRole("alert")).toHaveText("Não foi possível consultar o saldo do Melhor Envio.", SAYS_SO);
  await expectAccessible(owner, "/admin/pedidos?order= (saldo sem resposta, celular)");
  await restoreWallet();
  await label.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(label).toContainText("Saldo na carteira do Melhor Envio: R$ 500,00");
});

test("the orders list: a failed list reads again; 'Comprar etiquetas' sent offline says so and buys once back; offline, the app shows the last list", async () => {
  test.setTimeout(120_000);
  const restore = await failing(owner, /^\/api\/admin\/orders$/, "500");
  await openOnPhone(owner, "/admin/pedidos");
  const list = owner.getByRole("region", { name: "Pedidos" });
  await expect(list.getByRole("alert")).toHaveText("Não foi possível concluir. Tente novamente.", SAYS_SO);
  // The search and the CSV still work.
  await expect(owner.getByRole("search", { name: "Buscar pedidos" }).getByRole("button", { name: "Buscar" })).toBeEnabled();
  await expectAccessible(owner, "/admin/pedidos (lista sem resposta, celular)");
  await fitsThePhone(owner);
  await restore();
  await list.getByRole("button", { name: "Tentar de novo" }).click();
  const bulk = owner.getByRole("form", { name: "Comprar etiquetas" });
  await expect(bulk).toContainText("Saldo na carteira do Melhor Envio: R$ 500,00");

  const offline = await failing(owner, /^\/api\/admin\/labels$/, "abort", "POST");
  await bulk.getByRole("checkbox", { name: new RegExp(`Pedido #${paid.number}\\b`) }).check();
  const buy = bulk.getByRole("button", { name: "Comprar etiquetas (1)" });
  await buy.click();
  await expect(bulk.getByRole("alert")).toHaveText("Sem conexão com a loja. Verifique sua internet e tente novamente.");
  await expect(bulk.getByRole("checkbox", { name: new RegExp(`Pedido #${paid.number}\\b`) })).toBeChecked();
  await expectAccessible(owner, "/admin/pedidos (etiquetas não compradas, celular)");
  await offline();
  await buy.click();
  await expect(bulk.getByText("1 etiqueta sendo comprada.")).toBeVisible();
  await expect(bulk.getByRole("alert")).toHaveCount(0);

  // The installed app offline: the service worker's page, in Portuguese, with the last list seen marked as old.
  await owner.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await owner.reload();
  await waitForHydration(owner);
  await expect(owner.getByRole("form", { name: "Comprar etiquetas" })).toBeVisible();
  await owner.context().setOffline(true);
  await owner.reload();
  await expect(owner.getByRole("heading", { name: "Sem conexão" })).toBeVisible();
  await expect(owner.getByText(/^Visto às \d{2}:\d{2} — sem conexão$/)).toBeVisible();
  await expect(owner.getByText(`Pedido #${unpaid.number}`)).toBeVisible();
  await expectAccessible(owner, "/admin/pedidos (sem conexão, celular)");
  await fitsThePhone(owner);
  await owner.context().setOffline(false);
  await owner.getByRole("link", { name: "Tentar de novo" }).click();
  await waitForHydration(owner);
  await expect(
    owner.getByRole("region", { name: "Pedidos" }).getByRole("link", { name: `Pedido #${unpaid.number}`, exact: true }),
  ).toBeVisible();
});

test("the owner's first screen and the health: failed reads say so, keep the page, and read again", async () => {
  test.setTimeout(90_000);
  const restores = [await failing(owner, /^\/api\/admin\/today$/, "503"), await failing(owner, /^\/api\/admin\/invoices\/to-fix$/, "500")];
  await openOnPhone(owner, "/admin");
  const today = owner.getByRole("region", { name: "Para fazer agora" });
  const toFix = owner.getByRole("region", { name: "Notas fiscais para corrigir" });
  await expect(today.getByRole("alert")).toHaveText("Não foi possível ler o que falta fazer.", SAYS_SO);
  // No count is shown as if it were still loading.
  await expect(today.getByRole("link", { name: /Pedidos a embalar/ })).toContainText("—");
  await expect(toFix.getByRole("alert")).toHaveText(
    "Não foi possível carregar as notas fiscais. Não foi possível falar com a loja. Tente novamente.",
    SAYS_SO,
  );
  await expect(today.getByRole("link", { name: /Pix aguardando/ })).toHaveAttribute("href", "/admin/pedidos?status=pending_payment");
  await expectAccessible(owner, "/admin (primeira tela sem resposta, celular)");
  await fitsThePhone(owner);
  for (const restore of restores) await restore();
  await today.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(today.getByRole("link", { name: /Pix aguardando/ })).toContainText("1");
  await expect(today.getByRole("alert")).toHaveCount(0);
  await toFix.getByRole("button", { name: "Tentar de novo" }).click();
  // Empty: nothing refused.
  await expect(toFix).toContainText("Nenhuma nota recusada ou por resolver.");

  const restoreHealth = await failing(owner, /^\/api\/admin\/health$/, "500");
  await openOnPhone(owner, "/maintenance-panel");
  const health = owner.getByRole("region", { name: "Saúde" });
  await expect(health.getByRole("alert")).toHaveText("Não foi possível concluir. Tente novamente.", SAYS_SO);
  await expect(owner.getByRole("navigation", { name: "Seções do painel de manutenção" }).getByRole("link").first()).toBeVisible();
  await expectAccessible(owner, "/maintenance-panel (saúde sem resposta, celular)");
  await fitsThePhone(owner);
  await restoreHealth();
  await health.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(health.getByRole("article", { name: "Melhor Envio" })).toContainText("token colado no admin");
  await expect(health.getByRole("alert")).toHaveCount(0);
});

test("the customer's order: the delivery and the note say they failed, the order stays readable, and both read again", async () => {
  test.setTimeout(120_000);
  // The label bought from the orders list is posted: the carrier's signed webhook reaches the shop.
  const labelOf = async () =>
    (
      (await (await owner.request.get(shop.url(`/api/admin/orders/${paid.orderId}/label`))).json()) as {
        label: { status: string; protocol: string | null } | null;
      }
    ).label;
  await expect.poll(async () => (await labelOf())?.status, { timeout: 60_000 }).toBe("ready");
  const protocol = (await labelOf())!.protocol;
  const shipment = [...me.shipments.values()].find((candidate) => candidate.protocol === protocol)!;
  const advanced = await fetch(`${me.url}/__advance/${shipment.id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ to: "posted" }),
  });
  expect(((await advanced.json()) as { webhook: number | null }).webhook).toBe(200);

  const restores = [
    await failing(customer, /^\/api\/orders\/[^/]+\/fulfilment$/, "500"),
    await failing(customer, /^\/api\/orders\/[^/]+\/invoices$/, "abort"),
  ];
  await openOnPhone(customer, `/cliente?order=${paid.orderId}`);
  const tracking = customer.getByRole("region", { name: "Acompanhar a entrega" });
  const note = customer.getByRole("region", { name: "Nota fiscal" });
  await expect(tracking.getByRole("alert")).toHaveText(
    "Não foi possível carregar a entrega. Não foi possível concluir. Tente novamente.",
    SAYS_SO,
  );
  await expect(note.getByRole("alert")).toHaveText(
    "Não foi possível carregar a nota fiscal. Sem conexão com a loja. Verifique sua internet e tente novamente.",
    SAYS_SO,
  );
  // The order itself is still there.
  await expect(customer.getByRole("region", { name: "Histórico do pedido" })).toBeVisible();
  await expectAccessible(customer, "/cliente?order= (entrega e nota sem resposta, celular)");
  await fitsThePhone(customer);
  for (const restore of restores) await restore();
  await tracking.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(tracking).toContainText("Código de rastreio:");
  await expect(tracking.getByRole("list", { name: "Eventos da entrega" })).toContainText("Postado");
  await note.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(note.getByRole("link", { name: /DANFE da NF-e/ })).toHaveAttribute("href", new RegExp(`^${focus.url}`));
  await expect(customer.getByRole("alert")).toHaveCount(0);
});
