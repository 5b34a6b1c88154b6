// A local Mercado Pago (research B.1.a) speaking the Payments API's wire format for Pix: Bearer
// token, X-Idempotency-Key, payments with a "copia e cola", refunds, and hooks that approve or
// expire a payment and then call the shop's notification_url with a correctly signed x-signature,
// a fresh x-request-id, duplicates and out-of-order deliveries on request. Used by the tests and by
// `PIX_PROVIDER=mercadopago npm run dev` (its /_fake/* routes are the developer's buttons).
import { createHash, randomUUID } from "node:crypto";
import { Hono } from "hono";
import { buildBrCode } from "#domain/payments/br-code.ts";
import { mercadoPagoSignature } from "#domain/payments/mercadopago-signature.server.ts";
import {
  brickScript,
  type CardPaymentFields,
  type CardRefund,
  type CardToken,
  challengePage,
  type Chargeback,
  installmentsAnswer,
  outcomeOfCardholder,
  registerCardRoutes,
} from "#test/fakes/mercadopago-cards-fake.ts";
import { serveOnLoopback } from "#test/fakes/serve.ts";

export type FakePayment = {
  id: number;
  status: "pending" | "approved" | "cancelled" | "refunded" | "in_process" | "rejected" | "charged_back";
  status_detail: string;
  /** "pix", or a card brand ("master", "visa"…). */
  payment_method_id: string;
  payment_type_id: "bank_transfer" | "credit_card";
  currency_id: "BRL";
  transaction_amount: number;
  transaction_details: { total_paid_amount: number | null };
  description: string;
  external_reference: string | null;
  notification_url: string | null;
  date_created: string;
  date_of_expiration: string | null;
  date_approved: string | null;
  payer: unknown;
  point_of_interaction: {
    type: "PIX";
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string; e2e_id: string | null };
  };
} & Partial<CardPaymentFields>;

export type Delivery = { paymentId: number; action: string; status: number };

export type ApproveOptions = {
  /** What the payer paid, in reais (default: the whole amount). */
  paid?: number;
  /** How many times the same notification is delivered (default 1); they go out concurrently. */
  copies?: number;
  /** Also deliver a stale `payment.created` after the `payment.updated` (out of order). */
  outOfOrder?: boolean;
  /** false: the notification is lost (the shop's poller has to find the payment). */
  notify?: boolean;
};

export type MercadoPagoFake = {
  url: string;
  accessToken: string;
  /** The public key the Brick's script is created with (the browser's calls carry it). */
  publicKey: string;
  /** Where the shop loads the Card Payment Brick's script from (MERCADOPAGO_BRICK_URL). */
  brickUrl: string;
  webhookSecret: string;
  payments: Map<number, FakePayment>;
  /** Card tokens the Brick made (what the provider keeps; the shop only ever sees the id). */
  tokens: Map<string, CardToken>;
  chargebacks: Map<string, Chargeback>;
  deliveries: Delivery[];
  /** Every X-Idempotency-Key the fake was sent, in order. */
  idempotencyKeys: string[];
  /** true: every API call hangs without an answer (a provider that times out). */
  hang: boolean;
  /** Milliseconds each POST /v1/payments takes before it is handled (a slow provider). */
  createDelayMs: number;
  /** Milliseconds each refund takes before it is handled (a slow provider, so two refunds overlap). */
  refundDelayMs: number;
  /** The next N POST /v1/payments answer 500 internal_error, as MP does when it is in trouble. */
  failCreates: number;
  /** The next N refunds answer 500 internal_error, refunding nothing. */
  failRefunds: number;
  /**
   * An origin to deliver notifications to instead of notification_url's own (as a tunnel would):
   * tests whose shop answers on another address than its PUBLIC_URL.
   */
  deliverTo: string | null;
  approve(id: number, options?: ApproveOptions): Promise<Delivery[]>;
  expire(id: number, options?: { notify?: boolean }): Promise<Delivery[]>;
  /** An approved payment the shop never asked for (a foreign reference), notified to `notificationUrl`. */
  foreignPayment(notificationUrl: string, amount: number, reference: string | null): Promise<Delivery[]>;
  /** Delivers a notification about `id` as MP would, signed with `secret` (default: the right one). */
  notify(id: number, action: string, options?: { secret?: string; tsSeconds?: number; dataId?: string }): Promise<Delivery>;
  /** Settles a card payment still in process or waiting for its 3DS challenge, then notifies the shop. */
  settleCard(id: number, outcome: "approved" | "rejected", options?: { notify?: boolean }): Promise<Delivery[]>;
  /** The buyer disputes a card payment at their bank: a chargeback, notified on topic_chargebacks_wh. */
  chargeback(id: number, options?: { notify?: boolean }): Promise<Chargeback>;
  close(): Promise<void>;
};

