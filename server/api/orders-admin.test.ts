import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { paymentStateOf } from "#domain/orders/admin-order-rules.ts";
import type { AdminOrderPage } from "#domain/orders/admin-order-schemas.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import type { OrderStatus } from "#domain/orders/order-status.ts";
import { notifications, orderItems, orderRefunds, orders, orderStatusHistory, products } from "#platform/db/schema.ts";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";

/*
 * Issue 17 item 2 on a real PostgreSQL: the admin's order list (search by number, name, e-mail, CPF
 * and phone however written; filters; sort; pages counted in SQL), its CSV for Excel pt-BR, the
 * refund with an amount (recorded once, even asked eight times at once), the audit entry of every
 * action, and the access rules.
 */

let ctx: AuthTestContext;
let admin: Browser;
let customer: Browser;
let customerId: string;
const ADMIN_EMAIL = uniqueEmail("admin-lista");

beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.230"));
  const email = uniqueEmail("cliente-lista");
  customer = await ctx.customer(email, new Browser("203.0.113.231"));
  customerId = await ctx.userId(email);
}, 60_000);
afterAll(async () => ctx?.close());

type Seed = {
  name?: string;
  email?: string;
  cpf?: string;
  phone?: string;
  status?: OrderStatus;
  totalCents?: number;
  shippingCents?: number;
  createdAt?: Date;
  paidAt?: Date | null;
  userId?: string | null;
  shipping?: boolean;
};

/** An order written straight into the database (the checkout has its own tests), with one line. */
async function seedOrder(seed: Seed = {}): Promise<{ id: string; number: number }> {
  const shippingCents = seed.shipping === false ? 0 : (seed.shippingCents ?? 2990);
  const totalCents = seed.totalCents ?? 10_000;
  const status = seed.status ?? "pending_payment";
  const [row] = await ctx.t.db
    .insert(orders)
    .values({
      userId: seed.userId ?? null,
      customerEmail: seed.email ?? uniqueEmail("pedido"),
      customerName: seed.name ?? "Cliente Comum",
      status,
      subtotalCents: totalCents - shippingCents,
      shippingCents,
      totalCents,
      shippingMethod: seed.shipping === false ? null : "pac",
      shippingDays: seed.shipping === false ? null : 5,
      shippingAddress:
        seed.shipping === false
          ? null
          : {
              recipientName: seed.name ?? "Cliente Comum",
              cpf: seed.cpf ?? "11144477735",
              phone: seed.phone ?? "11900000000",
              cep: "01310100",
              street: "Avenida Paulista",
              number: "1000",
              complement: null,
              neighborhood: "Bela Vista",
              city: "São Paulo",
              state: "SP",
            },
      pixTxid: crypto.randomUUID().replace(/-/g, "").slice(0, 25),
      pixCode: "000201",
      pixExpiresAt: new Date(Date.now() + 30 * 60_000),
      paidAt: seed.paidAt !== undefined ? seed.paidAt : status === "pending_payment" ? null : new Date(),
      createdAt: seed.createdAt ?? new Date(),
    })
    .returning({ id: orders.id, number: orders.number });
  const [product] = await ctx.t.db
    .select()
    .from(products)
    .where(eq(products.id, productUuid(4)));
  await ctx.t.db.insert(orderItems).values({
    orderId: row!.id,
    productId: product!.id,
    productName: product!.name,
    productSlug: product!.slug,
    unitType: product!.unitType,
    quantity: 1,
    unitPriceCents: totalCents - shippingCents,
    totalPriceCents: totalCents - shippingCents,
    finalTotalCents: totalCents - shippingCents,
    needsShipping: seed.shipping !== false,
  });
  await ctx.t.db.insert(orderStatusHistory).values({ orderId: row!.id, fromStatus: null, toStatus: status, reason: "order_placed" });
  return row!;
}

