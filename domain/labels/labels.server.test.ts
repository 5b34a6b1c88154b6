import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { labelHistory, labels } from "#platform/db/tables/labels.ts";
import type { AppServices } from "#platform/services.ts";
import { DomainError } from "#domain/errors.ts";
import { isValidTrackingCode } from "#domain/orders/order-status.ts";
import { fulfilmentProfileSchema, type FulfilmentProfileInput } from "#domain/settings/fulfilment-profile.ts";
import { saveFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { buyLabel, buyLabels } from "#domain/labels/buy-labels.server.ts";
import { cancelLabel } from "#domain/labels/cancel-label.server.ts";
import { NEEDS_NFE } from "#domain/labels/label-errors.ts";
import { cartBody } from "#domain/labels/label-parcel.server.ts";
import { printLabels } from "#domain/labels/label-print.server.ts";
import { runLabelStep } from "#domain/labels/label-steps.server.ts";
import { pollLabelTracking } from "#domain/labels/label-tracking.server.ts";
import { addToCart } from "#domain/labels/melhor-envio-shipments.server.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import { createApp } from "#server/http/app.ts";
import { makeCustomer, moveOrderAsAdmin, placedOrder } from "#test/builders.ts";
import { setUpTestDatabase, testConfig } from "#test/database.ts";
import { startMelhorEnvioFake, type MelhorEnvioFake } from "#test/fakes/melhorenvio-fake.ts";
import { serveOnLoopback } from "#test/fakes/serve.ts";

const PROFILE: FulfilmentProfileInput = {
  sender: {
    name: "Loja Micologia Ltda",
    phone: "(11) 3333-4444",
    email: "envios@loja.example",
    document: "11.222.333/0001-81",
    stateRegistration: "123456789",
    municipalRegistration: null,
    address: {
      cep: "04538-133",
      street: "Rua A",
      number: "10",
      complement: "",
      district: "Itaim",
      city: "São Paulo",
      state: "SP",
      cityIbgeCode: "3550308",
    },
  },
  taxRegime: "simples_nacional",
  shipsWith: "dce",
};

const t = setUpTestDatabase();
let fake: MelhorEnvioFake;
let services: AppServices;
let shop: { url: string; close(): Promise<void> };
let ownerId: string;

beforeAll(async () => {
  fake = await startMelhorEnvioFake();
  services = {
    ...t.services,
    config: testConfig({
      DATABASE_URL: t.url,
      MELHOR_ENVIO_URL: fake.url,
      MELHOR_ENVIO_TOKEN: fake.token,
      MELHOR_ENVIO_CLIENT_SECRET: fake.clientSecret,
    }),
  };
  // The shop answers Melhor Envio's webhooks at its real route, on a port of its own.
  shop = await serveOnLoopback(createApp(services) as never);
  fake.webhookUrl = `${shop.url}/api/shipping/melhorenvio/webhook`;
  ownerId = (await makeCustomer(t.db, "Dona")).id;
});

afterAll(async () => {
  await shop.close();
  await fake.close();
});

beforeEach(async () => {
  fake.balance = 500;
  await saveFulfilmentProfile(services, ownerId, fulfilmentProfileSchema.parse(PROFILE));
});

/** A paid order of the kit (it ships, PAC), as the admin confirms it. */
async function paidOrder(): Promise<string> {
  const customer = await makeCustomer(t.db);
  const orderId = await placedOrder(services, customer, 4);
  await moveOrderAsAdmin(services, orderId, "paid");
  return orderId;
}

/** Runs the label's jobs as the worker would, until none is left to run. */
async function drive(labelId: string): Promise<void> {
  for (let run = 0; run < 10; run += 1) if ((await runLabelStep(services, { labelId })) === null) return;
}

async function labelOf(orderId: string) {
  const [row] = await t.db.select().from(labels).where(eq(labels.orderId, orderId));
  return row!;
}

const count = (call: string) => fake.calls.filter((entry) => entry === call).length;

describe("buying a label through Melhor Envio's four steps (issue 30 item 4)", () => {
  it("resumes after a crash between steps without a second cart item or a second payment", async () => {
    const orderId = await paidOrder();
    const { label } = await buyLabel(services, ownerId, orderId);
    expect(label?.status).toBe("started");
    // A crash after Melhor Envio took the cart item, before our commit: the item is there, tagged with the order.
    const order = await getOrder(t.db, orderId);
    const profile = fulfilmentProfileSchema.parse(PROFILE);
    const lost = await addToCart(services, await cartBody(t.db, { order: order!, profile, serviceId: 1, invoice: null, shopName: "Loja" }));
    const cartsBefore = count("POST /cart");
    expect(await runLabelStep(services, { labelId: label!.id })).toBe("cart");
    expect(count("POST /cart")).toBe(cartsBefore);
    expect((await labelOf(orderId)).shipmentId).toBe(lost.id);

    // Then a crash after Melhor Envio was paid, before our commit: the wallet was debited once.
    const paid = await fetch(`${fake.url}/api/v2/me/shipment/checkout`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "user-agent": "Teste (teste@example.com)", "content-type": "application/json" },
      body: JSON.stringify({ orders: [lost.id] }),
    });
    expect(paid.status).toBe(200);
    const checkoutsBefore = count("POST /shipment/checkout");
    await drive(label!.id);

    const done = await labelOf(orderId);
    expect(done.status).toBe("ready");
    expect(done.step).toBe("done");
    expect(count("POST /shipment/checkout")).toBe(checkoutsBefore);
    expect(fake.balance).toBe(500 - 19.9);
    expect(fake.shipments.get(lost.id)!.non_commercial).toBe(true);
  });

  it("refuses for insufficient balance in Portuguese, then resumes from the step reached once the wallet has money", async () => {
    const orderId = await paidOrder();
    fake.balance = 5;
    const { label } = await buyLabel(services, ownerId, orderId);
    await drive(label!.id);
    const failed = await labelOf(orderId);
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toContain("Saldo insuficiente no Melhor Envio");
    expect(failed.errorMessage).toContain("Seu saldo de R$ 5,00 é insuficiente");
    expect(failed.errorMessage).toContain("Adicione saldo");

    fake.balance = 100;
    const carts = count("POST /cart");
    await buyLabel(services, ownerId, orderId);
    await drive(label!.id);
    expect((await labelOf(orderId)).status).toBe("ready");
    expect(count("POST /cart")).toBe(carts);
    expect(fake.balance).toBe(100 - 19.9);
  });

  it("in NF-e mode refuses a label before the order's NF-e is authorized, with nothing sent to Melhor Envio", async () => {
    await saveFulfilmentProfile(services, ownerId, fulfilmentProfileSchema.parse({ ...PROFILE, shipsWith: "nfe" }));
    const orderId = await paidOrder();
    const carts = count("POST /cart");
    const refusal = await buyLabel(services, ownerId, orderId).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).message).toBe(NEEDS_NFE);
    expect(await t.db.select().from(labels).where(eq(labels.orderId, orderId))).toEqual([]);
    expect(count("POST /cart")).toBe(carts);
  });

  it("cancels a label before posting, noting the refund to the wallet", async () => {
    const orderId = await paidOrder();
    const { label } = await buyLabel(services, ownerId, orderId);
    await drive(label!.id);
    expect(fake.balance).toBe(500 - 19.9);
    const cancelled = await cancelLabel(services, ownerId, orderId);
    expect(cancelled.label).toBeNull();
    const row = await labelOf(orderId);
    expect(row.status).toBe("cancelled");
    expect(row.refundNote).toMatch(/^R\$\s19,90 voltam à carteira do Melhor Envio em até 12 horas/);
    expect(fake.balance).toBe(500);
  });
});

