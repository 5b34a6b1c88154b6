import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelHistory } from "#platform/db/tables/labels.ts";
import { isValidTrackingCode } from "#domain/orders/order-status.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import { createApp } from "#server/http/app.ts";
import { serveOnLoopback } from "#test/fakes/serve.ts";
import { setUpLabels } from "#test/labels.ts";

const ctx = setUpLabels();
const { t } = ctx;
let shop: { url: string; close(): Promise<void> };

beforeAll(async () => {
  // The shop answers Melhor Envio's webhooks at its real route, on a port of its own, where the fake posts them.
  shop = await serveOnLoopback(createApp(ctx.services) as never);
  ctx.fake.webhookUrl = `${shop.url}/api/shipping/melhorenvio/webhook`;
});

afterAll(async () => {
  await shop.close();
});

const readyLabel = () => ctx.readyLabel();
const labelOf = (orderId: string) => ctx.labelOf(orderId);

describe("Melhor Envio's tracking webhooks and polling (issue 30 item 5)", () => {
  const post = (body: string, signature: string) =>
    fetch(ctx.fake.webhookUrl!, { method: "POST", headers: { "content-type": "application/json", "x-me-signature": signature }, body });

  const movesTo = async (labelId: string, providerStatus: string) =>
    (await t.db.select().from(labelHistory).where(eq(labelHistory.labelId, labelId))).filter(
      (entry) => entry.providerStatus === providerStatus && entry.note?.startsWith("Melhor Envio"),
    );

  it("refuses a forged webhook and changes nothing", async () => {
    const label = await readyLabel();
    ctx.fake.shipments.get(label.shipmentId!)!.status = "posted";
    const body = JSON.stringify({ event: "order.posted", data: { id: label.shipmentId } });
    const forged = await post(body, createHmac("sha256", "not-the-secret").update(body).digest("base64"));
    expect(forged.status).toBe(401);
    expect((await forged.json()) as object).toMatchObject({ error: { message: "Notificação recusada: assinatura inválida." } });
    const unsigned = await fetch(ctx.fake.webhookUrl!, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(unsigned.status).toBe(401);
    expect((await labelOf(label.orderId)).status).toBe("ready");
  });

  it("moves the label once when the same webhook arrives five times at once, and ignores its replay", async () => {
    const label = await readyLabel();
    const advanced = await fetch(`${ctx.fake.url}/__advance/${label.shipmentId}`, {
      method: "POST",
      body: JSON.stringify({ to: "posted" }),
    });
    const { shipment, webhook } = (await advanced.json()) as { shipment: { tracking: string }; webhook: number };
    expect(webhook).toBe(200);
    const posted = await labelOf(label.orderId);
    expect(posted.status).toBe("used");
    expect(posted.trackingCode).toBe(shipment.tracking);
    expect(isValidTrackingCode(posted.trackingCode!)).toBe(true);
    // The order follows, through the orders' carrier events in the same transaction.
    const shipped = await getOrder(t.db, label.orderId);
    expect(shipped!.status).toBe("shipped");
    expect(shipped!.trackingCode).toBe(shipment.tracking);

    // The same notification five times at once (hex signature this time, with its prefix): nothing moves again.
    const body = JSON.stringify({ event: "order.delivered", data: { id: label.shipmentId } });
    ctx.fake.shipments.get(label.shipmentId!)!.status = "delivered";
    const signature = `sha256=${createHmac("sha256", ctx.fake.clientSecret).update(body).digest("hex")}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body, signature)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await movesTo(label.id, "delivered")).toHaveLength(1);
    expect(await movesTo(label.id, "posted")).toHaveLength(1);
    const delivered = await getOrder(t.db, label.orderId);
    expect(delivered!.status).toBe("delivered");
    expect(delivered!.history.filter((entry) => entry.toStatus === "delivered")).toHaveLength(1);
    expect((await post(body, signature)).status).toBe(200);
    expect(await movesTo(label.id, "delivered")).toHaveLength(1);
  });
});