async function list(query: string): Promise<AdminOrderPage> {
  const response = await ctx.request(`/api/admin/orders?${query}`, { browser: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AdminOrderPage;
}

const numbers = (page: AdminOrderPage) => page.orders.map((order) => order.number);

async function errorOf(response: Response): Promise<{ status: number; message: string; code: string }> {
  const body = (await response.json()) as { error: { message: string; code: string } };
  return { status: response.status, message: body.error.message, code: body.error.code };
}

const auditOf = (orderId: string) => auditEntries(ctx, admin, "order", orderId);

describe("searching the orders", () => {
  it("finds an order by its number, the customer's name or e-mail, the CPF or the phone written any way", async () => {
    const target = await seedOrder({
      name: "Joana Prado",
      email: "joana.prado@exemplo.com.br",
      cpf: "52998224725",
      phone: "21987654321",
    });
    await seedOrder({ name: "Outra Pessoa", email: "outra.pessoa@exemplo.com", cpf: "11144477735", phone: "11912340000" });

    for (const q of [
      "529.982.247-25",
      "52998224725",
      "(21) 98765-4321",
      "+55 21 98765-4321",
      "98765-4321",
      "joana.prado@exemplo",
      "JOANA PRADO",
      "prado",
      String(target.number),
      `#${target.number}`,
    ]) {
      expect(numbers(await list(`q=${encodeURIComponent(q)}`)), q).toEqual([target.number]);
    }
    expect((await list(`q=${target.number}`)).orders[0]).toMatchObject({
      id: target.id,
      customerName: "Joana Prado",
      customerEmail: "joana.prado@exemplo.com.br",
      customerPhone: "21987654321",
      status: "pending_payment",
      paymentState: "awaiting",
      itemCount: 1,
      totalCents: 10_000,
      shippingMethod: "pac",
    });
    // Wildcards in the search are text, not patterns.
    expect((await list(`q=${encodeURIComponent("%")}`)).orders).toEqual([]);
    expect((await list(`q=${encodeURIComponent("_oana")}`)).orders).toEqual([]);
  });

  it("filters by status, payment state and days in the shop's time zone, and says where the money stands as the order page does", async () => {
    const tag = `Filtro ${crypto.randomUUID().slice(0, 8)}`;
    const awaiting = await seedOrder({ name: tag, createdAt: new Date("2025-03-09T12:00:00Z") });
    // 23:30 on 9 March in São Paulo, already the 10th in UTC.
    const paid = await seedOrder({ name: tag, status: "paid", createdAt: new Date("2025-03-10T02:30:00Z") });
    const expired = await seedOrder({ name: tag, status: "cancelled", paidAt: null, createdAt: new Date("2025-03-10T15:00:00Z") });
    const refunded = await seedOrder({ name: tag, status: "delivered", createdAt: new Date("2025-03-11T15:00:00Z") });
    expect((await ctx.request(`/api/admin/orders/${refunded.id}/refund`, { browser: admin, json: { amountCents: 5000 } })).status).toBe(
      200,
    );

    const q = `q=${encodeURIComponent(tag)}`;
    expect(numbers(await list(`${q}&status=paid`))).toEqual([paid.number]);
    expect(numbers(await list(`${q}&payment=awaiting`))).toEqual([awaiting.number]);
    expect(numbers(await list(`${q}&payment=paid`))).toEqual([paid.number]);
    expect(numbers(await list(`${q}&payment=unpaid`))).toEqual([expired.number]);
    expect(numbers(await list(`${q}&payment=refunded`))).toEqual([refunded.number]);
    expect(numbers(await list(`${q}&from=2025-03-09&to=2025-03-09&sort=oldest`))).toEqual([awaiting.number, paid.number]);
    expect(numbers(await list(`${q}&from=2025-03-10&to=2025-03-10`))).toEqual([expired.number]);
    expect(numbers(await list(`${q}&from=2025-03-11`))).toEqual([refunded.number]);
    // Empty fields of the filter form mean "any".
    expect((await list(`${q}&status=&payment=&from=&to=&sort=`)).total).toBe(4);

    // The list's payment state (SQL) and the order page's (paymentStateOf) agree.
    for (const row of (await list(q)).orders) {
      const detail = (await (await ctx.request(`/api/admin/orders/${row.id}`, { browser: admin })).json()) as OrderDetail;
      expect(paymentStateOf(detail), `#${row.number}`).toBe(row.paymentState);
    }
  });

  it("sorts, and pages in SQL: 25 orders are 20 and 5, none twice, with the total", async () => {
    const tag = `Pagina ${crypto.randomUUID().slice(0, 8)}`;
    const seeded: number[] = [];
    for (let i = 0; i < 25; i++) {
      seeded.push((await seedOrder({ name: tag, totalCents: 5_000 + i * 100, createdAt: new Date(Date.UTC(2025, 0, 1 + i)) })).number);
    }
    const q = `q=${encodeURIComponent(tag)}`;
    const first = await list(q);
    const second = await list(`${q}&page=2`);
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 25 });
    expect(first.orders).toHaveLength(20);
    expect(second.orders).toHaveLength(5);
    expect([...numbers(first), ...numbers(second)]).toEqual([...seeded].reverse());
    expect((await list(`${q}&page=3`)).orders).toEqual([]);

    expect(numbers(await list(`${q}&sort=oldest`)).slice(0, 3)).toEqual(seeded.slice(0, 3));
    const byTotal = (await list(`${q}&sort=total_desc`)).orders.map((order) => order.totalCents);
    expect(byTotal.slice(0, 3)).toEqual([7_400, 7_300, 7_200]);
    expect((await list(`${q}&sort=total_asc`)).orders[0]!.totalCents).toBe(5_000);
  });

  it("refuses bad filters with a Portuguese 400", async () => {
    for (const [query, message] of [
      ["status=enviado", "Status de pedido desconhecido."],
      ["payment=talvez", "Situação de pagamento desconhecida."],
      ["from=2025-02-30", "Data inicial inválida"],
      ["to=ontem", "Data final inválida"],
      ["from=2025-03-10&to=2025-03-01", "A data inicial não pode ser depois da data final."],
      ["sort=preco", "Ordem desconhecida."],
      ["page=0", "Página inválida."],
      [`q=${"a".repeat(101)}`, "Busca longa demais"],
    ] as const) {
      const error = await errorOf(await ctx.request(`/api/admin/orders?${query}`, { browser: admin }));
      expect(error.status, query).toBe(400);
      expect(error.message, query).toContain(message);
    }
  });
});

