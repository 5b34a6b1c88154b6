// Issue 30's "done when", the whole chain on a 390 px phone: a shop that ships with NF-e through Melhor
// Envio and invoices through Focus NFe (both local fakes speaking their wire formats) takes three paid
// orders (goods, a service, a sample with a consultoria) from paid to delivered without anyone typing:
// SEFAZ authorizes the notes (Focus' hook reaches the shop), the owner buys every label with one tap on
// the orders list and prints one PDF, the carrier posts and delivers (Melhor Envio's signed webhooks),
// and each customer sees the timeline, the note and the tracking link, and gets the e-mails over SMTP.
// The shop runs as a production process of its own on a database of its own (as e2e/card-payments.spec.ts).
import { inflateSync } from "node:zlib";
import type { Browser, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { CHECKOUT_ADDRESS } from "../test/checkout-address.ts";
import { startFocusNfeFake, type FocusNfeFake } from "../test/fakes/focusnfe-fake.ts";
import { startMelhorEnvioFake, type MelhorEnvioFake } from "../test/fakes/melhorenvio-fake.ts";
import { killAll, type ShopProcess } from "../test/shop-process.ts";
import { expectAccessible } from "./axe-checks.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { startOwnShop } from "./own-shop.ts";

const KIT = 4;
const CONSULTORIA = 101;
const DATABASE = "shop_fulfilment";
const FOCUS_SECRET = "segredo-do-gatilho-da-focus-jornada";
const OWNER = uniqueEmail("dona-expedicao");
const PASSWORD = "expedicao-completa-42";
const PHONE = { width: 390, height: 844 };

/** The shop's sender data the owner types: a Simples Nacional company with a state registration, shipping with NF-e. */
const PROFILE = {
  sender: {
    name: "Loja Micologia Ltda",
    phone: "(31) 98888-7777",
    email: "expedicao@lojamicologia.example",
    document: "11222333000181",
    stateRegistration: "0012345670012",
    municipalRegistration: "1234567",
    address: {
      cep: "30140-071",
      street: "Avenida Brasil",
      number: "10",
      complement: "",
      district: "Funcionários",
      city: "Belo Horizonte",
      state: "MG",
      cityIbgeCode: "3106200",
    },
  },
};

let me: MelhorEnvioFake;
let focus: FocusNfeFake;
let shop: ShopProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  me = await startMelhorEnvioFake({ balance: 500 });
  focus = await startFocusNfeFake();
  shop = await startOwnShop(DATABASE, 13, {
    ADMIN_EMAILS: OWNER,
    SHIPPING_PROVIDER: "melhorenvio",
    MELHOR_ENVIO_URL: me.url,
    MELHOR_ENVIO_TOKEN: me.token,
    MELHOR_ENVIO_CLIENT_SECRET: me.clientSecret,
    INVOICE_PROVIDER: "focusnfe",
    FOCUS_NFE_URL: focus.url,
    FOCUS_NFE_TOKEN: focus.token,
    FOCUS_NFE_WEBHOOK_SECRET: FOCUS_SECRET,
  });
  me.webhookUrl = shop.url("/api/shipping/melhorenvio/webhook");
  // The hooks as the owner registers them at Focus, the secret in the header the shop checks.
  await focus.registerHooks(shop.url("/api/invoices/focusnfe/webhook"), PROFILE.sender.document, FOCUS_SECRET);
});

test.afterAll(async () => {
  await killAll();
  await me?.close();
  await focus?.close();
});

const originOf = () => ({ origin: shop.url("").replace(/\/$/, "") });

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.url(""), viewport: PHONE, locale: "pt-BR" });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  return page;
}

