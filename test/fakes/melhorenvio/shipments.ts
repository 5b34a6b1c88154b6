// Labels and tracking: /cart, /shipment/checkout|generate|print|tracking|cancel, /balance,
// /orders/{id}, signed webhooks and the test control that advances a shipment (issue 30 items 4, 5).
// Shapes as in docs/decisions/078: the cart's "Order", the wallet's "Seu saldo de R$ … é insuficiente"
// refusal, tracking keyed by id, X-ME-Signature = base64 HMAC-SHA256 of the raw body.
import { createHmac, randomUUID } from "node:crypto";
import type { Context, Hono } from "hono";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { FAKE_SERVICES, nowIso, type FakeShipment, type FakeShipmentStatus, type FakeState } from "#test/fakes/melhorenvio/state.ts";

const API = "/api/v2/me";
const PRICES: Record<number, number> = { 1: 19.9, 2: 29.9, 17: 12.9, 3: 17.5 };
/** Correios services take exactly one volume. */
const ONE_VOLUME_SERVICES = new Set([1, 2, 17]);

let sequence = 0;

/** A valid Correios code (UPU S10 check digit), as the carrier gives at posting. */
export function fakeTrackingCode(): string {
  const digits = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  const check = 11 - (sum % 11);
  return `AA${digits}${check === 10 ? 0 : check === 11 ? 5 : check}BR`;
}

/** The shipment as Melhor Envio answers it: the cart's body stays ours. */
function shown(shipment: FakeShipment) {
  const { body: _body, invoice_key: _key, ...rest } = shipment;
  return rest;
}

const refuse = (c: Context, error: string, status: 400 | 404 | 422 = 422) => c.json({ error }, status);

function idsOf(body: unknown): string[] {
  const orders = (body as { orders?: unknown } | null)?.orders;
  return Array.isArray(orders) ? orders.map(String) : [];
}

/** Signs the raw body as Melhor Envio does, with the app's secret (base64). */
export function signWebhook(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("base64");
}