describe("the CSV export", () => {
  it("streams the filtered set for Excel pt-BR: BOM, ';', pt-BR columns, decimal comma, quoted text and formulas defused", async () => {
    const tag = `Planilha ${crypto.randomUUID().slice(0, 8)}`;
    const plain = await seedOrder({
      name: `${tag} Ana`,
      totalCents: 123_456,
      shippingCents: 2_990,
      cpf: "52998224725",
      phone: "21987654321",
    });
    const tricky = await seedOrder({
      name: `=HYPERLINK("http://mal.example";"${tag}")`,
      email: `@${tag.replace(/ /g, "")}@exemplo.com`,
      status: "paid",
    });
    const multiline = await seedOrder({ name: `${tag}; "Zé"\nsegunda linha`, status: "paid" });
    await seedOrder({ name: "Fora do filtro" });

    const response = await ctx.request(`/api/admin/orders.csv?q=${encodeURIComponent(tag)}&sort=oldest`, { browser: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, ...rows] = parse(text, { delimiter: ";", relax_column_count: false }) as string[][];
    expect(header).toEqual([
      "Pedido",
      "Data",
      "Status",
      "Pagamento",
      "Pago em",
      "Cliente",
      "E-mail",
      "CPF",
      "Telefone",
      "Itens",
      "Subtotal (R$)",
      "Embalagens (R$)",
      "Frete (R$)",
      "Descontos (R$)",
      "Total (R$)",
      "Reembolso (R$)",
      "Envio",
      "Rastreio",
      "Destinatário",
      "Cidade",
      "UF",
      "CEP",
      "Motivo do cancelamento",
    ]);
    expect(rows.map((row) => Number(row[0]))).toEqual([plain.number, tricky.number, multiline.number]);
    const column = (row: string[], name: string) => row[header!.indexOf(name)];
    const first = rows[0]!;
    expect(column(first, "Total (R$)")).toBe("1234,56");
    expect(column(first, "Frete (R$)")).toBe("29,90");
    expect(column(first, "Subtotal (R$)")).toBe("1204,66");
    expect(column(first, "Status")).toBe("Aguardando pagamento");
    expect(column(first, "Pagamento")).toBe("Aguardando Pix");
    expect(column(first, "CPF")).toBe("529.982.247-25");
    expect(column(first, "Telefone")).toBe("(21) 98765-4321");
    expect(column(first, "CEP")).toBe("01310-100");
    expect(column(first, "Envio")).toBe("PAC");
    expect(column(first, "Itens")).toBe("1");
    expect(column(first, "Data")).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    // A cell that would start a formula starts with ' instead.
    expect(column(rows[1]!, "Cliente")).toBe(`'=HYPERLINK("http://mal.example";"${tag}")`);
    expect(column(rows[1]!, "E-mail")!.startsWith("'@")).toBe(true);
    expect(column(rows[1]!, "Pagamento")).toBe("Pago");
    // Separators, quotes and line breaks inside a value stay inside it.
    expect(column(rows[2]!, "Cliente")).toBe(`${tag}; "Zé"\nsegunda linha`);
  });

  it("exports an empty set as the header alone, and refuses bad filters as the list does", async () => {
    const response = await ctx.request(`/api/admin/orders.csv?q=${crypto.randomUUID()}`, { browser: admin });
    const text = (await response.text()).replace(/^\uFEFF/, "");
    expect(text.trim().split("\r\n")).toHaveLength(1);
    const bad = await errorOf(await ctx.request("/api/admin/orders.csv?from=2025-13-01", { browser: admin }));
    expect(bad).toMatchObject({ status: 400, message: expect.stringContaining("Data inicial inválida") });
  });
});

describe("refunds", () => {
  it("records a partial refund once, even when asked 8 times at once; the order is partially refunded and the customer told once", async () => {
    const order = await seedOrder({ status: "delivered", totalCents: 20_000, userId: customerId });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.request(`/api/admin/orders/${order.id}/refund`, { browser: admin, json: { amountCents: 7_550, note: "Item avariado" } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const refused = await errorOf(answers.find((answer) => answer.status === 409)!);
    expect(refused.code).toBe("already_refunded");
    expect(refused.message).toMatch(/^O reembolso deste pedido já foi registrado em \d{2}\/\d{2}\/\d{4}: R\$\s75,50\.$/);

    const refunds = await ctx.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toEqual([expect.objectContaining({ amountCents: 7_550, shippingCents: 0, reason: "admin" })]);
    const detail = (await (await ctx.request(`/api/admin/orders/${order.id}`, { browser: admin })).json()) as OrderDetail;
    // Less than the total: the order says it was partially refunded (decision 044).
    expect(detail.status).toBe("partially_refunded");
    expect(detail.history.filter((entry) => entry.toStatus === "partially_refunded")).toEqual([
      expect.objectContaining({ note: "Reembolso parcial registrado: R$\u00a075,50. Item avariado" }),
    ]);
    const told = await ctx.t.db.select().from(notifications).where(eq(notifications.orderId, order.id));
    expect(told).toEqual([expect.objectContaining({ userId: customerId, title: `Pedido #${order.number}: reembolso registrado` })]);
    expect(told[0]!.content).toContain("R$\u00a075,50");
    expect((await auditOf(order.id)).filter((entry) => entry.action === "order.refund")).toEqual([
      expect.objectContaining({
        actorEmail: ADMIN_EMAIL,
        before: expect.objectContaining({ status: "delivered", refundCents: null }),
        after: expect.objectContaining({ status: "partially_refunded", refundCents: 7_550, note: "Item avariado" }),
      }),
    ]);
  });

  it("takes the whole total with its freight, and refunds a paid order the shop cancelled without changing its status", async () => {
    const whole = await seedOrder({ status: "paid", totalCents: 15_000, shippingCents: 3_000 });
    expect((await ctx.request(`/api/admin/orders/${whole.id}/refund`, { browser: admin, json: { amountCents: 15_000 } })).status).toBe(200);
    const [row] = await ctx.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, whole.id));
    expect(row).toMatchObject({ amountCents: 15_000, shippingCents: 3_000 });

    const cancelled = await seedOrder({ status: "paid", totalCents: 9_000 });
    expect(
      (await ctx.request(`/api/admin/orders/${cancelled.id}/cancel`, { browser: admin, json: { reason: "Sem estoque" } })).status,
    ).toBe(200);
    const refunded = await ctx.request(`/api/admin/orders/${cancelled.id}/refund`, { browser: admin, json: { amountCents: 9_000 } });
    expect(refunded.status).toBe(200);
    const detail = (await refunded.json()) as OrderDetail;
    expect(detail.status).toBe("cancelled");
    expect(detail.refund?.amountCents).toBe(9_000);
    expect(detail.history.at(-1)).toMatchObject({
      fromStatus: "cancelled",
      toStatus: "cancelled",
      note: "Reembolso registrado: R$\u00a090,00",
    });
  });

  it("refuses more than the total, nothing, fractions and unpaid orders with a Portuguese 4xx, and records nothing", async () => {
    const order = await seedOrder({ status: "shipped", totalCents: 10_000 });
    const refund = (json: unknown, id = order.id) => ctx.request(`/api/admin/orders/${id}/refund`, { browser: admin, json });
    expect(await errorOf(await refund({ amountCents: 10_001 }))).toMatchObject({
      status: 400,
      code: "refund_over_total",
      message: "O reembolso não pode passar do total do pedido, R$\u00a0100,00.",
    });
    expect(await errorOf(await refund({ amountCents: 0 }))).toMatchObject({
      status: 400,
      message: expect.stringContaining("maior que zero"),
    });
    expect(await errorOf(await refund({ amountCents: 10.5 }))).toMatchObject({
      status: 400,
      message: expect.stringContaining("centavos inteiros"),
    });
    expect(await errorOf(await refund({}))).toMatchObject({
      status: 400,
      message: expect.stringContaining("Informe o valor do reembolso"),
    });
    const unpaid = await seedOrder();
    expect(await errorOf(await refund({ amountCents: 100 }, unpaid.id))).toMatchObject({ status: 409, code: "not_paid" });
    const expired = await seedOrder({ status: "cancelled", paidAt: null });
    expect(await errorOf(await refund({ amountCents: 100 }, expired.id))).toMatchObject({
      status: 409,
      message: "Este pedido foi cancelado sem pagamento: não há o que reembolsar.",
    });
    for (const id of [order.id, unpaid.id, expired.id]) {
      expect(await ctx.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id))).toEqual([]);
      expect(await auditOf(id)).toEqual([]);
    }
  });
});

