import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { labels } from "#platform/db/tables/labels.ts";
import { DomainError } from "#domain/errors.ts";
import { fulfilmentProfileSchema } from "#domain/settings/fulfilment-profile.ts";
import { saveFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import { buyLabel, buyLabels } from "#domain/labels/buy-labels.server.ts";
import { cancelLabel } from "#domain/labels/cancel-label.server.ts";
import { NEEDS_NFE } from "#domain/labels/label-errors.ts";
import { cartBody } from "#domain/labels/label-parcel.server.ts";
import { printLabels } from "#domain/labels/label-print.server.ts";
import { runLabelStep } from "#domain/labels/label-steps.server.ts";
import { pollLabelTracking } from "#domain/labels/label-tracking.server.ts";
import { addToCart } from "#domain/labels/melhor-envio-shipments.server.ts";
import { setUpLabels, SHOP_PROFILE as PROFILE } from "#test/labels.ts";

const ctx = setUpLabels();
const { t } = ctx;
const paidOrder = () => ctx.paidOrder();
const drive = (labelId: string) => ctx.drive(labelId);
const labelOf = (orderId: string) => ctx.labelOf(orderId);
const count = (call: string) => ctx.count(call);

describe("buying a label through Melhor Envio's four steps (issue 30 item 4)", () => {
  it("resumes after a crash between steps without a second cart item or a second payment", async () => {
    const orderId = await paidOrder();
    const { label } = await buyLabel(ctx.services, ctx.ownerId, orderId);
    expect(label?.status).toBe("started");
    // A crash after Melhor Envio took the cart item, before our commit: the item is there, tagged with the order.
    const order = await getOrder(t.db, orderId);
    const profile = fulfilmentProfileSchema.parse(PROFILE);
    const lost = await addToCart(
      ctx.services,
      await cartBody(t.db, { order: order!, profile, serviceId: 1, invoice: null, shopName: "Loja" }),
    );
    const cartsBefore = count("POST /cart");
    expect(await runLabelStep(ctx.services, { labelId: label!.id })).toBe("cart");
    expect(count("POST /cart")).toBe(cartsBefore);
    expect((await labelOf(orderId)).shipmentId).toBe(lost.id);

    // Then a crash after Melhor Envio was paid, before our commit: the wallet was debited once.
    const paid = await fetch(`${ctx.fake.url}/api/v2/me/shipment/checkout`, {
      method: "POST",
      headers: { authorization: `Bearer ${ctx.fake.token}`, "user-agent": "Teste (teste@example.com)", "content-type": "application/json" },
      body: JSON.stringify({ orders: [lost.id] }),
    });
    expect(paid.status).toBe(200);
    const checkoutsBefore = count("POST /shipment/checkout");
    await drive(label!.id);

    const done = await labelOf(orderId);
    expect(done.status).toBe("ready");
    expect(done.step).toBe("done");
    expect(count("POST /shipment/checkout")).toBe(checkoutsBefore);
    expect(ctx.fake.balance).toBe(500 - 19.9);
    expect(ctx.fake.shipments.get(lost.id)!.non_commercial).toBe(true);
  });

  it("refuses for insufficient balance in Portuguese, then resumes from the step reached once the wallet has money", async () => {
    const orderId = await paidOrder();
    ctx.fake.balance = 5;
    const { label } = await buyLabel(ctx.services, ctx.ownerId, orderId);
    await drive(label!.id);
    const failed = await labelOf(orderId);
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toContain("Saldo insuficiente no Melhor Envio");
    expect(failed.errorMessage).toContain("Seu saldo de R$ 5,00 é insuficiente");
    expect(failed.errorMessage).toContain("Adicione saldo");

    ctx.fake.balance = 100;
    const carts = count("POST /cart");
    await buyLabel(ctx.services, ctx.ownerId, orderId);
    await drive(label!.id);
    expect((await labelOf(orderId)).status).toBe("ready");
    expect(count("POST /cart")).toBe(carts);
    expect(ctx.fake.balance).toBe(100 - 19.9);
  });

  it("tells the owner in Portuguese when Melhor Envio refuses the token or equal documents", async () => {
    const orderId = await paidOrder();
    const { label } = await buyLabel(ctx.services, ctx.ownerId, orderId);
    const expired = { ...ctx.services, config: { ...ctx.services.config, MELHOR_ENVIO_TOKEN: "vencido" } };
    await runLabelStep(expired, { labelId: label!.id });
    const unauthenticated = await labelOf(orderId);
    expect(unauthenticated.status).toBe("failed");
    expect(unauthenticated.errorMessage).toContain("O Melhor Envio recusou o acesso");
    expect(unauthenticated.errorMessage).toContain("conecte a conta de novo");

    // The shop sends as a person whose CPF is the customer's: Melhor Envio refuses equal documents.
    await saveFulfilmentProfile(
      ctx.services,
      ctx.ownerId,
      fulfilmentProfileSchema.parse({ ...PROFILE, sender: { ...PROFILE.sender, document: "529.982.247-25", stateRegistration: null } }),
    );
    await buyLabel(ctx.services, ctx.ownerId, orderId);
    await drive(label!.id);
    const equal = await labelOf(orderId);
    expect(equal.status).toBe("failed");
    expect(equal.errorMessage).toContain("O CPF do cliente é o mesmo documento da loja");
  });

  it("in NF-e mode refuses a label before the order's NF-e is authorized, with nothing sent to Melhor Envio", async () => {
    await saveFulfilmentProfile(ctx.services, ctx.ownerId, fulfilmentProfileSchema.parse({ ...PROFILE, shipsWith: "nfe" }));
    const orderId = await paidOrder();
    const carts = count("POST /cart");
    const refusal = await buyLabel(ctx.services, ctx.ownerId, orderId).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).message).toBe(NEEDS_NFE);
    expect(await t.db.select().from(labels).where(eq(labels.orderId, orderId))).toEqual([]);
    expect(count("POST /cart")).toBe(carts);
  });

  it("cancels a label before posting, noting the refund to the wallet", async () => {
    const orderId = await paidOrder();
    const { label } = await buyLabel(ctx.services, ctx.ownerId, orderId);
    await drive(label!.id);
    expect(ctx.fake.balance).toBe(500 - 19.9);
    const cancelled = await cancelLabel(ctx.services, ctx.ownerId, orderId);
    expect(cancelled.label).toBeNull();
    const row = await labelOf(orderId);
    expect(row.status).toBe("cancelled");
    expect(row.refundNote).toMatch(/^R\$\s19,90 voltam à carteira do Melhor Envio em até 12 horas/);
    expect(ctx.fake.balance).toBe(500);
  });
});