export function shipmentRoutes(app: Hono, state: FakeState): void {
  state.prints ??= new Map();

  app.post(`${API}/cart`, async (c) => {
    type Party = { document?: string; company_document?: string; postal_code?: string };
    const body = (await c.req.json()) as {
      service?: unknown;
      from?: Party;
      to?: Party;
      volumes?: unknown;
      options?: { insurance_value?: unknown; non_commercial?: unknown; invoice?: { key?: unknown }; tags?: FakeShipment["tags"] };
    };
    const service = Number(body.service);
    if (!FAKE_SERVICES.some((known) => known.id === service))
      return c.json({ message: "Serviço inválido", errors: { service: ["Serviço inválido."] } }, 422);
    const fromDocument = body.from?.company_document ?? body.from?.document;
    if (fromDocument && fromDocument === body.to?.document) {
      return refuse(c, "Os documentos (CPFs) dos participantes do frete não podem ser iguais");
    }
    const volumes = Array.isArray(body.volumes) ? body.volumes : [body.volumes];
    if (ONE_VOLUME_SERVICES.has(service) && volumes.length > 1) {
      return c.json({ message: "Volumes inválidos", errors: { volumes: ["Os Correios aceitam apenas um volume por envio."] } }, 422);
    }
    const options = body.options ?? {};
    const invoiceKey = typeof options.invoice?.key === "string" ? options.invoice.key : null;
    if (!options.non_commercial && !invoiceKey) {
      return c.json(
        {
          message: "Nota fiscal obrigatória",
          errors: { "options.invoice.key": ["A chave da nota fiscal é obrigatória para envios comerciais."] },
        },
        422,
      );
    }
    if (!body.to?.postal_code || !/^\d{8}$/.test(String(body.to.postal_code))) {
      return c.json({ message: "CEP inválido", errors: { "to.postal_code": ["O CEP de destino é inválido."] } }, 422);
    }
    sequence += 1;
    const shipment: FakeShipment = {
      id: randomUUID(),
      protocol: `ORD-2026${String(sequence).padStart(8, "0")}`,
      service_id: service,
      agency_id: null,
      price: PRICES[service] ?? 20,
      discount: 0,
      status: "pending",
      insurance_value: Number(options.insurance_value ?? 0),
      non_commercial: Boolean(options.non_commercial),
      invoice_key: invoiceKey,
      tracking: null,
      self_tracking: null,
      tags: Array.isArray(options.tags) ? options.tags : [],
      body: body as Record<string, unknown>,
      created_at: nowIso(),
      paid_at: null,
      generated_at: null,
      posted_at: null,
      delivered_at: null,
      canceled_at: null,
    };
    state.shipments.set(shipment.id, shipment);
    return c.json(shown(shipment), 201);
  });

  app.get(`${API}/cart`, (c) =>
    c.json({ data: [...state.shipments.values()].filter((shipment) => shipment.status === "pending").map(shown) }),
  );

  app.get(`${API}/cart/:id`, (c) => {
    const shipment = state.shipments.get(c.req.param("id"));
    if (!shipment || shipment.status !== "pending") return c.json({ message: "Not found" }, 404);
    return c.json(shown(shipment));
  });

  app.delete(`${API}/cart/:id`, (c) => {
    const shipment = state.shipments.get(c.req.param("id"));
    if (!shipment || shipment.status !== "pending") return c.json({ message: "Not found" }, 404);
    state.shipments.delete(shipment.id);
    return c.body(null, 204);
  });

  app.get(`${API}/orders/:id`, (c) => {
    const shipment = state.shipments.get(c.req.param("id"));
    return shipment ? c.json(shown(shipment)) : c.json({ message: "Not found" }, 404);
  });

  app.post(`${API}/shipment/checkout`, async (c) => {
    const ids = idsOf(await c.req.json());
    const shipments = ids.map((id) => state.shipments.get(id));
    if (ids.length === 0 || shipments.some((shipment) => !shipment)) return refuse(c, "Envio não encontrado no carrinho.", 404);
    if (shipments.some((shipment) => shipment!.status === "expired")) return refuse(c, "O envio expirou no carrinho.");
    if (shipments.some((shipment) => shipment!.status !== "pending")) return refuse(c, "Este envio já foi pago.");
    const total = shipments.reduce((sum, shipment) => sum + shipment!.price, 0);
    if (state.balance < total) {
      return refuse(c, `Seu saldo de R$ ${state.balance.toFixed(2).replace(".", ",")} é insuficiente para realizar esta compra.`);
    }
    state.balance = Math.round((state.balance - total) * 100) / 100;
    for (const shipment of shipments) {
      shipment!.status = "released";
      shipment!.paid_at = nowIso();
      shipment!.self_tracking = `ME${shipment!.protocol.slice(-8)}`;
    }
    return c.json({
      purchase: {
        id: randomUUID(),
        protocol: `PUR-${Date.now()}`,
        total,
        discount: 0,
        status: "paid",
        paid_at: nowIso(),
        orders: shipments.map((shipment) => ({
          id: shipment!.id,
          protocol: shipment!.protocol,
          service_id: shipment!.service_id,
          status: shipment!.status,
          self_tracking: shipment!.self_tracking,
        })),
      },
      digitable: null,
      redirect: null,
      message: null,
      token: null,
      payment_id: null,
    });
  });

  app.post(`${API}/shipment/generate`, async (c) => {
    const answer: Record<string, { status: boolean; message: string }> = {};
    for (const id of idsOf(await c.req.json())) {
      const shipment = state.shipments.get(id);
      if (shipment?.status === "released") {
        shipment.status = "generated";
        shipment.generated_at = nowIso();
      }
      const ok = shipment !== undefined && ["generated", "posted", "delivered", "undelivered"].includes(shipment.status);
      answer[id] = { status: ok, message: ok ? "Envio gerado com sucesso" : "Envio não pago" };
    }
    return c.json(answer);
  });

  app.post(`${API}/shipment/print`, async (c) => {
    const ids = idsOf(await c.req.json());
    const printable = ids.every((id) => ["generated", "posted"].includes(state.shipments.get(id)?.status ?? ""));
    if (ids.length === 0 || !printable) return refuse(c, "Há envios não gerados na seleção.");
    const key = randomUUID();
    state.prints!.set(key, ids);
    return c.json({ url: `${new URL(c.req.url).origin}/__print/${key}.pdf` });
  });

  // The public print link: one small real PDF, a page per label.
  app.get("/__print/:file", async (c) => {
    const ids = state.prints!.get(c.req.param("file").replace(/\.pdf$/, ""));
    if (!ids) return c.text("Not found", 404);
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const id of ids) {
      const page = pdf.addPage([283, 425]);
      page.drawText(`Etiqueta ${state.shipments.get(id)?.protocol ?? id}`, { x: 20, y: 390, size: 12, font });
    }
    return new Response(Buffer.from(await pdf.save()), { headers: { "content-type": "application/pdf" } });
  });

  app.post(`${API}/shipment/tracking`, async (c) => {
    const answer: Record<string, object> = {};
    for (const id of idsOf(await c.req.json())) {
      const shipment = state.shipments.get(id);
      if (!shipment) continue;
      answer[id] = {
        id,
        protocol: shipment.protocol,
        status: shipment.status,
        tracking: shipment.tracking,
        melhorenvio_tracking: shipment.self_tracking,
        created_at: shipment.created_at,
        paid_at: shipment.paid_at,
        generated_at: shipment.generated_at,
        posted_at: shipment.posted_at,
        delivered_at: shipment.delivered_at,
        canceled_at: shipment.canceled_at,
        expired_at: null,
      };
    }
    return c.json(answer);
  });

  app.post(`${API}/shipment/cancel`, async (c) => {
    const body = (await c.req.json()) as { order?: { id?: string } };
    const shipment = state.shipments.get(String(body.order?.id ?? ""));
    if (!shipment) return refuse(c, "Envio não encontrado.", 404);
    if (!["released", "generated"].includes(shipment.status)) return refuse(c, "Este envio não pode mais ser cancelado.");
    shipment.status = "canceled";
    shipment.canceled_at = nowIso();
    state.balance = Math.round((state.balance + shipment.price) * 100) / 100;
    return c.json({ [shipment.id]: { canceled: true } });
  });

  app.get(`${API}/balance`, (c) => c.json({ balance: state.balance, reserved: 0, debts: 0 }));

  // Test control: the carrier posts or delivers a generated label; Melhor Envio tells the shop's webhook.
  app.post("/__advance/:id", async (c) => {
    const shipment = state.shipments.get(c.req.param("id"));
    if (!shipment) return c.json({ error: "unknown shipment" }, 404);
    const { to } = (await c.req.json()) as { to: Extract<FakeShipmentStatus, "posted" | "delivered" | "undelivered"> };
    if (!["posted", "delivered", "undelivered"].includes(to)) return c.json({ error: "to: posted | delivered | undelivered" }, 400);
    shipment.status = to;
    shipment.tracking ??= fakeTrackingCode();
    if (to === "posted") shipment.posted_at = nowIso();
    if (to === "delivered") shipment.delivered_at = nowIso();
    const webhook = await sendWebhook(state, shipment, `order.${to}`);
    return c.json({ shipment: shown(shipment), webhook });
  });
}

/** POSTs `event` for the shipment to the configured webhook URL, signed; the shop's HTTP status (null: no URL). */
export async function sendWebhook(state: FakeState, shipment: FakeShipment, event: string): Promise<number | null> {
  if (!state.webhookUrl) return null;
  const raw = JSON.stringify({
    event,
    data: {
      id: shipment.id,
      protocol: shipment.protocol,
      status: shipment.status,
      tracking: shipment.tracking,
      tracking_url: shipment.tracking ? `https://www.melhorrastreio.com.br/rastreio/${shipment.tracking}` : null,
      tags: shipment.tags,
      paid_at: shipment.paid_at,
      generated_at: shipment.generated_at,
      posted_at: shipment.posted_at,
      delivered_at: shipment.delivered_at,
    },
  });
  const response = await fetch(state.webhookUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-me-signature": signWebhook(state.clientSecret, raw),
      "user-agent": "MelhorEnvio-Webhook",
    },
    body: raw,
  });
  return response.status;
}