describe("one print link for the selected orders, with packing slips (issue 30 item 4)", () => {
  it("buys three orders' labels in one go and prints them all, with a slip per order, in one PDF", async () => {
    const orderIds = [await paidOrder(), await paidOrder(), await paidOrder()];
    const result = await buyLabels(services, ownerId, orderIds);
    expect(result.refused).toEqual([]);
    expect(result.started).toHaveLength(3);
    expect(result.printPath).toBe(`/api/admin/labels/print?pedidos=${orderIds.join(",")}`);
    for (const { labelId } of result.started) await drive(labelId);

    const pdf = await PDFDocument.load(await printLabels(services, orderIds));
    // Melhor Envio's one print of the three labels (a page each), then three packing slips.
    expect(pdf.getPageCount()).toBe(6);
    const shipments = await Promise.all(orderIds.map(async (id) => (await labelOf(id)).shipmentId));
    expect([...fake.prints!.values()].some((ids) => ids.length === 3 && shipments.every((id) => ids.includes(id!)))).toBe(true);
  });
});

describe("Melhor Envio's tracking webhooks and polling (issue 30 item 5)", () => {
  async function readyLabel() {
    const orderId = await paidOrder();
    const { label } = await buyLabel(services, ownerId, orderId);
    await drive(label!.id);
    return labelOf(orderId);
  }

  const post = (body: string, signature: string) =>
    fetch(fake.webhookUrl!, { method: "POST", headers: { "content-type": "application/json", "x-me-signature": signature }, body });

  const movesTo = async (labelId: string, providerStatus: string) =>
    (await t.db.select().from(labelHistory).where(eq(labelHistory.labelId, labelId))).filter(
      (entry) => entry.providerStatus === providerStatus && entry.note?.startsWith("Melhor Envio"),
    );

  it("refuses a forged webhook and changes nothing", async () => {
    const label = await readyLabel();
    fake.shipments.get(label.shipmentId!)!.status = "posted";
    const body = JSON.stringify({ event: "order.posted", data: { id: label.shipmentId } });
    const forged = await post(body, createHmac("sha256", "not-the-secret").update(body).digest("base64"));
    expect(forged.status).toBe(401);
    expect((await forged.json()) as object).toMatchObject({ error: { message: "Notificação recusada: assinatura inválida." } });
    const unsigned = await fetch(fake.webhookUrl!, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(unsigned.status).toBe(401);
    expect((await labelOf(label.orderId)).status).toBe("ready");
  });

  it("moves the label once when the same webhook arrives five times at once, and ignores its replay", async () => {
    const label = await readyLabel();
    const advanced = await fetch(`${fake.url}/__advance/${label.shipmentId}`, { method: "POST", body: JSON.stringify({ to: "posted" }) });
    const { shipment, webhook } = (await advanced.json()) as { shipment: { tracking: string }; webhook: number };
    expect(webhook).toBe(200);
    const posted = await labelOf(label.orderId);
    expect(posted.status).toBe("used");
    expect(posted.trackingCode).toBe(shipment.tracking);
    expect(isValidTrackingCode(posted.trackingCode!)).toBe(true);

    // The same notification five times at once (hex signature this time, with its prefix): nothing moves again.
    const body = JSON.stringify({ event: "order.delivered", data: { id: label.shipmentId } });
    fake.shipments.get(label.shipmentId!)!.status = "delivered";
    const signature = `sha256=${createHmac("sha256", fake.clientSecret).update(body).digest("hex")}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body, signature)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await movesTo(label.id, "delivered")).toHaveLength(1);
    expect(await movesTo(label.id, "posted")).toHaveLength(1);
    expect((await post(body, signature)).status).toBe(200);
    expect(await movesTo(label.id, "delivered")).toHaveLength(1);
  });

  it("polls labels not final at most hourly and stops after delivery", async () => {
    const label = await readyLabel();
    const shipment = fake.shipments.get(label.shipmentId!)!;
    const now = new Date(Date.now() + 24 * 60 * 60_000);
    await pollLabelTracking(services, now);
    const read = (await labelOf(label.orderId)).polledAt!;
    // Melhor Envio caches tracking for an hour: half an hour on, the label is not asked about.
    shipment.status = "delivered";
    shipment.tracking = "AA123456785BR";
    await pollLabelTracking(services, new Date(now.getTime() + 30 * 60_000));
    expect((await labelOf(label.orderId)).polledAt).toEqual(read);
    expect((await labelOf(label.orderId)).providerStatus).toBe("generated");

    await pollLabelTracking(services, new Date(now.getTime() + 61 * 60_000));
    const delivered = await labelOf(label.orderId);
    expect(delivered.status).toBe("used");
    expect(delivered.providerStatus).toBe("delivered");
    expect(delivered.trackingCode).toBe("AA123456785BR");
    // Delivered is final: hours later it is never read again.
    await pollLabelTracking(services, new Date(now.getTime() + 5 * 60 * 60_000));
    expect((await labelOf(label.orderId)).polledAt).toEqual(delivered.polledAt);
  });
});