describe("one print link for the selected orders, with packing slips (issue 30 item 4)", () => {
  it("buys three orders' labels in one go and prints them all, with a slip per order, in one PDF", async () => {
    const orderIds = [await paidOrder(), await paidOrder(), await paidOrder()];
    const result = await buyLabels(ctx.services, ctx.ownerId, orderIds);
    expect(result.refused).toEqual([]);
    expect(result.started).toHaveLength(3);
    expect(result.printPath).toBe(`/api/admin/labels/print?pedidos=${orderIds.join(",")}`);
    for (const { labelId } of result.started) await drive(labelId);

    const pdf = await PDFDocument.load(await printLabels(ctx.services, orderIds));
    // Melhor Envio's one print of the three labels (a page each), then three packing slips.
    expect(pdf.getPageCount()).toBe(6);
    const shipments = await Promise.all(orderIds.map(async (id) => (await labelOf(id)).shipmentId));
    expect([...ctx.fake.prints!.values()].some((ids) => ids.length === 3 && shipments.every((id) => ids.includes(id!)))).toBe(true);
  });
});

describe("polling Melhor Envio's tracking (issue 30 item 5)", () => {
  it("polls labels not final at most hourly and stops after delivery", async () => {
    const label = await ctx.readyLabel();
    const shipment = ctx.fake.shipments.get(label.shipmentId!)!;
    const now = new Date(Date.now() + 24 * 60 * 60_000);
    await pollLabelTracking(ctx.services, now);
    const read = (await labelOf(label.orderId)).polledAt!;
    // Melhor Envio caches tracking for an hour: half an hour on, the label is not asked about.
    shipment.status = "delivered";
    shipment.tracking = "AA123456785BR";
    await pollLabelTracking(ctx.services, new Date(now.getTime() + 30 * 60_000));
    expect((await labelOf(label.orderId)).polledAt).toEqual(read);
    expect((await labelOf(label.orderId)).providerStatus).toBe("generated");

    await pollLabelTracking(ctx.services, new Date(now.getTime() + 61 * 60_000));
    const delivered = await labelOf(label.orderId);
    expect(delivered.status).toBe("used");
    expect(delivered.providerStatus).toBe("delivered");
    expect(delivered.trackingCode).toBe("AA123456785BR");
    // Delivered is final: hours later it is never read again.
    await pollLabelTracking(ctx.services, new Date(now.getTime() + 5 * 60 * 60_000));
    expect((await labelOf(label.orderId)).polledAt).toEqual(delivered.polledAt);
  });
});