/** The owner (ADMIN_EMAILS) signed up, her address confirmed from the e-mail, signed in on her phone. */
async function signedInOwner(browser: Browser): Promise<Page> {
  const owner = await phonePage(browser);
  const signUp = await owner.request.post(shop.url("/api/auth/sign-up/email"), {
    data: { name: "Dona da Loja", email: OWNER, password: PASSWORD },
    headers: originOf(),
  });
  expect(signUp.status()).toBe(200);
  await owner.goto(linkIn(await waitForMail(OWNER, (mail) => mail.subject.startsWith("Confirme")), "/api/auth/verify-email"));
  return owner;
}

type Customer = { page: Page; email: string; orderId: string; number: number; shippingMethod?: string };

/** A customer on her phone who orders `productIds` (with an address when something ships) and waits for her Pix. */
async function customerOrders(browser: Browser, label: string, productIds: number[], ships: boolean): Promise<Customer> {
  const page = await phonePage(browser);
  const email = uniqueEmail(label);
  const signUp = await page.request.post(shop.url("/api/auth/sign-up/email"), {
    data: { name: `Cliente ${label}`, email, password: PASSWORD },
    headers: originOf(),
  });
  expect(signUp.status()).toBe(200);
  const signIn = await page.request.post(shop.url("/api/auth/sign-in/email"), { data: { email, password: PASSWORD }, headers: originOf() });
  expect(signIn.status()).toBe(200);
  for (const id of productIds) {
    const added = await page.request.post(shop.url("/api/cart/items"), {
      data: { productId: productUuid(id), quantity: 1 },
      headers: originOf(),
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  let shipping = {};
  if (ships) {
    // The checkout's live quote from Melhor Envio for the parcel; the customer takes the first service offered.
    const quoted = await page.request.post(shop.url("/api/checkout/shipping-quote"), {
      data: { cep: CHECKOUT_ADDRESS.cep },
      headers: originOf(),
    });
    expect(quoted.status(), await quoted.text()).toBe(200);
    const quote = (await quoted.json()) as { source: string; options: Array<{ method: string }> };
    expect(quote.source).toBe("melhorenvio");
    shipping = { address: CHECKOUT_ADDRESS, shippingMethod: quote.options[0]!.method };
  }
  const placed = await page.request.post(shop.url("/api/checkout/orders"), {
    data: { idempotencyKey: crypto.randomUUID(), ...shipping, confirmAdult: true, acceptTerms: true },
    headers: originOf(),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId, number } = (await placed.json()) as { orderId: string; number: number };
  return { page, email, orderId, number, ...("shippingMethod" in shipping ? { shippingMethod: String(shipping.shippingMethod) } : {}) };
}

/** Focus' ref of an order's note (the shop derives it from the order, so a retry never makes a second one). */
const refOf = (orderId: string, kind: "nfe" | "nfsen") => `${orderId.replaceAll("-", "").toLowerCase()}${kind === "nfe" ? "nfe" : "nfse"}`;

/** SEFAZ (or the municipality) authorizes the note once the shop has sent it; Focus' hook then reaches the shop. */
async function authorize(orderId: string, kind: "nfe" | "nfsen"): Promise<void> {
  const ref = refOf(orderId, kind);
  await expect
    .poll(() => focus.notes.get(ref)?.status, { message: `a nota ${ref} enviada à Focus`, timeout: 45_000 })
    .toBe("processando_autorizacao");
  await focus.authorize(ref);
}

/** The text a PDF draws with pdf-lib's standard fonts: its content streams inflated, their hex strings read as WinAnsi. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString("latin1");
  const pieces: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    const chunk = bytes.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(chunk).toString("latin1");
    } catch {
      content = chunk.toString("latin1");
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f\s]+)>\s*Tj/g))
      pieces.push(Buffer.from(hex[1]!.replace(/\s/g, ""), "hex").toString("latin1"));
    for (const literal of content.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) pieces.push(literal[1]!);
  }
  return pieces.join("\n");
}

type LabelAnswer = {
  label: { status: string; serviceId: number; protocol: string | null; trackingCode: string | null } | null;
  blocker: string | null;
};

test("on a phone, three paid orders go from paid to delivered: notes, one tap for the labels, one PDF, the carrier's webhooks, the customers told", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await signedInOwner(browser);

  // The owner types the shop's sender and tax data on her phone (NF-e, Simples Nacional, with IE).
  await owner.goto(shop.url("/admin/configuracoes"));
  await waitForHydration(owner);
  const section = owner.getByRole("region", { name: "Dados de envio e fiscais" });
  const readiness = section.getByRole("region", { name: "Pronta para enviar?" });
  await expect(readiness).toContainText("Ainda não.");
  const form = section.locator("form");
  const { sender } = PROFILE;
  for (const [label, value] of [
    ["Nome de quem envia", sender.name],
    ["Documento de quem envia", "11.222.333/0001-81"],
    ["Inscrição estadual (IE)", sender.stateRegistration],
    ["Inscrição municipal", sender.municipalRegistration],
    ["Telefone", sender.phone],
    ["CEP", sender.address.cep],
    ["Rua", sender.address.street],
    ["Número", sender.address.number],
    ["Bairro", sender.address.district],
    ["UF", sender.address.state],
    ["Código IBGE do município", sender.address.cityIbgeCode],
  ] as const)
    await form.getByLabel(label).fill(value);
  await form.getByLabel("E-mail", { exact: true }).fill(sender.email);
  await form.getByLabel("Cidade", { exact: true }).fill(sender.address.city);
  await form.getByRole("radio", { name: "Simples Nacional (ME/EPP)" }).check();
  await form.getByRole("radio", { name: "Nota fiscal eletrônica (NF-e)" }).check();
  await form.getByRole("button", { name: "Salvar dados de envio" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Dados de envio e fiscais salvos." })).toBeVisible();
  await expect(readiness).toContainText("Sim: a loja tem o que precisa para emitir notas e comprar etiquetas.");
  await expectAccessible(owner, "/admin/configuracoes (dados de envio prontos, celular)");

  // Each product's tax data, as the accountant gave it (the product editor's panel has its own journey).
  for (const [id, tax] of [
    [KIT, { ncm: "0712.39.00", cfop: "5102", origin: 0, icmsCode: "102", serviceCode: "" }],
    [CONSULTORIA, { ncm: "", cfop: "", origin: 0, icmsCode: "", serviceCode: "17.01.01" }],
  ] as const) {
    const saved = await owner.request.put(shop.url(`/api/admin/products/${productUuid(id)}/tax`), { data: tax, headers: originOf() });
    expect(saved.status(), await saved.text()).toBe(200);
    expect(((await saved.json()) as { missing: string[] }).missing).toEqual([]);
  }

  // Three customers order: goods only, a service only, a sample with a consultoria; the owner confirms each static Pix.
  const goods = await customerOrders(browser, "produtos", [KIT], true);
  const service = await customerOrders(browser, "servico", [CONSULTORIA], false);
  const mixed = await customerOrders(browser, "misto", [KIT, CONSULTORIA], true);
  for (const customer of [goods, service, mixed]) {
    const paid = await owner.request.post(shop.url(`/api/admin/orders/${customer.orderId}/confirm-payment`), { headers: originOf() });
    expect(paid.status(), await paid.text()).toBe(200);
  }

  // SEFAZ authorizes the NF-e of the goods, the municipality the NFS-e of the services; Focus' hook tells the shop.
  await authorize(goods.orderId, "nfe");
  await authorize(service.orderId, "nfsen");
  await authorize(mixed.orderId, "nfe");
  await authorize(mixed.orderId, "nfsen");
  for (const customer of [goods, service, mixed]) {
    const mail = await waitForMail(
      customer.email,
      (received) => received.subject.includes(`Sua nota fiscal do pedido #${customer.number}`),
      45_000,
    );
    expect(mail.text).toContain(focus.url);
  }

  // The owner, on her phone: the orders list, the two paid orders that ship, "Comprar etiquetas" once.
  await owner.goto(shop.url("/admin/pedidos"));
  await waitForHydration(owner);
  const bulk = owner.getByRole("form", { name: "Comprar etiquetas" });
  // Only the orders that ship are offered, with the wallet's balance before buying.
  await expect(bulk.getByRole("checkbox")).toHaveCount(2);
  await expect(bulk).toContainText("Saldo na carteira do Melhor Envio: R$ 500,00");
  for (const customer of [goods, mixed]) await bulk.getByRole("checkbox", { name: new RegExp(`Pedido #${customer.number}\\b`) }).check();
  await expectAccessible(owner, "/admin/pedidos (etiquetas selecionadas)");
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await bulk.getByRole("button", { name: "Comprar etiquetas (2)" }).click();
  await expect(bulk.getByText("2 etiquetas sendo compradas.")).toBeVisible();
  const pdfLink = bulk.getByRole("link", { name: "Abrir o PDF das etiquetas e listas de separação" });
  await expect(pdfLink).toBeVisible();

  // Melhor Envio's four steps run as jobs; each label turns ready.
  const labelOf = async (orderId: string) =>
    (await (await owner.request.get(shop.url(`/api/admin/orders/${orderId}/label`))).json()) as LabelAnswer;
  for (const customer of [goods, mixed]) {
    await expect.poll(async () => (await labelOf(customer.orderId)).label?.status, { timeout: 60_000 }).toBe("ready");
  }
  // Each label is bought for the service the customer chose at checkout.
  for (const customer of [goods, mixed]) expect(`me-${(await labelOf(customer.orderId)).label!.serviceId}`).toBe(customer.shippingMethod);
  // Each label paid from the wallet once (a label is its own job, decision 078).
  expect(me.calls.filter((call) => call === "POST /shipment/checkout")).toHaveLength(2);

  // The one PDF: both labels, then a packing slip per order; the mixed order's slip lists only the sample.
  const pdf = await owner.request.get(shop.url((await pdfLink.getAttribute("href"))!));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  const bytes = Buffer.from(await pdf.body());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect((await PDFDocument.load(bytes)).getPageCount(), "two labels, two packing slips").toBe(4);
  const text = pdfText(bytes);
  const protocols = await Promise.all([goods, mixed].map(async (customer) => (await labelOf(customer.orderId)).label!.protocol!));
  for (const protocol of protocols) expect(text).toContain(`Etiqueta ${protocol}`);
  const mixedOrder = (await (await mixed.page.request.get(shop.url(`/api/orders/${mixed.orderId}`))).json()) as {
    items: Array<{ productName: string; productId: string }>;
  };
  const sampleName = mixedOrder.items.find((item) => item.productId === productUuid(KIT))!.productName;
  const consultoriaName = mixedOrder.items.find((item) => item.productId === productUuid(CONSULTORIA))!.productName;
  // The PDF's standard fonts draw "—" as "-" (label-print.server.ts).
  const slipStart = text.indexOf(`Pedido #${mixed.number} - lista de separação`);
  expect(slipStart).toBeGreaterThanOrEqual(0);
  const nextSlip = text.indexOf("lista de separação", slipStart + 30);
  const mixedSlip = text.slice(slipStart, nextSlip === -1 ? undefined : nextSlip);
  expect(mixedSlip).toContain(sampleName);
  expect(mixedSlip).not.toContain(consultoriaName);
  expect(text).toContain(`Pedido #${goods.number}`);

  // The carrier posts, then delivers, each parcel: Melhor Envio's signed webhooks move the orders.
  for (const protocol of protocols) {
    const shipment = [...me.shipments.values()].find((candidate) => candidate.protocol === protocol)!;
    for (const to of ["posted", "delivered"] as const) {
      const advanced = await fetch(`${me.url}/__advance/${shipment.id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ to }),
      });
      expect(((await advanced.json()) as { webhook: number | null }).webhook).toBe(200);
    }
  }

  // The customers: e-mails with the tracking link, and /cliente with the timeline, the note and the tracking link.
  for (const customer of [goods, mixed]) {
    const label = (await labelOf(customer.orderId)).label!;
    expect(label.trackingCode).toBeTruthy();
    const mail = await waitForMail(customer.email, (received) => received.subject.includes(`Pedido #${customer.number} a caminho`), 45_000);
    expect(linkIn(mail, label.trackingCode!)).toContain("rastreio");
    const { page } = customer;
    await page.goto(shop.url(`/cliente?order=${customer.orderId}`));
    await waitForHydration(page);
    const tracking = page.getByRole("region", { name: "Acompanhar a entrega" });
    await expect(tracking).toContainText(`Código de rastreio: ${label.trackingCode}`);
    await expect(tracking.getByRole("link", { name: /Acompanhar a entrega/ })).toHaveAttribute("href", new RegExp(label.trackingCode!));
    await expect(tracking.getByRole("list", { name: "Eventos da entrega" })).toContainText("Postado");
    await expect(tracking.getByRole("list", { name: "Eventos da entrega" })).toContainText("Entregue");
    await expect(page.getByRole("link", { name: /DANFE da NF-e/ })).toHaveAttribute("href", new RegExp(`^${focus.url}`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await expectAccessible(goods.page, "/cliente?order= (entregue, com nota e rastreio)");
  const goodsHistory = goods.page.getByRole("region", { name: "Histórico do pedido" });
  await expect(goodsHistory.getByText("Entregue", { exact: true }).first()).toBeVisible();

  // The mixed order: the parcel arrived, the consultoria not yet held, so it is not "Entregue".
  const mixedHistory = mixed.page.getByRole("region", { name: "Histórico do pedido" });
  await expect(mixed.page.getByRole("link", { name: /DANFSe da NFS-e/ })).toBeVisible();
  await expect(mixed.page.getByRole("region", { name: "Acompanhar a entrega" })).toContainText("A realizar");
  await expect(mixedHistory.getByText("Entregue", { exact: true })).toHaveCount(0);

  // The owner marks the consultoria held on her phone; the customer's open page turns "Entregue" by itself.
  await owner.goto(shop.url(`/admin?order=${mixed.orderId}`));
  await waitForHydration(owner);
  const parts = owner.getByRole("region", { name: "Partes do pedido" });
  await parts.getByRole("button", { name: /Marcar como realizada/ }).click();
  await expect(parts.getByText(/: realizada\.$/)).toBeVisible();
  await expectAccessible(owner, "/admin?order= (pedido misto, consultoria realizada)");
  await expect(mixed.page.getByRole("region", { name: "Acompanhar a entrega" })).toContainText("Realizado");
  await expect(mixedHistory.getByText("Entregue", { exact: true })).toBeVisible();
  await expectAccessible(mixed.page, "/cliente?order= (pedido misto entregue)");

  // The service-only order: its DANFSe in the panel, no parcel to follow; "Entregue" once the owner marks it held.
  await service.page.goto(shop.url(`/cliente?order=${service.orderId}`));
  await waitForHydration(service.page);
  await expect(service.page.getByRole("link", { name: /DANFSe da NFS-e/ })).toBeVisible();
  const serviceHistory = service.page.getByRole("region", { name: "Histórico do pedido" });
  await expect(serviceHistory.getByText("Entregue", { exact: true })).toHaveCount(0);
  await owner.goto(shop.url(`/admin?order=${service.orderId}`));
  await waitForHydration(owner);
  const serviceParts = owner.getByRole("region", { name: "Partes do pedido" });
  await serviceParts.getByRole("button", { name: /Marcar como realizada/ }).click();
  await expect(serviceParts.getByText(/: realizada\.$/)).toBeVisible();
  await expect(serviceHistory.getByText("Entregue", { exact: true })).toBeVisible();
});