const isoBrasilia = (date: Date) => new Date(date.getTime() - 3 * 3600_000).toISOString().replace("Z", "-03:00");

export async function startMercadoPagoFake(
  options: { accessToken?: string; webhookSecret?: string; port?: number; freeInstallments?: number } = {},
): Promise<MercadoPagoFake> {
  const accessToken = options.accessToken ?? `TEST-${randomUUID()}`;
  const publicKey = `TEST-${randomUUID()}`;
  const tokens = new Map<string, CardToken>();
  const chargebacks = new Map<string, Chargeback>();
  // How many installments the account gives without interest to the buyer (set in MP's panel).
  const freeInstallments = options.freeInstallments ?? 3;
  const webhookSecret = options.webhookSecret ?? `segredo-${randomUUID()}`;
  const payments = new Map<number, FakePayment>();
  const byKey = new Map<string, { bodyHash: string; id: number }>();
  const idempotencyKeys: string[] = [];
  const deliveries: Delivery[] = [];
  let nextId = 1_234_567_890;
  const state = { hang: false, deliverTo: null as string | null, createDelayMs: 0, refundDelayMs: 0, failCreates: 0, failRefunds: 0 };

  const app = new Hono();
  const problem = (status: number, message: string, error = "bad_request") =>
    Response.json({ message, error, status, cause: [] }, { status: status as 400 });

  // The Brick's script, served where MERCADOPAGO_BRICK_URL points (sdk.mercadopago.com/js/v2 in production).
  app.get("/js/v2", (c) => {
    c.header("content-type", "text/javascript; charset=utf-8");
    c.header("access-control-allow-origin", "*");
    return c.body(brickScript(served.url));
  });

  app.use("/v1/*", async (c, next) => {
    // A provider that does not answer: the request stays open until the shop gives up.
    if (state.hang) await new Promise(() => {});
    // The Brick's own calls from the buyer's browser carry the public key instead of the token.
    const browserCall = c.req.path === "/v1/card_tokens" || c.req.path === "/v1/payment_methods/installments";
    if (browserCall && (c.req.method === "OPTIONS" || c.req.query("public_key") === publicKey)) return next();
    if (c.req.header("authorization") !== `Bearer ${accessToken}`) return problem(401, "invalid access token", "unauthorized");
    return next();
  });

  registerCardRoutes(app, { publicKey, freeInstallments, tokens });

  app.get("/v1/payment_methods/installments", (c) => {
    c.header("access-control-allow-origin", "*");
    const amount = Number(c.req.query("amount"));
    const bin = c.req.query("bin") ?? "";
    if (!(amount > 0) || !/^\d{6,8}$/.test(bin)) return problem(400, "amount and bin are required");
    return c.json(installmentsAnswer(amount, bin, freeInstallments));
  });

  app.get("/v1/chargebacks/:id", (c) => {
    const chargeback = chargebacks.get(c.req.param("id"));
    return chargeback ? c.json(chargeback) : problem(404, "Chargeback not found", "not_found");
  });

  app.post("/v1/payments", async (c) => {
    const key = c.req.header("x-idempotency-key");
    if (!key) return problem(400, "X-Idempotency-Key header is required");
    idempotencyKeys.push(key);
    if (state.createDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.createDelayMs));
    if (state.failCreates > 0) {
      state.failCreates--;
      return problem(500, "internal_error", "internal_error");
    }
    const text = await c.req.text();
    const bodyHash = createHash("sha256").update(text).digest("hex");
    const earlier = byKey.get(key);
    if (earlier) {
      if (earlier.bodyHash !== bodyHash) return problem(409, "idempotency key already used with another request", "conflict");
      return c.json(payments.get(earlier.id)!, 200);
    }
    type CreateBody = {
      transaction_amount?: unknown;
      payment_method_id?: unknown;
      payer?: { email?: unknown };
      description?: unknown;
      external_reference?: unknown;
      notification_url?: unknown;
      date_of_expiration?: string;
      token?: unknown;
    };
    let body: CreateBody;
    try {
      body = JSON.parse(text) as CreateBody;
    } catch {
      return problem(400, "invalid JSON");
    }
    const amount = body.transaction_amount;
    if (typeof amount !== "number" || !(amount > 0)) return problem(400, "transaction_amount must be a positive number");
    if (Math.round(amount * 100) / 100 !== amount) return problem(400, "transaction_amount has more than 2 decimals");
    if (typeof body.token === "string") {
      const made = createCardPayment(body as CardBody, amount);
      if (made instanceof Response) return made;
      byKey.set(key, { bodyHash, id: made.id });
      return c.json(made, 201);
    }
    if (body.payment_method_id !== "pix") return problem(400, "payment_method_id must be pix");
    if (typeof body.payer?.email !== "string") return problem(400, "payer.email is required");
    if (
      body.date_of_expiration !== undefined &&
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/.test(body.date_of_expiration)
    )
      return problem(400, "Invalid date_of_expiration (error 23)");
    const id = nextId++;
    const payment: FakePayment = {
      id,
      status: "pending",
      status_detail: "pending_waiting_transfer",
      payment_method_id: "pix",
      payment_type_id: "bank_transfer",
      currency_id: "BRL",
      transaction_amount: amount,
      transaction_details: { total_paid_amount: null },
      description: String(body.description ?? ""),
      external_reference: typeof body.external_reference === "string" ? body.external_reference : null,
      notification_url: typeof body.notification_url === "string" ? body.notification_url : null,
      date_created: isoBrasilia(new Date()),
      date_of_expiration: body.date_of_expiration ?? isoBrasilia(new Date(Date.now() + 24 * 3600_000)),
      date_approved: null,
      payer: body.payer,
      point_of_interaction: {
        type: "PIX",
        transaction_data: {
          // A real BR Code (the shop's own builder), so a banking app or pix-utils would read it.
          qr_code: buildBrCode({
            key: "d1b6a4b2-0c1f-4b8e-9a57-8f0c2e6d3a10",
            merchantName: "MERCADO PAGO LOJA",
            merchantCity: "Osasco",
            amountCents: Math.round(amount * 100),
            txid: `MP${id}`,
            description: String(body.description ?? "").slice(0, 40) || undefined,
          }),
          qr_code_base64: "",
          ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket`,
          e2e_id: null,
        },
      },
    };
    payments.set(id, payment);
    byKey.set(key, { bodyHash, id });
    return c.json(payment, 201);
  });

  app.get("/v1/payments/:id", (c) => {
    const payment = payments.get(Number(c.req.param("id")));
    return payment ? c.json(payment) : problem(404, "Payment not found", "not_found");
  });

  app.put("/v1/payments/:id", async (c) => {
    const payment = payments.get(Number(c.req.param("id")));
    if (!payment) return problem(404, "Payment not found", "not_found");
    const body = (await c.req.json().catch(() => ({}))) as { status?: string };
    if (body.status !== "cancelled") return problem(400, "only status=cancelled is supported");
    if (payment.status !== "pending") return problem(400, `cannot cancel a payment in status ${payment.status}`);
    payment.status = "cancelled";
    payment.status_detail = "by_collector";
    return c.json(payment);
  });

  app.post("/v1/payments/:id/refunds", async (c) => {
    const payment = payments.get(Number(c.req.param("id")));
    if (!payment) return problem(404, "Payment not found", "not_found");
    const key = c.req.header("x-idempotency-key");
    if (!key) return problem(400, "X-Idempotency-Key header is required");
    if (state.refundDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.refundDelayMs));
    if (state.failRefunds > 0) {
      state.failRefunds -= 1;
      return problem(500, "internal_error", "internal_error");
    }
    if (payment.payment_type_id === "credit_card") return refundCard(payment, key, await c.req.json().catch(() => ({})));
    if (payment.status !== "approved" && payment.status !== "refunded") return problem(400, "payment is not approved");
    payment.status = "refunded";
    payment.status_detail = "refunded";
    return c.json({ id: Number(`${payment.id}1`), payment_id: payment.id, amount: payment.transaction_amount, status: "approved" }, 201);
  });

  app.get("/v1/payments/:id/refunds", (c) => {
    const payment = payments.get(Number(c.req.param("id")));
    return payment ? c.json(payment.refunds ?? []) : problem(404, "Payment not found", "not_found");
  });

  type CardBody = {
    token: string;
    installments?: unknown;
    issuer_id?: unknown;
    payment_method_id?: unknown;
    description?: unknown;
    external_reference?: unknown;
    notification_url?: unknown;
    payer?: { email?: unknown; identification?: { type?: unknown; number?: unknown } };
  };

  /** The card branch of POST /v1/payments: the token's cardholder name decides, as in MP's sandbox. */
  function createCardPayment(body: CardBody, amount: number): FakePayment | Response {
    const token = tokens.get(body.token);
    if (!token) return problem(400, "Invalid card_token_id (error 2006)");
    if (token.status === "used") return problem(400, "Card Token not found (error 2062): a token pays once");
    const installments = Number(body.installments);
    if (!Number.isInteger(installments) || installments < 1 || installments > 12) return problem(400, "Invalid installments (error 3029)");
    if (typeof body.payer?.email !== "string") return problem(400, "payer.email is required");
    if (body.payment_method_id !== token.payment_method_id) return problem(400, "payment_method_id does not match the card (error 3034)");
    token.status = "used";
    const id = nextId++;
    const outcome = outcomeOfCardholder(token.cardholder.name);
    const plan = installmentsAnswer(amount, token.first_six_digits, freeInstallments)[0]!.payer_costs[installments - 1]!;
    const payment: FakePayment = {
      id,
      status: outcome.status as FakePayment["status"],
      status_detail: outcome.status_detail,
      payment_method_id: token.payment_method_id,
      payment_type_id: "credit_card",
      currency_id: "BRL",
      transaction_amount: amount,
      transaction_details: { total_paid_amount: outcome.status === "approved" ? plan.total_amount : null },
      description: String(body.description ?? ""),
      external_reference: typeof body.external_reference === "string" ? body.external_reference : null,
      notification_url: typeof body.notification_url === "string" ? body.notification_url : null,
      date_created: isoBrasilia(new Date()),
      date_of_expiration: null,
      date_approved: outcome.status === "approved" ? isoBrasilia(new Date()) : null,
      payer: body.payer,
      point_of_interaction: { type: "PIX", transaction_data: { qr_code: "", qr_code_base64: "", ticket_url: "", e2e_id: null } },
      token: token.id,
      installments,
      issuer_id: String(body.issuer_id ?? "24"),
      card: { first_six_digits: token.first_six_digits, last_four_digits: token.last_four_digits, cardholder: token.cardholder },
      refunds: [],
      transaction_amount_refunded: 0,
      three_ds_info:
        outcome.status_detail === "pending_challenge"
          ? { external_resource_url: `${served.url}/_fake/3ds/${id}`, creq: Buffer.from(JSON.stringify({ id })).toString("base64url") }
          : null,
    };
    payments.set(id, payment);
    return payment;
  }

  /** A card refund: all (no amount) or part, never past what is left; one refund per idempotency key. */
  function refundCard(payment: FakePayment, key: string, body: { amount?: unknown }) {
    const earlier = refundsByKey.get(key);
    if (earlier) {
      // As with payments: the same key is the same refund, and the same key with another amount is refused.
      if (body.amount !== undefined && Number(body.amount) !== earlier.amount)
        return problem(409, "idempotency key already used with another request", "conflict");
      return Response.json(earlier, { status: 201 });
    }
    if (payment.status !== "approved") return problem(400, `cannot refund a payment in status ${payment.status}`);
    const left = Math.round((payment.transaction_amount - (payment.transaction_amount_refunded ?? 0)) * 100) / 100;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!(amount > 0) || Math.round(amount * 100) / 100 !== amount) return problem(400, "invalid refund amount");
    if (amount > left) return problem(400, "The refund amount exceeds the available amount");
    const refund = { id: nextId++, payment_id: payment.id, amount, status: "approved" as const, date_created: isoBrasilia(new Date()) };
    payment.refunds = [...(payment.refunds ?? []), refund];
    payment.transaction_amount_refunded = Math.round(((payment.transaction_amount_refunded ?? 0) + amount) * 100) / 100;
    if (payment.transaction_amount_refunded >= payment.transaction_amount) {
      payment.status = "refunded";
      payment.status_detail = "refunded";
    } else payment.status_detail = "partially_refunded";
    refundsByKey.set(key, refund);
    return Response.json(refund, { status: 201 });
  }
  const refundsByKey = new Map<string, CardRefund>();

  // The issuer's 3DS challenge page (in the Brick's frame), and its two answers.
  // The Brick (or the shop's frame) posts the creq to external_resource_url; a plain GET shows it too.
  app.get("/_fake/3ds/:id", (c) => c.html(challengePage(Number(c.req.param("id")))));
  app.post("/_fake/3ds/:id", (c) => c.html(challengePage(Number(c.req.param("id")))));
  app.post("/_fake/3ds/:id/complete", async (c) => {
    const form = await c.req.parseBody();
    const result = form["result"] === "approved" ? "approved" : "rejected";
    await fake.settleCard(Number(c.req.param("id")), result);
    // The frame tells the page that opened it (as the challenge's completion message does).
    return c.html(
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Autenticação concluída</title></head><body><main><p>Autenticação concluída.</p></main><script>parent.postMessage({ status: "COMPLETE" }, "*")</script></body></html>`,
    );
  });
  app.post("/_fake/payments/:id/settle/:result", async (c) =>
    c.json(await fake.settleCard(Number(c.req.param("id")), c.req.param("result") === "approved" ? "approved" : "rejected")),
  );
  app.post("/_fake/payments/:id/chargeback", async (c) => c.json(await fake.chargeback(Number(c.req.param("id")))));

  // The developer's buttons under `npm run dev` (curl -X POST …/_fake/payments/ID/approve).
  app.get("/_fake/payments", (c) => c.json([...payments.values()]));
  app.post("/_fake/payments/:id/approve", async (c) => c.json(await fake.approve(Number(c.req.param("id")))));
  app.post("/_fake/payments/:id/expire", async (c) => c.json(await fake.expire(Number(c.req.param("id")))));

  const served = await serveOnLoopback(app, options.port);

  type Signing = { secret?: string; tsSeconds?: number; dataId?: string; topic?: string; about?: string };
  /** `about` (default: the payment's id) is what the call names: a chargeback's id on topic_chargebacks_wh. */
  async function notify(id: number, action: string, signing: Signing = {}) {
    const payment = payments.get(id)!;
    const about = signing.about ?? String(id);
    const topic = signing.topic ?? "payment";
    const dataId = signing.dataId ?? about;
    const requestId = randomUUID();
    const signature = mercadoPagoSignature(
      signing.secret ?? webhookSecret,
      dataId,
      requestId,
      signing.tsSeconds ?? Math.floor(Date.now() / 1000),
    );
    const target = new URL(payment.notification_url!);
    if (state.deliverTo) {
      const via = new URL(state.deliverTo);
      target.protocol = via.protocol;
      target.host = via.host;
    }
    target.searchParams.set("data.id", about);
    target.searchParams.set("type", topic);
    const response = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature, "x-request-id": requestId },
      body: JSON.stringify({
        id: Math.floor(Math.random() * 1e11),
        live_mode: false,
        type: topic,
        date_created: isoBrasilia(new Date()),
        user_id: 987654321,
        api_version: "v1",
        action,
        data: { id: about },
      }),
    });
    await response.arrayBuffer();
    const delivery = { paymentId: id, action, status: response.status };
    deliveries.push(delivery);
    return delivery;
  }

  const fake: MercadoPagoFake = {
    url: served.url,
    accessToken,
    publicKey,
    brickUrl: `${served.url}/js/v2`,
    webhookSecret,
    payments,
    tokens,
    chargebacks,
    deliveries,
    idempotencyKeys,
    get hang() {
      return state.hang;
    },
    set hang(value: boolean) {
      state.hang = value;
    },
    get createDelayMs() {
      return state.createDelayMs;
    },
    set createDelayMs(value: number) {
      state.createDelayMs = value;
    },
    get refundDelayMs() {
      return state.refundDelayMs;
    },
    set refundDelayMs(value: number) {
      state.refundDelayMs = value;
    },
    get failCreates() {
      return state.failCreates;
    },
    set failCreates(value: number) {
      state.failCreates = value;
    },
    get failRefunds() {
      return state.failRefunds;
    },
    set failRefunds(value: number) {
      state.failRefunds = value;
    },
    get deliverTo() {
      return state.deliverTo;
    },
    set deliverTo(value: string | null) {
      state.deliverTo = value;
    },
    async approve(id, approve = {}) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`fake MP: no payment ${id}`);
      payment.status = "approved";
      payment.status_detail = "accredited";
      payment.date_approved = isoBrasilia(new Date());
      payment.transaction_details.total_paid_amount = approve.paid ?? payment.transaction_amount;
      payment.point_of_interaction.transaction_data.e2e_id = `E00000000${new Date().toISOString().replace(/\D/g, "").slice(0, 12)}${String(id).slice(-11).padStart(11, "0")}`;
      if (approve.notify === false) return [];
      const sent = await Promise.all(Array.from({ length: approve.copies ?? 1 }, () => notify(id, "payment.updated")));
      if (approve.outOfOrder) sent.push(await notify(id, "payment.created"));
      return sent;
    },
    async expire(id, expire = {}) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`fake MP: no payment ${id}`);
      payment.status = "cancelled";
      payment.status_detail = "expired";
      return expire.notify === false ? [] : [await notify(id, "payment.updated")];
    },
    async foreignPayment(notificationUrl, amount, reference) {
      const id = nextId++;
      payments.set(id, {
        ...structuredClone([...payments.values()][0] ?? ({} as FakePayment)),
        id,
        status: "approved",
        status_detail: "accredited",
        payment_method_id: "pix",
        payment_type_id: "bank_transfer",
        currency_id: "BRL",
        transaction_amount: amount,
        transaction_details: { total_paid_amount: amount },
        description: "Pagamento avulso",
        external_reference: reference,
        notification_url: notificationUrl,
        date_created: isoBrasilia(new Date()),
        date_of_expiration: null,
        date_approved: isoBrasilia(new Date()),
        payer: { email: "outra@example.com" },
        point_of_interaction: { type: "PIX", transaction_data: { qr_code: "", qr_code_base64: "", ticket_url: "", e2e_id: null } },
      });
      return [await notify(id, "payment.updated")];
    },
    async settleCard(id, outcome, settle = {}) {
      const payment = payments.get(id);
      if (!payment || payment.payment_type_id !== "credit_card") throw new Error(`fake MP: no card payment ${id}`);
      if (payment.status !== "in_process" && payment.status !== "pending") throw new Error(`fake MP: payment ${id} is ${payment.status}`);
      payment.status = outcome;
      payment.status_detail = outcome === "approved" ? "accredited" : "cc_rejected_other_reason";
      payment.three_ds_info = null;
      if (outcome === "approved") {
        payment.date_approved = isoBrasilia(new Date());
        payment.transaction_details.total_paid_amount = payment.transaction_amount;
      }
      return settle.notify === false ? [] : [await notify(id, "payment.updated")];
    },
    async chargeback(id, options = {}) {
      const payment = payments.get(id);
      if (!payment || payment.status !== "approved") throw new Error(`fake MP: payment ${id} is not approved`);
      const created = new Date();
      const chargeback: Chargeback = {
        id: `${id}00${chargebacks.size + 1}`,
        payments: [id],
        amount: payment.transaction_amount,
        reason: "fraud",
        documentation_required: true,
        documentation_status: "pending",
        // Brazil: ten days to send the documents (research §2.6).
        date_documentation_deadline: isoBrasilia(new Date(created.getTime() + 10 * 24 * 3600_000)),
        date_created: isoBrasilia(created),
      };
      chargebacks.set(chargeback.id, chargeback);
      payment.status = "charged_back";
      payment.status_detail = "reimbursed";
      if (options.notify !== false) await notify(id, "chargeback.created", { topic: "topic_chargebacks_wh", about: chargeback.id });
      return chargeback;
    },
    notify,
    close: served.close,
  };
  return fake;
}
