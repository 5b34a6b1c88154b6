import { and, eq, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderRefunds, orders, orderStatusHistory } from "#platform/db/tables/orders.ts";
import { payments } from "#platform/db/tables/payments.ts";
import { type AuthTestContext, type Browser, createAuthTestContext, uniqueEmail } from "#test/auth-helpers.ts";
import { startMercadoPagoFake, type MercadoPagoFake } from "#test/fakes/mercadopago-fake.ts";
import { TEST_CARDS } from "#test/fakes/mercadopago-cards-fake.ts";
import { serveOnLoopback } from "#test/fakes/serve.ts";
import { checkOut, giveCart } from "#test/builders.ts";
import { loggerToLines } from "#test/log-lines.ts";

/*
 * Issue 32: an order paid by card through Mercado Pago's local fake (its wire format, research §2).
 * The card becomes a token as the Brick makes it in the browser (POST /v1/card_tokens with the
 * public key); the shop receives only the token. The fake's sandbox names decide: APRO approves,
 * OTHE rejects, CONT stays in process.
 */

const KIT = 4;
const CPF = "52998224725";
let ctx: AuthTestContext;
let fake: MercadoPagoFake;
let front: { url: string; close(): Promise<void> };
let customer: Browser;
let customerId: string;
let admin: Browser;
let secondAdmin: Browser;

beforeAll(async () => {
  fake = await startMercadoPagoFake();
  ctx = await createAuthTestContext({
    PIX_PROVIDER: "mercadopago",
    PAYMENT_METHODS: "pix,card",
    MERCADOPAGO_API_URL: fake.url,
    MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
    MERCADOPAGO_PUBLIC_KEY: fake.publicKey,
    PIX_PROVIDER_TIMEOUT_MS: "800",
  });
  front = await serveOnLoopback(ctx.app as unknown as Hono);
  fake.deliverTo = front.url;
  const email = uniqueEmail("cartao");
  customer = await ctx.customer(email);
  customerId = await ctx.userId(email);
  const adminEmail = uniqueEmail("admin-cartao");
  await ctx.makeAdmin(adminEmail);
  admin = await ctx.customer(adminEmail);
  const secondEmail = uniqueEmail("admin2-cartao");
  await ctx.makeAdmin(secondEmail);
  secondAdmin = await ctx.customer(secondEmail);
});

afterAll(async () => {
  await front?.close();
  await ctx?.close();
  await fake?.close();
});