describe("the audit log of each order action", () => {
  it("records confirm payment, move status, tracking, cancel with its reason and refund, with who and before/after", async () => {
    const shipped = await seedOrder();
    const post = (id: string, path: string, json: unknown = {}) => ctx.request(`/api/admin/orders/${id}/${path}`, { browser: admin, json });
    expect((await post(shipped.id, "confirm-payment")).status).toBe(200);
    expect((await post(shipped.id, "status", { status: "preparing" })).status).toBe(200);
    expect((await post(shipped.id, "tracking", { trackingCode: "AA123456785BR" })).status).toBe(200);
    expect((await post(shipped.id, "refund", { amountCents: 1_000 })).status).toBe(200);
    const cancelled = await seedOrder({ status: "paid" });
    expect((await post(cancelled.id, "cancel", { reason: "Pedido duplicado" })).status).toBe(200);

    const entries = (await auditOf(shipped.id)).reverse();
    expect(
      entries.map((entry) => [entry.action, (entry.before as { status: string }).status, (entry.after as { status: string }).status]),
    ).toEqual([
      ["order.confirm_payment", "pending_payment", "paid"],
      ["order.move_status", "paid", "preparing"],
      ["order.add_tracking", "preparing", "shipped"],
      ["order.refund", "shipped", "partially_refunded"],
    ]);
    expect(entries.every((entry) => entry.actorEmail === ADMIN_EMAIL)).toBe(true);
    expect(entries[2]!.after).toMatchObject({ trackingCode: "AA123456785BR" });
    expect(entries[3]!.after).toMatchObject({ refundCents: 1_000 });
    expect(await auditOf(cancelled.id)).toEqual([
      expect.objectContaining({
        action: "order.cancel",
        after: expect.objectContaining({ status: "cancelled", cancelReason: "Pedido duplicado" }),
      }),
    ]);
  });
});

describe("access", () => {
  it("answers 401 to a visitor and 403 to a customer on every admin order and return operation", async () => {
    const order = await seedOrder({ status: "delivered" });
    const visitor = new Browser("203.0.113.232");
    const calls: Array<[string, unknown]> = [
      ["/api/admin/orders", undefined],
      ["/api/admin/orders?q=Maria", undefined],
      ["/api/admin/orders.csv", undefined],
      [`/api/admin/orders/${order.id}`, undefined],
      [`/api/admin/orders/${order.id}/refund`, { amountCents: 100 }],
      [`/api/admin/orders/${order.id}/cancel`, { reason: "x" }],
      ["/api/admin/returns", undefined],
      [`/api/admin/returns/${order.id}/accept`, {}],
      [`/api/admin/returns/${order.id}/reply`, { message: "Olá" }],
    ];
    for (const [path, json] of calls) {
      const anonymous = await errorOf(await ctx.request(path, { browser: visitor, json }));
      expect(anonymous, path).toMatchObject({ status: 401, code: "unauthorized" });
      const asCustomer = await errorOf(await ctx.request(path, { browser: customer, json }));
      expect(asCustomer, path).toMatchObject({ status: 403, code: "forbidden", message: "Acesso restrito a administradores." });
    }
    expect(await ctx.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([]);
  });
});

describe("a refused status change", () => {
  it("names the statuses as the admin reads them, never their code names (issue 20)", async () => {
    const order = await seedOrder({ status: "delivered", totalCents: 5_000, userId: customerId });
    const refused = await errorOf(
      await ctx.request(`/api/admin/orders/${order.id}/status`, { browser: admin, json: { status: "shipped" } }),
    );
    expect(refused).toEqual({
      status: 409,
      code: "invalid_transition",
      message: "Não é possível mudar o pedido de \u201cEntregue\u201d para \u201cEnviado\u201d.",
    });
  });
});