/** What the Brick does in the buyer's browser: the card goes to MP, a token comes back. */
async function tokenFor(cardholder: string, number: string = TEST_CARDS.master): Promise<string> {
  const response = await fetch(`${fake.url}/v1/card_tokens?public_key=${fake.publicKey}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      card_number: number,
      security_code: "123",
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: cardholder, identification: { type: "CPF", number: CPF } },
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function newOrder(): Promise<{ id: string; totalCents: number }> {
  await giveCart(ctx.t.db, customerId, KIT);
  const id = await checkOut(ctx, customer);
  const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, id));
  return { id, totalCents: order!.totalCents };
}

const payByCard = (orderId: string, body: Record<string, unknown>, browser = customer) =>
  ctx.request(`/api/orders/${orderId}/card-payment`, { browser, json: { paymentMethodId: "master", issuerId: "24", cpf: CPF, ...body } });

const statusOf = async (orderId: string) =>
  (await ctx.t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;
const cardRows = (orderId: string) =>
  ctx.t.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, "card")));
const paidMoves = (orderId: string) =>
  ctx.t.db
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "paid")));
const chargesAtMp = (orderId: string) =>
  [...fake.payments.values()].filter(
    (p) => p.payment_type_id === "credit_card" && p.external_reference?.startsWith(orderId.replaceAll("-", "")),
  );

describe("card payment: approved, in installments", () => {
  it("APRO in 3x pays the order through the order machine and keeps only brand, last four and installments", async () => {
    const order = await newOrder();
    const attemptKey = crypto.randomUUID();
    const response = await payByCard(order.id, { attemptKey, token: await tokenFor("APRO"), installments: 3 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "approved", message: "Pagamento aprovado! Seu pedido está confirmado." });
    expect(await statusOf(order.id)).toBe("paid");
    expect(await paidMoves(order.id)).toHaveLength(1);
    const [row] = await cardRows(order.id);
    expect(row).toMatchObject({
      status: "paid",
      cardBrand: "master",
      cardLastFour: "6351",
      installments: 3,
      amountCents: order.totalCents,
    });
    // MP's answer carries the first six digits and the cardholder: none of it is kept.
    const kept = JSON.stringify(row);
    expect(kept).not.toContain("503143");
    expect(kept).not.toContain("APRO");
    expect(kept).not.toContain(CPF);
    // The payment MP made: the order's total (never the browser's), the plan, an idempotency key per attempt.
    const [charge] = chargesAtMp(order.id);
    expect(charge!.transaction_amount * 100).toBe(order.totalCents);
    expect(charge!.installments).toBe(3);
    expect(fake.idempotencyKeys).toContain(`card:${order.id}:${attemptKey}`);
  });

  it("the same payment submitted twice at once makes one charge and pays the order once", async () => {
    const order = await newOrder();
    const body = { attemptKey: crypto.randomUUID(), token: await tokenFor("APRO"), installments: 1 };
    const answers = await Promise.all([payByCard(order.id, body), payByCard(order.id, body)]);
    // One of them may arrive after the other paid the order (409 "não está aguardando"); never a second charge.
    expect(answers.map((a) => a.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(chargesAtMp(order.id)).toHaveLength(1);
    expect(await cardRows(order.id)).toHaveLength(1);
    expect(await paidMoves(order.id)).toHaveLength(1);
  });
});

describe("card payment: rejected, then Pix for the same order", () => {
  it("OTHE is refused with a Portuguese message saying what to do; the order waits, and its Pix still pays it", async () => {
    const order = await newOrder();
    const response = await payByCard(order.id, { attemptKey: crypto.randomUUID(), token: await tokenFor("OTHE"), installments: 2 });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { status: string; message: string; fixData: boolean };
    expect(result).toMatchObject({ status: "rejected", fixData: false });
    expect(result.message).toContain("outro cartão");
    expect(result.message).toContain("Pix");
    expect(await statusOf(order.id)).toBe("pending_payment");
    expect((await cardRows(order.id))[0]).toMatchObject({ status: "cancelled" });

    const pix = (
      await ctx.t.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.method, "pix")))
    )[0]!;
    await fake.approve(Number(pix.providerChargeId));
    expect(await statusOf(order.id)).toBe("paid");
    expect(await paidMoves(order.id)).toHaveLength(1);
  });

  it("a wrong security code asks to fix the data", async () => {
    const order = await newOrder();
    const response = await payByCard(order.id, { attemptKey: crypto.randomUUID(), token: await tokenFor("SECU"), installments: 1 });
    expect(await response.json()).toMatchObject({
      status: "rejected",
      fixData: true,
      message: expect.stringContaining("código de segurança"),
    });
  });

  it("another customer's order is not found, and more installments than the owner allows are refused", async () => {
    const order = await newOrder();
    const stranger = await ctx.customer(uniqueEmail("outra"));
    const response = await payByCard(
      order.id,
      { attemptKey: crypto.randomUUID(), token: await tokenFor("APRO"), installments: 1 },
      stranger,
    );
    expect(response.status).toBe(404);
    const tooMany = await payByCard(order.id, { attemptKey: crypto.randomUUID(), token: "abcdefgh1234", installments: 13 });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toMatch(/12 parcelas/);
  });
});

describe("card payment: settled by the signed webhook", () => {
  it("CONT stays in review; the webhook of its approval pays the order once", async () => {
    const order = await newOrder();
    const response = await payByCard(order.id, { attemptKey: crypto.randomUUID(), token: await tokenFor("CONT"), installments: 1 });
    expect(await response.json()).toMatchObject({ status: "in_process", message: expect.stringContaining("em análise") });
    expect(await statusOf(order.id)).toBe("pending_payment");
    const [charge] = chargesAtMp(order.id);
    await fake.settleCard(charge!.id, "approved");
    expect(await statusOf(order.id)).toBe("paid");
  });

  it("a payment approved while the shop's request timed out is paid once by its webhook, delivered three times at once", async () => {
    const order = await newOrder();
    fake.createDelayMs = 1_500; // longer than PIX_PROVIDER_TIMEOUT_MS: the browser never hears the answer
    try {
      const response = await payByCard(order.id, { attemptKey: crypto.randomUUID(), token: await tokenFor("APRO"), installments: 1 });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain("Meus pedidos");
    } finally {
      fake.createDelayMs = 0;
    }
    await expect.poll(() => chargesAtMp(order.id).length, { timeout: 5_000 }).toBe(1);
    expect(await cardRows(order.id)).toHaveLength(0);
    const [charge] = chargesAtMp(order.id);
    const deliveries = await Promise.all([1, 2, 3].map(() => fake.notify(charge!.id, "payment.updated")));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(await statusOf(order.id)).toBe("paid");
    expect(await paidMoves(order.id)).toHaveLength(1);
    expect(await cardRows(order.id)).toHaveLength(1);
  });

  it("a forged notification (wrong secret) is refused with 401 and changes nothing", async () => {
    const order = await newOrder();
    await payByCard(order.id, { attemptKey: crypto.randomUUID(), token: await tokenFor("CONT"), installments: 1 });
    const [charge] = chargesAtMp(order.id);
    charge!.status = "approved"; // what a forger would like the shop to believe
    charge!.status_detail = "accredited";
    const delivery = await fake.notify(charge!.id, "payment.updated", { secret: "segredo-falso" });
    expect(delivery.status).toBe(401);
    expect(await statusOf(order.id)).toBe("pending_payment");
    expect((await cardRows(order.id))[0]).toMatchObject({ status: "pending" });
  });
});

describe("card payment: the owner's installments rule", () => {
  it("more installments than the rule saved in the admin are refused before Mercado Pago is asked", async () => {
    const rule = (maxInstallments: number, withoutInterest: number) =>
      ctx.request("/api/admin/settings/card-installments", { browser: admin, method: "PUT", json: { maxInstallments, withoutInterest } });
    expect((await rule(2, 2)).status).toBe(200);
    try {
      const order = await newOrder();
      const refused = await payByCard(order.id, { attemptKey: crypto.randomUUID(), token: await tokenFor("APRO"), installments: 3 });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe("Esta loja parcela em até 2x.");
      expect(chargesAtMp(order.id)).toHaveLength(0);
    } finally {
      expect((await rule(12, 3)).status).toBe(200);
    }
  });
});

describe("card refunds and chargebacks", () => {
  async function paidCardOrder() {
    const order = await newOrder();
    await payByCard(order.id, { attemptKey: crypto.randomUUID(), token: await tokenFor("APRO"), installments: 3 });
    expect(await statusOf(order.id)).toBe("paid");
    return { ...order, charge: chargesAtMp(order.id)[0]! };
  }
  const refund = (orderId: string, amountCents: number, by = admin) =>
    ctx.request(`/api/admin/orders/${orderId}/refund`, { browser: by, json: { amountCents, note: "cliente pediu" } });

  it("the owner refunds half through Mercado Pago, once; the customer reads it and a second refund is refused", async () => {
    const order = await paidCardOrder();
    const half = Math.floor(order.totalCents / 2);
    expect((await refund(order.id, half)).status).toBe(200);
    expect(order.charge.refunds!.map((r) => Math.round(r.amount * 100))).toEqual([half]);
    expect(await statusOf(order.id)).toBe("partially_refunded");
    const page = (await (await ctx.request(`/api/orders/${order.id}`, { browser: customer })).json()) as { history: { note: string }[] };
    expect(JSON.stringify(page.history)).toMatch(/reembols/i);
    const again = await refund(order.id, 1);
    expect(again.status).toBe(409);
    expect(order.charge.refunds).toHaveLength(1);
  });

  it("two refunds sent at once reach Mercado Pago once: one goes through, the other is refused", async () => {
    const order = await paidCardOrder();
    const [forty, fifty] = [Math.floor(order.totalCents * 0.4), Math.floor(order.totalCents * 0.5)];
    fake.refundDelayMs = 300; // the first refund is still at MP when the second one is asked
    try {
      // Two admins on two phones: their requests really overlap.
      const answers = await Promise.all([refund(order.id, forty), refund(order.id, fifty, secondAdmin)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    } finally {
      fake.refundDelayMs = 0;
    }
    // What MP gave back is what the order says, and what the payment's row reserved.
    expect(order.charge.refunds).toHaveLength(1);
    const refunded = Math.round(order.charge.transaction_amount_refunded! * 100);
    const [row] = await cardRows(order.id);
    expect(row!.refundedCents).toBe(refunded);
    const history = await ctx.t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.filter((entry) => entry.amountCents !== null).map((entry) => entry.amountCents)).toEqual([refunded]);
  });

  it("a refund over the total is refused before Mercado Pago is asked", async () => {
    const order = await paidCardOrder();
    expect((await refund(order.id, order.totalCents + 1)).status).toBe(400);
    expect(order.charge.refunds).toHaveLength(0);
  });

  const refundRow = async (orderId: string) => (await ctx.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)))[0];

  it("a withdrawal before shipping sends the whole total back to the card by itself, once; the owner has nothing to send", async () => {
    const order = await paidCardOrder();
    const asked = await ctx.request(`/api/orders/${order.id}/withdrawal`, { browser: customer, json: { reason: "mudei de ideia" } });
    expect(asked.status).toBe(201);
    expect(await statusOf(order.id)).toBe("cancelled");
    // The queued job asks MP for the refund and records it sent; the customer reads that it went back to the card.
    await expect.poll(async () => (await refundRow(order.id))?.status, { timeout: 10_000 }).toBe("paid");
    expect(order.charge.refunds!.map((r) => Math.round(r.amount * 100))).toEqual([order.totalCents]);
    expect((await cardRows(order.id))[0]!.refundedCents).toBe(order.totalCents);
    const page = (await (await ctx.request(`/api/orders/${order.id}`, { browser: customer })).json()) as {
      history: { note: string }[];
      paidByCard?: boolean;
    };
    expect(JSON.stringify(page.history)).toContain("Reembolso enviado");
    // The customer's page knows a card paid it, so it says the refund goes back to the card.
    expect(page.paidByCard).toBe(true);
    // Asking again changes nothing: still one refund at MP; the refund queue has no transfer to make.
    await ctx.request(`/api/orders/${order.id}/withdrawal`, { browser: customer, json: { reason: "de novo" } });
    const sent = await ctx.request(`/api/admin/refunds/${order.id}/sent`, { browser: admin, json: {} });
    expect(sent.status).toBe(409);
    expect(order.charge.refunds).toHaveLength(1);
  });

  it("the shop's cancellation of a paid card order refunds the card, and a later refund is refused", async () => {
    const order = await paidCardOrder();
    const cancelled = await ctx.request(`/api/admin/orders/${order.id}/cancel`, { browser: admin, json: { reason: "sem estoque" } });
    expect(cancelled.status).toBe(200);
    await expect.poll(async () => (await refundRow(order.id))?.status, { timeout: 10_000 }).toBe("paid");
    expect(order.charge.refunds!.map((r) => Math.round(r.amount * 100))).toEqual([order.totalCents]);
    expect((await refund(order.id, 100)).status).toBe(409);
    expect(order.charge.refunds).toHaveLength(1);
  });

  it("when Mercado Pago does not answer, the withdrawal's refund is tried again by the queue and made once", async () => {
    const order = await paidCardOrder();
    fake.failRefunds = 1;
    try {
      await ctx.request(`/api/orders/${order.id}/withdrawal`, { browser: customer, json: {} });
      await expect.poll(async () => (await refundRow(order.id))?.status, { timeout: 20_000 }).toBe("paid");
    } finally {
      fake.failRefunds = 0;
    }
    expect(order.charge.refunds).toHaveLength(1);
  }, 30_000);

  it("a chargeback arrives by the signed webhook and is kept with its deadline to send documents", async () => {
    const order = await paidCardOrder();
    const chargeback = await fake.chargeback(order.charge.id);
    const [row] = await cardRows(order.id);
    expect(row!.chargebackId).toBe(chargeback.id);
    expect(row!.chargebackDeadline!.getTime()).toBe(new Date(chargeback.date_documentation_deadline).getTime());
    expect(row!.status).toBe("refunded");
    // The owner's order page lists it with the card and the deadline.
    const listed = await ctx.request(`/api/admin/orders/${order.id}/payments`, { browser: admin });
    const { payments: charges } = (await listed.json()) as {
      payments: { method: string; card: unknown; chargebackDeadline: string | null }[];
    };
    expect(charges.find((charge) => charge.method === "card")).toMatchObject({
      card: { brand: "master", lastFour: "6351", installments: 3 },
      chargebackDeadline: new Date(chargeback.date_documentation_deadline).toISOString(),
    });
    // And the owner's first screen, with the order's number and the deadline.
    const today = (await (await ctx.request("/api/admin/today", { browser: admin })).json()) as {
      chargebacks: { orderId: string; number: number; deadline: string }[];
    };
    const [{ number } = { number: -1 }] = await ctx.t.db.select({ number: orders.number }).from(orders).where(eq(orders.id, order.id));
    expect(today.chargebacks).toContainEqual({
      orderId: order.id,
      number,
      deadline: new Date(chargeback.date_documentation_deadline).toISOString(),
    });
  });
});

describe("nothing card-like is stored or logged", () => {
  /** Waits until the queue has sent every e-mail (so the paid order's e-mail is in the box). */
  async function mailQueueDrained(): Promise<void> {
    for (;;) {
      const { rows } = await ctx.t.db.execute<{ n: number }>(sql`
        select count(*)::int as n from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send-email' and j.attempts = 0`);
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Every row of every table of the shop's schema, as text. */
  async function databaseText(): Promise<string> {
    const { rows: tables } = await ctx.t.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let text = "";
    for (const { name } of tables) {
      const { rows } = await ctx.t.db.execute<{ dump: string | null }>(
        sql`select string_agg(t::text, E'\n') as dump from ${sql.identifier(name)} t`,
      );
      text += rows[0]?.dump ?? "";
    }
    return text;
  }

  it("after card purchases (approved, rejected, timed out) the logs, the database and the e-mails hold neither the card number nor the CVV", async () => {
    // Everything the shop logs during these purchases, at the most talkative level.
    const { logger, lines } = loggerToLines("debug");
    const services = ctx.t.services as { logger: typeof logger };
    const silent = services.logger;
    services.logger = logger;
    const cvv = "9371";
    const amexToken = async (cardholder: string) => {
      const response = await fetch(`${fake.url}/v1/card_tokens?public_key=${fake.publicKey}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          card_number: TEST_CARDS.amex,
          security_code: cvv,
          expiration_month: 11,
          expiration_year: 2030,
          cardholder: { name: cardholder, identification: { type: "CPF", number: CPF } },
        }),
      });
      return ((await response.json()) as { id: string }).id;
    };
    try {
      const approved = await newOrder();
      const paid = await payByCard(approved.id, {
        attemptKey: crypto.randomUUID(),
        token: await amexToken("APRO"),
        installments: 2,
        paymentMethodId: "amex",
      });
      expect(paid.status).toBe(200);
      const rejected = await newOrder();
      await payByCard(rejected.id, {
        attemptKey: crypto.randomUUID(),
        token: await amexToken("FUND"),
        installments: 1,
        paymentMethodId: "amex",
      });
      const late = await newOrder();
      fake.createDelayMs = 1_500;
      try {
        await payByCard(late.id, {
          attemptKey: crypto.randomUUID(),
          token: await amexToken("APRO"),
          installments: 1,
          paymentMethodId: "amex",
        });
      } finally {
        fake.createDelayMs = 0;
      }
      await expect.poll(() => chargesAtMp(late.id).length, { timeout: 5_000 }).toBe(1);
      await fake.notify(chargesAtMp(late.id)[0]!.id, "payment.updated");
      expect(await statusOf(late.id)).toBe("paid");
      await mailQueueDrained();
    } finally {
      services.logger = silent;
    }
    const pan = TEST_CARDS.amex;
    const panSpaced = `${pan.slice(0, 4)} ${pan.slice(4, 10)} ${pan.slice(10)}`;
    const places = {
      logs: JSON.stringify(lines),
      database: await databaseText(),
      emails: JSON.stringify(ctx.mail.messages),
    };
    expect(lines.length).toBeGreaterThan(0);
    expect(places.emails).toContain("Pagamento confirmado");
    for (const [place, text] of Object.entries(places)) {
      expect(text, place).not.toContain(pan);
      expect(text, place).not.toContain(panSpaced);
      expect(text, place).not.toContain(pan.slice(0, 6) + pan.slice(-4));
      // A field named for the CVV (MP's rejection "cc_rejected_bad_filled_security_code" is only a word about it).
      const near = /.{0,200}((?<!bad_filled_)security_code|securityCode|"cvv").{0,200}/i.exec(text);
      expect(near?.[0] ?? null, place).toBeNull();
      // MP's answer carries the BIN and the cardholder: the shop keeps neither.
      expect(text, place).not.toContain("first_six_digits");
      expect(text, place).not.toContain(`"${cvv}"`);
      expect(text, place).not.toContain(`:${cvv}`);
    }
  });
});
